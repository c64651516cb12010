import { INVOICE_ORDERS_MAX, InvoiceBuyer, type InvoiceOrder } from '@kayuh/contract/api/invoices';
import { PaymentStatus } from '@kayuh/contract/api/wallet';
import { Code } from '@kayuh/contract/codes';
import { invoiceResource } from '@kayuh/contract/resources/invoices';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countryCurrencies, invoices, paymentOrders, tenants } from '../../db/schema.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { BizError } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { rowsOf } from '../../platform/rows.ts';
import type { InvoiceSeller } from './invoicePdf.ts';

const PAID: number[] = [PaymentStatus.paid, PaymentStatus.partiallyRefunded, PaymentStatus.refunded];
/** Invoices that hold their orders: requested or issued (a rejected or voided one lets them go). */
const HOLDING = [0, 1];

/** 2001 on the order numbers, saying which one and why. */
const refuse = (msgKey: string, params: Record<string, string | number>) =>
  new BizError(Code.validation, msgKey, { fields: { payNos: msgKey } }, params);

/** The VAT inside a tax-inclusive amount, rounded half up to the smallest unit (DOMAIN §0.3). */
export const includedTax = (amount: number, rateBp: number) => Math.floor((amount * rateBp * 2 + (10_000 + rateBp)) / (2 * (10_000 + rateBp)));

/** The operator's tax rate for a currency: its country's (country_currencies.tax_rate_bp), none if unset. */
async function taxRateOf(tx: Db, tenantId: number, currency: string): Promise<number> {
  const [row] = await tx
    .select({ rate: countryCurrencies.taxRateBp })
    .from(tenants)
    .innerJoin(countryCurrencies, and(eq(countryCurrencies.countryId, tenants.countryId), eq(countryCurrencies.currencyCode, currency)))
    .where(and(eq(tenants.id, tenantId), sql`${countryCurrencies.deletedAt} IS NULL`));
  return row?.rate ?? 0;
}

/** The operator as it stands now, to be kept on the invoice it issues. */
async function sellerOf(tx: Db, tenantId: number): Promise<InvoiceSeller> {
  const [t] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  return {
    companyName: t!.companyName,
    brandName: t!.brandName,
    address: t!.address,
    npwp: t!.npwp,
    licenseNumber: t!.licenseNumber,
    email: t!.email,
    contactPhone: t!.contactPhone,
  };
}

/**
 * The paid orders an invoice request names, as it will cover them: all of one member, paid, not fully refunded (what
 * was refunded is not invoiced), and held by no other live invoice. The orders are locked while this is decided, so two
 * requests naming the same order cannot both take it.
 */
async function ordersFor(tx: Db, tenantId: number, written: string) {
  const nos = [...new Set(written.split(/[\s,;]+/).filter(Boolean))];
  if (nos.length > INVOICE_ORDERS_MAX) throw refuse('invoice.tooManyOrders', { max: INVOICE_ORDERS_MAX });
  const rows = await tx
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.tenantId, tenantId), inArray(paymentOrders.payNo, nos)))
    .orderBy(paymentOrders.id)
    .for('update');
  const missing = nos.find((no) => !rows.some((r) => r.payNo === no));
  if (missing) throw refuse('invoice.orderUnknown', { payNo: missing });
  const unpaid = rows.find((r) => !PAID.includes(r.status));
  if (unpaid) throw refuse('invoice.orderNotPaid', { payNo: unpaid.payNo });
  const refunded = rows.find((r) => r.amount - r.refundedAmount <= 0);
  if (refunded) throw refuse('invoice.orderRefunded', { payNo: refunded.payNo });
  if (new Set(rows.map((r) => r.memberId)).size !== 1 || rows[0]!.memberId === null) throw refuse('invoice.oneBuyer', {});
  if (new Set(rows.map((r) => r.currency)).size !== 1) throw refuse('invoice.oneCurrency', {});
  const [held] = rowsOf<{ invoice_no: string; no: string }>(
    await tx.execute(sql`
      SELECT i.invoice_no, o->>'no' AS no FROM invoices i, jsonb_array_elements(i.orders) o
       WHERE i.tenant_id = ${tenantId} AND i.deleted_at IS NULL AND i.status IN (${sql.join(
         HOLDING.map((s) => sql`${s}`),
         sql`, `,
       )})
         AND (o->>'id')::bigint IN (${sql.join(
           rows.map((r) => sql`${r.id}`),
           sql`, `,
         )})
       LIMIT 1`),
  );
  if (held) throw refuse('invoice.orderInvoiced', { payNo: held.no, invoiceNo: held.invoice_no });
  return rows.toSorted((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0));
}

/**
 * Invoices (DOMAIN §2.7): a request names the buyer's paid orders by their payment numbers; the server takes the
 * buyer (their member), the amounts (less what was refunded) and the VAT included in them at the country's rate.
 * Issuing keeps the operator's name and tax ids on the invoice as they stand then; its PDF is read from them.
 */
export const invoiceBinding = bindResource(invoiceResource, invoices, {
  async check({ tx, mode, tenantId, body, values }) {
    if (mode !== 'add') return;
    const orders = await ordersFor(tx, tenantId, String(body.payNos ?? ''));
    const currency = orders[0]!.currency.trim();
    const covered: InvoiceOrder[] = orders.map((o) => ({
      type: 'payment_order',
      id: o.id,
      no: o.payNo,
      amount: o.amount - o.refundedAmount,
      paidAt: (o.paidAt ?? o.createdAt).toISOString(),
    }));
    const amount = covered.reduce((sum, o) => sum + o.amount, 0);
    const taxRateBp = await taxRateOf(tx, tenantId, currency);
    const { id, no } = await nextBusinessNo(tx, 'invoices', 'INV');
    Object.assign(values, {
      id,
      invoiceNo: no,
      buyerType: InvoiceBuyer.member,
      buyerId: orders[0]!.memberId,
      orders: covered,
      amount,
      tax: includedTax(amount, taxRateBp),
      taxRateBp,
      currency,
      status: 0,
    });
  },
  events: {
    issue: {
      set: async (ctx) => ({
        issuedAt: new Date(),
        seller: await sellerOf(ctx.tx, ctx.tenantId),
        fileUrl: `/api/payment/invoice/${ctx.current!.id}/pdf`,
      }),
    },
    reject: { set: (ctx) => ({ rejectReason: String(ctx.event!.payload.reason ?? '').slice(0, 300) }) },
  },
});
