import { Code } from '@kayuh/contract/codes';
import { parseQris } from '@kayuh/contract/rules/qris';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { alarms, apiLogs, ledgerTransactions, paymentOrders, qrisOrders, topupPackages } from '../src/db/schema.ts';
import { midtransSignature } from '../src/modules/payment/gateways/midtrans.ts';
import { expireUnpaidOrders } from '../src/modules/payment/expiry.ts';
import { SecretStore } from '../src/modules/payment/secrets.ts';
import { useTestApp } from './harness.ts';

/** A member tops up through the demo QRIS channel (Midtrans's format): the app API, then the gateway's notification. */
const t = useTestApp();
const APP = { 'tenant-code': 'KITABIKE' };
const db = () => t.database.db as Db;
let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${keySeq++}`;

async function signInMember(phone = '+6280000000001', code = '123456') {
  // The operator's test number: no code is sent, its fixed code signs in (after a send, as in the app).
  await t.call('POST', '/api/app/auth/otp/send', { headers: APP, body: { phone } });
  const res = await t.call('POST', '/api/app/auth/otp/verify', { headers: APP, body: { phone, code } });
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  return { ...APP, authorization: `Bearer ${res.data.token}` };
}

const topUp = (member: Record<string, string>, body: Record<string, unknown>, key = newKey()) =>
  t.call('POST', '/api/app/wallet/topup', { headers: { ...member, 'idempotency-key': key }, body });

const pay = async (payNo: string, outcome = 'paid') => {
  const staff = await t.signIn('kitabike.admin');
  return t.call('POST', '/api/payment/sandbox/settle', { headers: staff, body: { payNo, outcome } });
};

const deliver = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/QRIS', headers, payload: body }).then((r) => ({ status: r.statusCode, ...r.json() }));

const topUpTxns = (orderId: number) =>
  db()
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.bizType, 'payment_order'), eq(ledgerTransactions.bizId, orderId)));

const orderOf = async (payNo: string) => (await db().select().from(paymentOrders).where(eq(paymentOrders.payNo, payNo)))[0]!;

/** A Midtrans notification for an order, signed with the demo channel's server key (as the sandbox signs it). */
function signed(payNo: string, grossAmount: string, status = 'settlement', statusCode = '200') {
  const { serverKey } = new SecretStore({}, t.services.config.dataDir).get('DEMO_QRIS');
  return JSON.stringify({
    transaction_time: '2026-11-26 10:00:00',
    transaction_status: status,
    transaction_id: `tx-${payNo}`,
    status_code: statusCode,
    signature_key: midtransSignature(payNo, statusCode, grossAmount, serverKey),
    payment_type: 'qris',
    order_id: payNo,
    merchant_id: 'G141532850',
    gross_amount: grossAmount,
    fraud_status: 'accept',
    currency: 'IDR',
    acquirer: 'gopay',
  });
}

describe('a top-up through the sandbox QRIS', () => {
  it('gives a real QRIS code, and the paid notification credits the wallet and the package bonus', async () => {
    const member = await signInMember();
    const before = (await t.call('GET', '/api/app/wallet', { headers: member })).data;
    const [pkg] = await db()
      .select()
      .from(topupPackages)
      .where(and(eq(topupPackages.tenantId, 2), eq(topupPackages.amount, 50_000)));
    const started = await topUp(member, { amount: 50_000, channelCode: 'QRIS', packageId: pkg!.id });
    expect(started.code, JSON.stringify(started)).toBe(Code.ok);
    expect(started.data).toMatchObject({ amount: 50_000, bonus: 5_000, currency: 'IDR', status: 1, pay: { kind: 'qris' } });
    const qr = parseQris(started.data.pay.payload);
    expect(qr).toMatchObject({ amountRupiah: 50_000, crcValid: true });
    const [code] = await db().select().from(qrisOrders).where(eq(qrisOrders.qrPayload, started.data.pay.payload));
    expect(code).toMatchObject({ status: 0, amount: 50_000, nmid: qr.nmid });

    // The charge is in the interface log, its request and answer, with no secret in it.
    const [call] = await db()
      .select()
      .from(apiLogs)
      .where(and(eq(apiLogs.refNo, started.data.payNo), eq(apiLogs.direction, 1)));
    expect(call).toMatchObject({ provider: 'midtrans', endpoint: 'POST /v2/charge', httpStatus: 200, outcome: 'ok' });
    expect(JSON.stringify(call!.requestHeaders)).not.toMatch(/authorization/i);

    const paid = await pay(started.data.payNo);
    expect(paid.data).toMatchObject({ delivered: true, outcome: 'accepted' });
    const after = (await t.call('GET', '/api/app/wallet', { headers: member })).data;
    expect(after).toEqual({ currency: 'IDR', wallet: before.wallet + 50_000, bonus: before.bonus + 5_000, debt: 0 });
    const order = await orderOf(started.data.payNo);
    expect(order).toMatchObject({ status: 2, paidAt: expect.any(Date) });
    expect((await db().select().from(qrisOrders).where(eq(qrisOrders.paymentOrderId, order.id)))[0]).toMatchObject({ status: 1 });

    const statement = (await t.call('GET', '/api/app/wallet/statement?size=2', { headers: member })).data;
    expect(statement.rows.map((r: { account: string; amount: number }) => [r.account, r.amount])).toEqual(
      expect.arrayContaining([
        ['WALLET', 50_000],
        ['BONUS', 5_000],
      ]),
    );
  });

  it.each([
    ['VA_BNI', 'xendit', 'va'],
    ['EW_OVO', 'xendit', 'push'],
    ['VA_BCA', 'midtrans', 'va'],
    ['EW_GOPAY', 'midtrans', 'redirect'],
  ])('through %s (%s): what the app shows, and the paid notification credits the wallet', async (channelCode, _provider, kind) => {
    const member = await signInMember();
    const before = (await t.call('GET', '/api/app/wallet', { headers: member })).data;
    const started = await topUp(member, { amount: 25_000, channelCode });
    expect(started.code, JSON.stringify(started)).toBe(Code.ok);
    expect(started.data.pay.kind).toBe(kind);
    const paid = await pay(started.data.payNo);
    expect(paid.data, JSON.stringify(paid)).toMatchObject({ delivered: true, outcome: 'accepted' });
    expect((await t.call('GET', '/api/app/wallet', { headers: member })).data.wallet).toBe(before.wallet + 25_000);
  });

  it('answers a repeated key with the same order, and a reused key with another body with 2010', async () => {
    const member = await signInMember();
    const key = newKey();
    const first = await topUp(member, { amount: 20_000, channelCode: 'QRIS' }, key);
    const again = await topUp(member, { amount: 20_000, channelCode: 'QRIS' }, key);
    expect(again).toEqual(first);
    expect((await topUp(member, { amount: 30_000, channelCode: 'QRIS' }, key)).code).toBe(Code.idempotencyReused);
  });

  it('refuses what it cannot take, with a reason per field', async () => {
    const member = await signInMember();
    expect(await topUp(member, { amount: 5_000, channelCode: 'QRIS' })).toMatchObject({
      code: Code.validation,
      data: { fields: { amount: expect.any(String) } },
    });
    expect(await topUp(member, { amount: 3_000_000, channelCode: 'QRIS' })).toMatchObject({
      code: Code.validation,
      data: { fields: { amount: expect.any(String) } },
    });
    const [pkg] = await db()
      .select()
      .from(topupPackages)
      .where(and(eq(topupPackages.tenantId, 2), eq(topupPackages.amount, 50_000)));
    expect(await topUp(member, { amount: 30_000, channelCode: 'QRIS', packageId: pkg!.id })).toMatchObject({
      code: Code.validation,
      data: { fields: { amount: expect.any(String) } },
    });
    expect(await topUp(member, { amount: 30_000, channelCode: 'VA_MANDIRI' })).toMatchObject({
      code: Code.validation,
      data: { fields: { channelCode: expect.any(String) } },
    });
    expect((await t.call('POST', '/api/app/wallet/topup', { headers: member, body: { amount: 30_000, channelCode: 'QRIS' } })).code).toBe(
      Code.validation,
    );
  });
});

describe('gateway notifications', () => {
  it('the same notification delivered 50 times at once posts once', async () => {
    const member = await signInMember();
    const started = await topUp(member, { amount: 20_000, channelCode: 'QRIS' });
    const body = signed(started.data.payNo, '20000.00');
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(body)));
    expect(answers.every((a) => a.status === 200 && a.code === Code.ok)).toBe(true);
    expect(answers.filter((a) => a.data.outcome === 'accepted')).toHaveLength(1);
    const order = await orderOf(started.data.payNo);
    expect(await topUpTxns(order.id)).toHaveLength(1);
  });

  it('refuses a forged or tampered notification, and one for an order it does not have; each is logged with its body', async () => {
    const member = await signInMember();
    const started = await topUp(member, { amount: 20_000, channelCode: 'QRIS' });
    const payNo = started.data.payNo;
    const genuine = JSON.parse(signed(payNo, '20000.00'));
    const tampered = JSON.stringify({ ...genuine, gross_amount: '2000000.00' });
    expect(await deliver(tampered)).toMatchObject({ status: 200, code: Code.forbidden, data: { outcome: 'refused_signature' } });
    expect(await deliver(JSON.stringify({ ...genuine, signature_key: 'f'.repeat(128) }))).toMatchObject({ code: Code.forbidden });
    expect(await deliver(signed('PY000000000000', '20000.00'))).toMatchObject({ code: Code.notFound, data: { outcome: 'refused_unknown_order' } });
    expect(await deliver('not json')).toMatchObject({ code: Code.notFound });
    const order = await orderOf(payNo);
    expect(order.status).toBe(1);
    expect(await topUpTxns(order.id)).toEqual([]);
    const logged = await db()
      .select()
      .from(apiLogs)
      .where(and(eq(apiLogs.refNo, payNo), eq(apiLogs.direction, 2)));
    expect(logged.map((l) => l.outcome).sort()).toEqual(['refused_signature', 'refused_signature']);
    expect(logged[0]!.requestBody).toContain('"order_id"');
  });

  it('parks a payment of another amount, and one for an order that had expired: nothing posted, LATE_PAYMENT raised', async () => {
    const member = await signInMember();
    const wrong = await topUp(member, { amount: 20_000, channelCode: 'QRIS' });
    expect(await deliver(signed(wrong.data.payNo, '19000.00'))).toMatchObject({ code: Code.ok, data: { outcome: 'parked_amount' } });

    const late = await topUp(member, { amount: 20_000, channelCode: 'QRIS' });
    expect(await expireUnpaidOrders(db(), new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(2);
    const expired = await orderOf(late.data.payNo);
    expect(expired.status).toBe(4);
    expect((await db().select().from(qrisOrders).where(eq(qrisOrders.paymentOrderId, expired.id)))[0]).toMatchObject({ status: 3 });
    expect(await deliver(signed(late.data.payNo, '20000.00'))).toMatchObject({ code: Code.ok, data: { outcome: 'parked_late' } });

    for (const payNo of [wrong.data.payNo, late.data.payNo]) {
      const order = await orderOf(payNo);
      expect(await topUpTxns(order.id)).toEqual([]);
      const [alarm] = await db()
        .select()
        .from(alarms)
        .where(and(eq(alarms.alarmCode, 'LATE_PAYMENT'), eq(alarms.targetId, order.id)));
      expect(alarm).toMatchObject({ level: 2, status: 0, cityCode: order.cityCode });
    }
  });

  it('a crash between the gateway and the posting is healed by the next delivery of the same notification', async () => {
    const member = await signInMember();
    const started = await topUp(member, { amount: 20_000, channelCode: 'QRIS' });
    const body = signed(started.data.payNo, '20000.00');
    // The database fails the order's update after the posting was written in the same transaction.
    await db().execute(sql`CREATE FUNCTION crash_once() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected crash'; END $$`);
    await db().execute(
      sql`CREATE TRIGGER crash_once BEFORE UPDATE ON payment_orders FOR EACH ROW WHEN (NEW.status = 2) EXECUTE FUNCTION crash_once()`,
    );
    try {
      expect((await deliver(body)).status).toBe(500);
    } finally {
      await db().execute(sql`DROP TRIGGER crash_once ON payment_orders`);
      await db().execute(sql`DROP FUNCTION crash_once()`);
    }
    const order = await orderOf(started.data.payNo);
    expect(order.status).toBe(1);
    expect(await topUpTxns(order.id)).toEqual([]);
    expect(await deliver(body)).toMatchObject({ status: 200, code: Code.ok, data: { outcome: 'accepted' } });
    expect(await topUpTxns(order.id)).toHaveLength(1);
    expect((await orderOf(started.data.payNo)).status).toBe(2);
  });
});
