import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectHttp } from './http.ts';
import { createMidtransAdapter } from './midtrans.ts';
import { createMidtransSandbox } from './midtransSandbox.ts';
import { parseMidtransSettlementCsv } from './midtransSettlement.ts';
import { injectSender, type SentNotification } from './sandboxNotify.ts';
import type { ChargeRequest, GatewayHttp, NotificationCheck, RefundRequest } from './types.ts';
import { basicAuth } from './wire.ts';

const KEY = 'SB-Mid-server-kayuh-sandbox';
const secret = { serverKey: KEY };
const T0 = new Date('2026-01-05T03:00:00Z');

describe('midtrans sandbox refunds, through the Midtrans adapter', () => {
  let clock = T0;
  const tick = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));
  const adapter = createMidtransAdapter({ now: () => clock });
  const received: NotificationCheck[] = [];
  let gateway: FastifyInstance;
  let receiver: FastifyInstance;
  let http: GatewayHttp;
  let sandbox: ReturnType<typeof createMidtransSandbox>;

  beforeAll(async () => {
    receiver = Fastify();
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    receiver.post('/api/pay/notify/:channel', async (req) => {
      received.push(adapter.verifyNotification(req.headers, req.body as string, secret));
      return 'OK';
    });
    sandbox = createMidtransSandbox({
      serverKeys: [KEY],
      qris: { nmid: 'ID1020021181745', merchantName: 'KAYUH BIKE SHARE', merchantCity: 'JAKARTA' },
      notify: ({ channel }) => `https://kayuh.example/api/pay/notify/${channel}`,
      send: injectSender(receiver),
      now: () => clock,
    });
    gateway = Fastify();
    await gateway.register(sandbox.plugin);
    http = injectHttp(gateway);
  });
  afterAll(async () => {
    await gateway.close();
    await receiver.close();
  });

  /** A payment made and settled at the sandbox; answers what a refund request needs of it. */
  async function paid(orderId: string, channelCode: ChargeRequest['channelCode'], amount = 50000) {
    const charge = await adapter.charge(
      { orderId, amount, currency: 'IDR', channelCode, expiresAt: new Date(clock.getTime() + 15 * 60_000) },
      secret,
      http,
    );
    await sandbox.settle(orderId, 'paid');
    return (refundKey: string, refundAmount: number): RefundRequest => ({
      orderId,
      channelTxnId: charge.channelTxnId,
      channelCode,
      refundKey,
      amount: refundAmount,
    });
  }
  const last = () => (received.at(-1) as Extract<NotificationCheck, { ok: true }>).notification;

  it('refunds a QRIS payment in two parts, each answered at once and confirmed by a signed notification', async () => {
    const refund = await paid('PY26010500000101', 'QRIS');
    tick(60);
    const first = await adapter.refund(refund('RF26010500000001', 20000), secret, http);
    expect(first).toMatchObject({ status: 'succeeded', channelRefundId: expect.stringMatching(/^\d+$/) });
    expect(sandbox.orders().find((o) => o.orderId === 'PY26010500000101')).toMatchObject({ status: 'partial_refund' });

    tick(1);
    await sandbox.refundCallback('PY26010500000101');
    expect(last()).toMatchObject({
      status: 'refunded',
      providerStatus: 'partial_refund',
      amount: 50000,
      refundAmount: 20000,
      refundKey: 'RF26010500000001',
      channelRefundId: first.channelRefundId,
      refundedTotal: 20000,
      eventKey: expect.stringMatching(/^QRIS:.+:refunded:RF26010500000001$/),
    });

    tick(1);
    await expect(adapter.refund(refund('RF26010500000002', 30000), secret, http)).resolves.toMatchObject({ status: 'succeeded' });
    tick(1);
    const sent = await sandbox.refundCallback('PY26010500000101', 'RF26010500000002');
    expect(last()).toMatchObject({
      status: 'refunded',
      providerStatus: 'refund',
      refundAmount: 30000,
      refundKey: 'RF26010500000002',
      refundedTotal: 50000,
    });
    expect(JSON.parse(sent.body).refunds).toHaveLength(2);
  });

  it('refuses more than is left, and answers a repeated refund_key with its first result', async () => {
    const refund = await paid('PY26010500000102', 'EW_GOPAY', 40000);
    const first = await adapter.refund(refund('RF26010500000003', 15000), secret, http);
    await expect(adapter.refund(refund('RF26010500000004', 25001), secret, http)).rejects.toMatchObject({ code: 'amount_exceeded', httpStatus: 414 });
    await expect(adapter.refund(refund('RF26010500000003', 15000), secret, http)).resolves.toEqual(first);
    // The same key for another amount: Midtrans' 406, and its refunds list shows the key went to another amount.
    await expect(adapter.refund(refund('RF26010500000003', 16000), secret, http)).rejects.toMatchObject({ code: 'duplicate' });
    expect(sandbox.orders().find((o) => o.orderId === 'PY26010500000102')!.refunds).toHaveLength(1);
  });

  it('takes ShopeePay back only in full, and no VA payment at all', async () => {
    const shopee = await paid('PY26010500000103', 'EW_SHOPEEPAY', 30000);
    await expect(adapter.refund(shopee('RF26010500000005', 10000), secret, http)).rejects.toMatchObject({ code: 'invalid_request', httpStatus: 412 });
    await expect(adapter.refund(shopee('RF26010500000005', 30000), secret, http)).resolves.toMatchObject({ status: 'succeeded' });

    const va = await paid('PY26010500000104', 'VA_BCA');
    await expect(adapter.refund(va('RF26010500000006', 1000), secret, http)).rejects.toMatchObject({ code: 'unsupported_channel' });
    const res = await gateway.inject({
      method: 'POST',
      url: '/v2/PY26010500000104/refund',
      headers: { authorization: basicAuth(KEY) },
      payload: { refund_key: 'RF26010500000006', amount: 1000 },
    });
    expect(res.json()).toMatchObject({ status_code: '412', status_message: 'Merchant cannot modify the status of the transaction' });
  });

  it('answers an unknown order 404 and an unpaid one 412', async () => {
    const ghost = { orderId: 'PY-none', channelTxnId: 'x', channelCode: 'QRIS' as const, refundKey: 'RF-none', amount: 1000 };
    await expect(adapter.refund(ghost, secret, http)).rejects.toMatchObject({ code: 'not_found' });
    const charge = await adapter.charge(
      { orderId: 'PY26010500000105', amount: 10000, currency: 'IDR', channelCode: 'QRIS', expiresAt: new Date(clock.getTime() + 60_000) },
      secret,
      http,
    );
    await expect(adapter.refund({ ...ghost, orderId: 'PY26010500000105', channelTxnId: charge.channelTxnId }, secret, http)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(sandbox.refundCallback('PY26010500000105')).rejects.toThrow(/no refund/);
  });

  it('refuses a refund notification changed on the way', async () => {
    const refund = await paid('PY26010500000106', 'QRIS', 20000);
    await adapter.refund(refund('RF26010500000007', 20000), secret, http);
    const sent: SentNotification = await sandbox.refundCallback('PY26010500000106');
    expect(adapter.verifyNotification(sent.headers, sent.body, secret)).toMatchObject({ ok: true, notification: { refundAmount: 20000 } });
    const forged = sent.body.replace('"gross_amount":"20000.00"', '"gross_amount":"2000.00"');
    expect(adapter.verifyNotification(sent.headers, forged, secret)).toEqual({ ok: false, reason: 'signature' });
  });

  it("writes a payout report of what it settled, in Midtrans' columns, that the parser reads back", () => {
    const csv = sandbox.settlementReport({ from: T0, to: new Date(clock.getTime() + 1), feeFixed: 0, feeBp: 70 });
    expect(csv.startsWith('\uFEFFOrder ID,')).toBe(true);
    const rows = parseMidtransSettlementCsv(csv);
    const qris = rows.filter((r) => r.orderId === 'PY26010500000101');
    expect(qris.map(({ kind, grossAmount, fee, netAmount, channelCode }) => ({ kind, grossAmount, fee, netAmount, channelCode }))).toEqual([
      { kind: 'payment', grossAmount: 50000, fee: 350, netAmount: 49650, channelCode: 'QRIS' },
      { kind: 'refund', grossAmount: -20000, fee: 0, netAmount: -20000, channelCode: 'QRIS' },
      { kind: 'refund', grossAmount: -30000, fee: 0, netAmount: -30000, channelCode: 'QRIS' },
    ]);
    const order = sandbox.orders().find((o) => o.orderId === 'PY26010500000101')!;
    expect(qris[0]).toMatchObject({ channelTxnId: order.transactionId, currency: 'IDR', settledAt: order.settlementTime });
    expect(rows.find((r) => r.orderId === 'PY26010500000104')).toMatchObject({ channelCode: 'VA_BCA', grossAmount: 50000, fee: 350 });
    // The unpaid order is not in it; the window is respected.
    expect(rows.some((r) => r.orderId === 'PY26010500000105')).toBe(false);
    expect(
      parseMidtransSettlementCsv(
        sandbox.settlementReport({ from: new Date(clock.getTime() + 1), to: new Date(clock.getTime() + 2), feeFixed: 0, feeBp: 70 }),
      ),
    ).toEqual([]);
  });
});
