import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectHttp } from './http.ts';
import { injectSender } from './sandboxNotify.ts';
import type { ChargeRequest, GatewayHttp, NotificationCheck, RefundRequest } from './types.ts';
import { basicAuth } from './wire.ts';
import { createXenditAdapter } from './xendit.ts';
import { createXenditSandbox } from './xenditSandbox.ts';
import { parseXenditSettlementCsv } from './xenditSettlement.ts';

const T0 = new Date('2026-01-05T03:00:00Z');
const secret = { serverKey: 'xnd_development_kayuh_sandbox', callbackToken: 'kayuh-xendit-callback-token' };

describe('xendit sandbox refunds, through the Xendit adapter', () => {
  let clock = T0;
  const tick = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));
  const adapter = createXenditAdapter({ now: () => clock });
  const received: NotificationCheck[] = [];
  let gateway: FastifyInstance;
  let receiver: FastifyInstance;
  let http: GatewayHttp;
  let sandbox: ReturnType<typeof createXenditSandbox>;

  beforeAll(async () => {
    receiver = Fastify();
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    receiver.post('/api/pay/notify/:channel', async (req) => {
      received.push(adapter.verifyNotification(req.headers, req.body as string, secret));
      return '';
    });
    sandbox = createXenditSandbox({
      secretKeys: [secret.serverKey],
      callbackToken: secret.callbackToken,
      qris: { nmid: 'ID2025426752668', merchantName: 'KAYUH BIKE SHARE', merchantCity: 'BANDUNG' },
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

  async function paid(orderId: string, channelCode: ChargeRequest['channelCode'], amount = 35000, issuer?: string) {
    const charge = await adapter.charge(
      { orderId, amount, currency: 'IDR', channelCode, expiresAt: new Date(clock.getTime() + 15 * 60_000), returnUrl: 'https://kayuh.example/paid' },
      secret,
      http,
    );
    await sandbox.settle(orderId, 'paid', { issuer });
    return (refundKey: string, refundAmount: number): RefundRequest => ({
      orderId,
      channelTxnId: charge.channelTxnId,
      channelCode,
      refundKey,
      amount: refundAmount,
    });
  }
  const last = () => received.at(-1) as Extract<NotificationCheck, { ok: true }>;

  it('refunds a DANA payment in part: PENDING at once, refund.succeeded when DANA has returned it', async () => {
    const refund = await paid('PY26010500000201', 'EW_DANA', 100000);
    tick(24 * 60);
    const pending = await adapter.refund(refund('RF26010500000101', 40000), secret, http);
    expect(pending).toMatchObject({ status: 'pending', channelRefundId: expect.stringMatching(/^rfd-/) });
    // One refund at a time, as Xendit: the next waits for this one's outcome.
    await expect(adapter.refund(refund('RF26010500000102', 1000), secret, http)).rejects.toMatchObject({ code: 'invalid_request', httpStatus: 400 });

    tick(1);
    const sent = await sandbox.refundCallback(pending.channelRefundId);
    expect(sent.headers['x-callback-token']).toBe(secret.callbackToken);
    expect(sent.url).toBe('https://kayuh.example/api/pay/notify/EW_DANA');
    expect(last().notification).toMatchObject({
      channel: 'EW_DANA',
      orderId: 'PY26010500000201',
      status: 'refunded',
      providerStatus: 'SUCCEEDED',
      amount: 40000,
      refundAmount: 40000,
      refundKey: 'RF26010500000101',
      channelRefundId: pending.channelRefundId,
    });
    expect(sandbox.objects().find((o) => o.object.reference_id === 'PY26010500000201')!.object.refunded_amount).toBe(40000);
  });

  it('refuses more than is left, answers a repeated request with its first answer, and reports a failed refund', async () => {
    const refund = await paid('PY26010500000202', 'EW_SHOPEEPAY', 50000);
    await expect(adapter.refund(refund('RF26010500000103', 50001), secret, http)).rejects.toMatchObject({ code: 'amount_exceeded' });
    const first = await adapter.refund(refund('RF26010500000103', 50000), secret, http);
    await expect(adapter.refund(refund('RF26010500000103', 50000), secret, http)).resolves.toEqual(first);
    // The same idempotency key with another amount: 409, and the refund listed under the key is for another amount.
    await expect(adapter.refund(refund('RF26010500000103', 20000), secret, http)).rejects.toMatchObject({ code: 'duplicate' });

    await sandbox.refundCallback(first.channelRefundId, 'failed');
    expect(last().notification).toMatchObject({ status: 'refund_failed', providerStatus: 'FAILED', refundKey: 'RF26010500000103' });
    await expect(sandbox.refundCallback(first.channelRefundId)).rejects.toThrow(/already FAILED/);
    // A failed refund gives the money back to refund.
    await expect(adapter.refund(refund('RF26010500000104', 50000), secret, http)).resolves.toMatchObject({ status: 'pending' });
  });

  it('refunds a QRIS payment through the QR Codes API and reports it by the QR refund callback', async () => {
    const refund = await paid('PY26010500000203', 'QRIS', 35000, 'DANA');
    const pending = await adapter.refund(refund('RF26010500000105', 35000), secret, http);
    expect(pending).toMatchObject({ status: 'pending', channelRefundId: expect.stringMatching(/^qrrf_/) });
    await sandbox.refundCallback(pending.channelRefundId);
    expect(last().notification).toMatchObject({
      channel: 'QRIS',
      orderId: 'PY26010500000203',
      channelTxnId: refund('', 0).channelTxnId,
      status: 'refunded',
      refundAmount: 35000,
      refundKey: 'RF26010500000105',
    });
    await expect(adapter.refund(refund('RF26010500000106', 1), secret, http)).rejects.toMatchObject({ code: 'amount_exceeded' });
  });

  it('refuses what Xendit cannot refund: a QRIS paid from GoPay, OVO, a VA, an unknown payment', async () => {
    const gopay = await paid('PY26010500000204', 'QRIS', 20000, 'GOPAY');
    await expect(adapter.refund(gopay('RF26010500000107', 20000), secret, http)).rejects.toMatchObject({
      code: 'unsupported_channel',
      httpStatus: 403,
    });
    const va = await paid('PY26010500000205', 'VA_BNI', 125000);
    await expect(adapter.refund(va('RF26010500000108', 1000), secret, http)).rejects.toMatchObject({ code: 'unsupported_channel' });
    const ghost = { orderId: 'PY-none', channelTxnId: 'ewc_none', channelCode: 'EW_DANA' as const, refundKey: 'RF-none', amount: 1000 };
    await expect(adapter.refund(ghost, secret, http)).rejects.toMatchObject({ code: 'not_found' });
    const res = await gateway.inject({
      method: 'POST',
      url: '/refunds',
      headers: { authorization: basicAuth(secret.serverKey) },
      payload: { payment_request_id: 'ewc_none', reason: 'BECAUSE' },
    });
    expect(res.json()).toMatchObject({ error_code: 'API_VALIDATION_ERROR' });
  });

  it('refuses a refund callback that does not carry the account token', async () => {
    const refund = await paid('PY26010500000206', 'EW_DANA', 10000);
    const pending = await adapter.refund(refund('RF26010500000109', 10000), secret, http);
    const sent = await sandbox.refundCallback(pending.channelRefundId);
    expect(adapter.verifyNotification({ ...sent.headers, 'x-callback-token': 'forged' }, sent.body, secret)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it("writes a Balance report of what it settled, in Xendit's columns, that the parser reads back", () => {
    const csv = sandbox.settlementReport({ from: T0, to: new Date(clock.getTime() + 1), feeFixed: 0, feeBp: 150, vatBp: 1100 });
    expect(csv.startsWith('Product ID,Transaction ID,Transaction Type,Line Type,')).toBe(true);
    const rows = parseXenditSettlementCsv(csv);
    const dana = rows.filter((r) => r.orderId === 'PY26010500000201');
    expect(dana.map(({ kind, grossAmount, fee, netAmount, channelCode }) => ({ kind, grossAmount, fee, netAmount, channelCode }))).toEqual([
      { kind: 'payment', grossAmount: 100000, fee: 1500 + 165, netAmount: 100000 - 1665, channelCode: 'EW_DANA' },
      { kind: 'refund', grossAmount: -40000, fee: 0, netAmount: -40000, channelCode: 'EW_DANA' },
    ]);
    expect(rows.find((r) => r.orderId === 'PY26010500000205')).toMatchObject({ kind: 'payment', channelCode: 'VA_BNI', grossAmount: 125000 });
    expect(rows.find((r) => r.orderId === 'PY26010500000203' && r.kind === 'payment')).toMatchObject({ channelCode: 'QRIS', grossAmount: 35000 });
    // The failed refund moved nothing; the pending one has not yet.
    expect(rows.filter((r) => r.orderId === 'PY26010500000202' && r.kind === 'refund')).toEqual([]);
  });
});
