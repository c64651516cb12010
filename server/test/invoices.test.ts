import { Code } from '@kayuh/contract/codes';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from './pdfText.ts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { paymentOrders, printRecords } from '../src/db/schema.ts';
import { includedTax } from '../src/modules/payment/invoices.ts';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';

/** Invoices over a member's paid orders: requested, issued as a PDF with the operator's tax details, printed, voided. */
const t = useTestApp();
const db = () => t.database.db as Db;

/** Two paid demo orders of one KitaBike member, nowhere invoiced yet. */
async function paidPair(skip = 0) {
  const [m] = rowsOf<{ member_id: string | number }>(
    await db().execute(sql`SELECT member_id FROM payment_orders WHERE tenant_id = 2 AND status = 2 AND refunded_amount = 0
      GROUP BY member_id HAVING count(*) >= 2 ORDER BY member_id OFFSET ${skip} LIMIT 1`),
  );
  return db()
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.memberId, Number(m!.member_id)), eq(paymentOrders.status, 2), eq(paymentOrders.refundedAmount, 0)))
    .orderBy(paymentOrders.id)
    .limit(2);
}

const request = async (body: Record<string, unknown>) =>
  t.call('POST', '/api/payment/invoice/add', { headers: await t.signIn('kitabike.fin.01'), body });
const fire = async (name: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/payment/invoice/${name}`, { headers: await t.signIn('kitabike.fin.01'), body });
const pdf = async (invoiceId: number, userName = 'kitabike.fin.01') =>
  t.app.inject({ method: 'GET', url: `/api/payment/invoice/${invoiceId}/pdf`, headers: await t.signIn(userName) });

describe('invoices', () => {
  it('covers one member’s paid orders with the VAT in them, and issues a PDF with the operator’s tax details', async () => {
    const [a, b] = await paidPair();
    const asked = await request({
      kind: '1',
      payNos: `${a!.payNo},\n${b!.payNo}`,
      buyerName: 'PT Maju Bersama',
      npwp: '01.234.567.8-901.000',
      email: 'finance@maju.co.id',
    });
    expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
    const total = a!.amount + b!.amount;
    expect(asked.data).toMatchObject({
      status: 0,
      buyerType: 1,
      buyerId: a!.memberId,
      amount: total,
      tax: includedTax(total, 1100),
      taxRateBp: 1100,
      currency: 'IDR',
    });
    expect(asked.data.invoiceNo).toMatch(/^INV\d{14}$/);
    expect(includedTax(111_000, 1100)).toBe(11_000);

    // Not issued yet: no PDF.
    expect((await pdf(asked.data.invoiceId)).json().code).toBe(Code.transitionNotAllowed);
    const issued = await fire('issue', { invoiceId: asked.data.invoiceId, version: asked.data.version });
    expect(issued.code, JSON.stringify(issued)).toBe(Code.ok);

    const file = await pdf(asked.data.invoiceId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const bytes = file.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const text = pdfText(bytes);
    for (const shown of [
      'PT Sepeda Kita Nusantara',
      'NPWP 02.345.678.9-071.000',
      'NIB 9120001234567',
      asked.data.invoiceNo,
      a!.payNo,
      b!.payNo,
      'PT Maju Bersama',
    ])
      expect(text).toContain(shown);
    expect(text).toContain(`Rp ${total.toLocaleString('en-US')}`);

    // The download is a print, on the print list.
    const [printed] = await db().select().from(printRecords).where(eq(printRecords.refNo, asked.data.invoiceNo));
    expect(printed).toMatchObject({ docType: 2, refType: 'invoice', copies: 1 });
    const list = await t.call('POST', '/api/payment/printRecord/list', {
      headers: await t.signIn('kitabike.fin.01'),
      body: { refNo: asked.data.invoiceNo },
    });
    expect(list.rows).toEqual([expect.objectContaining({ refNo: asked.data.invoiceNo, docType: 2, printedByLabel: expect.any(String) })]);

    // Another operator's staff cannot read it.
    expect((await pdf(asked.data.invoiceId, 'gowesbali.admin')).json().code).toBe(Code.notFound);
  });

  it('refuses an order another live invoice holds, of another member, or unknown; a voided invoice lets its orders go', async () => {
    const [a, b] = await paidPair(1);
    const [c] = await paidPair(2);
    const first = await request({ kind: '2', payNos: a!.payNo, buyerName: 'Budi', email: 'budi@example.id' });
    expect(first.code).toBe(Code.ok);
    const again = await request({ kind: '2', payNos: `${b!.payNo} ${a!.payNo}`, buyerName: 'Budi', email: 'budi@example.id' });
    expect(again.code).toBe(Code.validation);
    expect(again.msg).toContain(first.data.invoiceNo);
    expect((await request({ kind: '2', payNos: `${b!.payNo},${c!.payNo}`, buyerName: 'Budi', email: 'budi@example.id' })).code).toBe(Code.validation);
    expect((await request({ kind: '2', payNos: 'PY26010100000000', buyerName: 'Budi', email: 'budi@example.id' })).code).toBe(Code.validation);
    expect((await request({ kind: '2', payNos: 'not a number', buyerName: 'Budi', email: 'budi@example.id' })).code).toBe(Code.validation);

    await fire('issue', { invoiceId: first.data.invoiceId, version: 0 });
    const voided = await fire('void', { invoiceId: first.data.invoiceId, version: 1 });
    expect(voided.code, JSON.stringify(voided)).toBe(Code.ok);
    expect(pdfText((await pdf(first.data.invoiceId)).rawPayload)).toContain('VOID');
    const reissued = await request({ kind: '2', payNos: a!.payNo, buyerName: 'Budi', email: 'budi@example.id' });
    expect(reissued.code).toBe(Code.ok);
    const rejected = await fire('reject', { invoiceId: reissued.data.invoiceId, version: 0, reason: 'The buyer asked for a receipt per ride' });
    expect(rejected.code).toBe(Code.ok);
  });

  it('gives an order to one of twenty requests naming it at once', async () => {
    const [a] = await paidPair(3);
    const headers = await t.signIn('kitabike.fin.01');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/payment/invoice/add', { headers, body: { kind: '2', payNos: a!.payNo, buyerName: 'Race', email: 'race@example.id' } }),
      ),
    );
    expect(answers.filter((r) => r.code === Code.ok)).toHaveLength(1);
    expect(answers.every((r) => r.code === Code.ok || r.code === Code.validation)).toBe(true);
  });
});
