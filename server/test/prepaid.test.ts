import { Code } from '@kayuh/contract/codes';
import { adminCatalogue } from '@kayuh/contract/i18n/index';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  accounts,
  apiLogs,
  ledgerEntries,
  ledgerTransactions,
  messageDeliveries,
  paymentChannels,
  prepaidOrders,
  refunds,
} from '../src/db/schema.ts';
import { iakSign } from '../src/modules/payment/gateways/iak.ts';
import { useTestApp } from './harness.ts';

/** A member buys PLN tokens and pulsa from the wallet through the demo's IAK sandbox (DOMAIN §3.10, §4.4). */
const t = useTestApp();
const APP = { 'tenant-code': 'KITABIKE' };
const db = () => t.database.db as Db;
let keySeq = 0;
const newKey = () => `prepaid-key-${Date.now()}-${keySeq++}`;

async function signInMember() {
  await t.call('POST', '/api/app/auth/otp/send', { headers: APP, body: { phone: '+6280000000001' } });
  const res = await t.call('POST', '/api/app/auth/otp/verify', { headers: APP, body: { phone: '+6280000000001', code: '123456' } });
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  return { ...APP, authorization: `Bearer ${res.data.token}` };
}

const staff = () => t.signIn('kitabike.admin');
/** A field error as the member reads it (their language: Indonesian). */
const says = (key: string) => adminCatalogue[key]!.id;
const wallet = async (member: Record<string, string>) => (await t.call('GET', '/api/app/wallet', { headers: member })).data.wallet as number;

/** Tops the wallet up through the sandbox QRIS: the app's order, then the gateway paying it. */
async function fund(member: Record<string, string>, amount: number) {
  const started = await t.call('POST', '/api/app/wallet/topup', {
    headers: { ...member, 'idempotency-key': newKey() },
    body: { amount, channelCode: 'QRIS' },
  });
  expect(started.code, JSON.stringify(started)).toBe(Code.ok);
  const paid = await t.call('POST', '/api/payment/sandbox/settle', { headers: await staff(), body: { payNo: started.data.payNo, outcome: 'paid' } });
  expect(paid.data.delivered).toBe(true);
}

const buy = (member: Record<string, string>, body: Record<string, unknown>, key = newKey()) =>
  t.call('POST', '/api/app/prepaid/orders', { headers: { ...member, 'idempotency-key': key }, body });

const settle = async (orderNo: string, outcome: 'success' | 'failed' | 'stuck') =>
  t.call('POST', '/api/payment/sandbox/prepaid', { headers: await staff(), body: { orderNo, outcome } });

const orderOf = async (orderNo: string) => (await db().select().from(prepaidOrders).where(eq(prepaidOrders.orderNo, orderNo)))[0]!;

/** An order's postings as [kind, account code, direction, amount], in order: its own and its refund's. */
async function postingsOf(orderId: number) {
  const refundIds = (
    await db()
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.bizType, 'prepaid_order'), eq(refunds.bizId, orderId)))
  ).map((r) => r.id);
  const txns = db()
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.tenantId, 2),
        or(
          and(eq(ledgerTransactions.bizType, 'prepaid_order'), eq(ledgerTransactions.bizId, orderId)),
          refundIds.length ? and(eq(ledgerTransactions.bizType, 'refund'), inArray(ledgerTransactions.bizId, refundIds)) : undefined,
        ),
      ),
    );
  const rows = await db()
    .select({ kind: ledgerTransactions.kind, code: accounts.code, direction: ledgerEntries.direction, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txnId))
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerEntries.txnId, txns))
    .orderBy(ledgerEntries.id);
  return rows.map((r) => [r.kind, r.code, r.direction, r.amount]);
}

describe('prepaid products and purchases', () => {
  it('lists what is on sale at face value plus the admin fee, cheapest first', async () => {
    const member = await signInMember();
    const pln = await t.call('GET', '/api/app/prepaid/products?kind=pln', { headers: member });
    expect(pln.code, JSON.stringify(pln)).toBe(Code.ok);
    expect(pln.data.map((p: { productCode: string; sellPrice: number }) => [p.productCode, p.sellPrice])).toEqual([
      ['hpln20000', 21_500],
      ['hpln50000', 51_500],
      ['hpln100000', 101_500],
    ]);
    const pulsa = await t.call('GET', '/api/app/prepaid/products?kind=pulsa', { headers: member });
    expect(pulsa.data).toEqual([{ productCode: 'xld25000', kind: 'pulsa', description: 'XL', nominal: 25_000, sellPrice: 26_500, currency: 'IDR' }]);
    expect((await t.call('GET', '/api/app/prepaid/products?kind=gas', { headers: member })).code).toBe(Code.validation);
  });

  it('a PLN token: the wallet pays at once, IAK delivers, and the token, the books and the SMS follow (DOMAIN §4.4)', async () => {
    const member = await signInMember();
    await fund(member, 50_000);
    const before = await wallet(member);
    const placed = await buy(member, { productCode: 'hpln20000', customerId: '5123 4567 890' });
    expect(placed.code, JSON.stringify(placed)).toBe(Code.ok);
    expect(placed.data).toMatchObject({ kind: 'pln', customerId: '51234567890', sellPrice: 21_500, status: 0, token: null });
    expect(await wallet(member)).toBe(before - 21_500);
    const order = await orderOf(placed.data.orderNo);
    expect(order).toMatchObject({ refId: placed.data.orderNo, trId: expect.any(String), rc: '39', price: 20_500, adminFee: 1_500 });

    const sent = await settle(placed.data.orderNo, 'success');
    expect(sent.data).toMatchObject({ delivered: true, outcome: 'accepted' });
    const shown = await t.call('GET', `/api/app/prepaid/orders/${placed.data.orderNo}`, { headers: member });
    expect(shown.data.status).toBe(1);
    expect(shown.data.token).toMatch(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/);
    expect(await postingsOf(order.id)).toEqual([
      ['PREPAID', 'WALLET', 'D', 21_500],
      ['PREPAID', 'PREPAID_IN_TRANSIT', 'C', 21_500],
      ['PREPAID', 'PREPAID_IN_TRANSIT', 'D', 21_500],
      ['PREPAID', 'IAK_DEPOSIT', 'C', 20_500],
      ['PREPAID', 'REV_FEE', 'C', 1_000],
    ]);
    const [sms] = await db()
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.templateCode, 'prepaid.token'), sql`${messageDeliveries.params}->>'orderNo' = ${order.orderNo}`));
    expect(sms).toMatchObject({ channel: 3, status: 0, toAddress: '+6280000000001' });
    expect((sms!.params as { token: string }).token).toBe(shown.data.token.replaceAll(' ', ''));

    // IAK's callback again, as it sent it: taken, nothing moves twice.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/IAK',
      headers: sent.data.notification.headers,
      payload: sent.data.notification.body,
    });
    expect(again.json()).toMatchObject({ code: Code.ok, data: { outcome: 'duplicate' } });
    expect(await postingsOf(order.id)).toHaveLength(5);
    expect(await wallet(member)).toBe(before - 21_500);
  });

  it('pulsa IAK fails: the order fails and the wallet is refunded at once by a system refund (reason 6)', async () => {
    const member = await signInMember();
    await fund(member, 30_000);
    const before = await wallet(member);
    const placed = await buy(member, { productCode: 'xld25000', customerId: '+62 817-7772-15' });
    expect(placed.data).toMatchObject({ customerId: '0817777215', status: 0 });
    await settle(placed.data.orderNo, 'failed');
    const order = await orderOf(placed.data.orderNo);
    expect(order).toMatchObject({ status: 2, rc: '07' });
    const [refund] = await db().select().from(refunds).where(eq(refunds.id, order.refundId!));
    expect(refund).toMatchObject({
      reason: 6,
      destination: 2,
      status: 3,
      requestedByType: 3,
      amount: 26_500,
      bizType: 'prepaid_order',
      bizId: order.id,
    });
    expect(await wallet(member)).toBe(before);
    expect(await postingsOf(order.id)).toEqual([
      ['PREPAID', 'WALLET', 'D', 26_500],
      ['PREPAID', 'PREPAID_IN_TRANSIT', 'C', 26_500],
      ['REFUND_START', 'PREPAID_IN_TRANSIT', 'D', 26_500],
      ['REFUND_START', 'REFUND_IN_TRANSIT', 'C', 26_500],
      ['REFUND_DONE', 'REFUND_IN_TRANSIT', 'D', 26_500],
      ['REFUND_DONE', 'WALLET', 'C', 26_500],
    ]);
  });

  it('refuses a wrong number, an unknown product and an empty wallet, and debits nothing', async () => {
    const member = await signInMember();
    const before = await wallet(member);
    const meter = await buy(member, { productCode: 'hpln20000', customerId: '12345' });
    expect(meter).toMatchObject({ code: Code.validation, data: { fields: { customerId: says('prepaid.meterNumber') } } });
    const phone = await buy(member, { productCode: 'xld25000', customerId: '0217654321' });
    expect(phone).toMatchObject({ code: Code.validation, data: { fields: { customerId: says('validation.phone') } } });
    const unknown = await buy(member, { productCode: 'hpln999', customerId: '51234567890' });
    expect(unknown).toMatchObject({ code: Code.validation, data: { fields: { productCode: says('prepaid.productUnavailable') } } });
    expect(before).toBeLessThan(101_500);
    const rich = await buy(member, { productCode: 'hpln100000', customerId: '51234567890' });
    expect(rich.code).toBe(Code.insufficientBalance);
    expect(await wallet(member)).toBe(before);
    const rows = await db().select().from(prepaidOrders).where(eq(prepaidOrders.customerId, '12345'));
    expect(rows).toEqual([]);
  });

  it('refuses a forged callback, and a signed one names no outcome the order takes without IAK confirming it', async () => {
    const member = await signInMember();
    await fund(member, 25_000);
    const placed = await buy(member, { productCode: 'hpln20000', customerId: '51234567891' });
    const order = await orderOf(placed.data.orderNo);
    const [channel] = await db()
      .select()
      .from(paymentChannels)
      .where(and(eq(paymentChannels.tenantId, 2), eq(paymentChannels.channelCode, 'IAK')));
    const body = (sign: string) =>
      JSON.stringify({
        data: {
          ref_id: order.refId,
          status: '1',
          rc: '00',
          message: 'SUCCESS',
          sn: '1234-5678-9012-3456-7890/X/R1/1300/10',
          tr_id: order.trId,
          price: '20500',
          sign,
        },
      });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/IAK',
      headers: { 'content-type': 'application/json' },
      payload: body('0'.repeat(32)),
    });
    expect(forged.json()).toMatchObject({ code: Code.forbidden, data: { outcome: 'refused_signature' } });

    // Signed with the right key, but IAK still says processing: the order waits (a callback alone proves nothing).
    const { SecretStore } = await import('../src/modules/payment/secrets.ts');
    const apiKey = new SecretStore({}, t.services.config.dataDir).get('DEMO_IAK').serverKey;
    const signed = body(iakSign({ username: channel!.providerMerchantId!, apiKey }, order.refId));
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/IAK',
      headers: { 'content-type': 'application/json' },
      payload: signed,
    });
    expect(early.json()).toMatchObject({ code: Code.ok, data: { outcome: 'pending' } });
    expect(await orderOf(placed.data.orderNo)).toMatchObject({ status: 0, sn: null, callbackAt: expect.any(Date) });
    const logs = await db()
      .select()
      .from(apiLogs)
      .where(and(eq(apiLogs.refNo, order.orderNo), eq(apiLogs.direction, 2)));
    expect(logs.map((l) => l.outcome).sort()).toEqual(['pending', 'refused_signature']);

    // IAK delivers, and sends its callback twenty times at once: one delivery posting.
    const sent = await settle(placed.data.orderNo, 'success');
    const repeats = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/pay/notify/IAK', headers: sent.data.notification.headers, payload: sent.data.notification.body }),
      ),
    );
    expect(repeats.every((r) => r.json().code === Code.ok)).toBe(true);
    const delivered = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tenantId, 2), eq(ledgerTransactions.idempotencyKey, `prepaid:${order.orderNo}:success`)));
    expect(delivered).toHaveLength(1);
  });

  it('the same key twenty times at once buys once; twenty keys at once never overdraw the wallet', async () => {
    const member = await signInMember();
    await fund(member, 100_000);
    const start = await wallet(member);
    const key = newKey();
    const same = await Promise.all(Array.from({ length: 20 }, () => buy(member, { productCode: 'hpln20000', customerId: '51234567892' }, key)));
    const numbers = new Set(same.filter((r) => r.code === Code.ok).map((r) => r.data.orderNo));
    expect(numbers.size).toBe(1);
    expect(same.every((r) => r.code === Code.ok || r.code === Code.transitionNotAllowed)).toBe(true);
    expect(await wallet(member)).toBe(start - 21_500);

    const left = await wallet(member);
    const many = await Promise.all(Array.from({ length: 20 }, () => buy(member, { productCode: 'hpln20000', customerId: '51234567893' })));
    const bought = many.filter((r) => r.code === Code.ok).length;
    expect(bought).toBe(Math.floor(left / 21_500));
    expect(many.filter((r) => r.code !== Code.ok).every((r) => r.code === Code.insufficientBalance)).toBe(true);
    expect(await wallet(member)).toBe(left - bought * 21_500);
    const orders = await db().select().from(prepaidOrders).where(eq(prepaidOrders.customerId, '51234567893'));
    expect(orders).toHaveLength(bought);
  });
});
