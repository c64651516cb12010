import { parseQris } from '@kayuh/contract/rules/qris';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectHttp } from './http.ts';
import { injectSender } from './sandboxNotify.ts';
import type { ChargeRequest, GatewayHttp, NotificationCheck } from './types.ts';
import { basicAuth } from './wire.ts';
import { createXenditAdapter } from './xendit.ts';
import { createXenditSandbox } from './xenditSandbox.ts';

const NOW = new Date('2026-01-05T03:00:00Z');
const secret = { serverKey: 'xnd_development_kayuh_sandbox', callbackToken: 'kayuh-xendit-callback-token' };

describe('xendit sandbox, through the Xendit adapter', () => {
  let clock = NOW;
  const adapter = createXenditAdapter({ now: () => clock });
  const received: NotificationCheck[] = [];
  let gateway: FastifyInstance;
  let receiver: FastifyInstance;
  let http: GatewayHttp;
  let sandbox: ReturnType<typeof createXenditSandbox>;

  beforeAll(async () => {
    receiver = Fastify();
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    receiver.post('/api/pay/notify/:channel', async (req, reply) => {
      const check = adapter.verifyNotification(req.headers, req.body as string, secret);
      received.push(check);
      return reply.status(check.ok || check.reason !== 'signature' ? 200 : 403).send();
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

  const request = (orderId: string, channelCode: ChargeRequest['channelCode'], extra: Partial<ChargeRequest> = {}): ChargeRequest => ({
    orderId,
    amount: 35000,
    currency: 'IDR',
    channelCode,
    expiresAt: new Date(NOW.getTime() + 15 * 60_000),
    ...extra,
  });
  const ref = (orderId: string, channelTxnId: string, channelCode: ChargeRequest['channelCode']) => ({ orderId, channelTxnId, channelCode });

  it("creates a dynamic QRIS with the account's NMID and reports its payment by a token-carrying callback", async () => {
    const charge = await adapter.charge(request('PY26010500000011', 'QRIS'), secret, http);
    const qr = parseQris((charge.display as { payload: string }).payload);
    expect(qr).toMatchObject({ crcValid: true, nmid: 'ID2025426752668', amountRupiah: 35000, merchantName: 'KAYUH BIKE SHARE' });
    expect(qr.merchantAccounts[0]).toMatchObject({ globalId: 'CO.XENDIT.WWW', criteria: 'UME' });
    await expect(adapter.status(ref('PY26010500000011', charge.channelTxnId, 'QRIS'), secret, http)).resolves.toMatchObject({ status: 'pending' });

    const sent = await sandbox.settle('PY26010500000011', 'paid', { issuer: 'OVO' });
    expect(sent?.headers['x-callback-token']).toBe(secret.callbackToken);
    expect(sent?.response?.status).toBe(200);
    expect(received.at(-1)).toMatchObject({
      ok: true,
      notification: {
        channel: 'QRIS',
        orderId: 'PY26010500000011',
        channelTxnId: charge.channelTxnId,
        status: 'paid',
        amount: 35000,
        issuer: 'OVO',
        rrn: expect.stringMatching(/^\d{12}$/),
        eventKey: `QRIS:${charge.channelTxnId}:paid`,
      },
    });
    expect(adapter.verifyNotification({ 'x-callback-token': 'someone-else' }, sent!.body, secret)).toEqual({ ok: false, reason: 'signature' });
    await expect(adapter.status(ref('PY26010500000011', charge.channelTxnId, 'QRIS'), secret, http)).resolves.toMatchObject({
      status: 'paid',
      amount: 35000,
    });
  });

  it('lets a QR code expire silently, as Xendit does, and reports it expired on the status poll', async () => {
    const charge = await adapter.charge(request('PY26010500000012', 'QRIS'), secret, http);
    const count = received.length;
    expect(await sandbox.settle('PY26010500000012', 'expired')).toBeUndefined();
    expect(received.length).toBe(count);
    clock = new Date(NOW.getTime() + 1000);
    await expect(adapter.status(ref('PY26010500000012', charge.channelTxnId, 'QRIS'), secret, http)).resolves.toMatchObject({ status: 'expired' });
    clock = NOW;
  });

  it('opens a BNI fixed VA and sends the payment callback when the payer transfers', async () => {
    const charge = await adapter.charge(request('PY26010500000013', 'VA_BNI', { customer: { name: 'Budi Santoso' } }), secret, http);
    expect(charge.display).toMatchObject({ kind: 'va', bank: 'BNI', vaNumber: expect.stringMatching(/^8808\d{12}$/) });
    const vaRef = ref('PY26010500000013', charge.channelTxnId, 'VA_BNI');
    await expect(adapter.status(vaRef, secret, http)).resolves.toMatchObject({ status: 'pending', providerStatus: 'ACTIVE' });
    await sandbox.settle('PY26010500000013', 'paid');
    expect(received.at(-1)).toMatchObject({
      ok: true,
      notification: { channel: 'VA_BNI', channelTxnId: charge.channelTxnId, status: 'paid', amount: 35000 },
    });
    // A paid single-use VA is INACTIVE before its expiry, and the VA object alone cannot tell paid from closed.
    await expect(adapter.status(vaRef, secret, http)).rejects.toMatchObject({ code: 'indeterminate' });
  });

  it('charges DANA by redirect and OVO by push, and reports their outcomes by ewallet.capture', async () => {
    const dana = await adapter.charge(request('PY26010500000014', 'EW_DANA', { returnUrl: 'https://kayuh.example/paid' }), secret, http);
    expect(dana.display).toMatchObject({ kind: 'redirect', url: expect.stringContaining(dana.channelTxnId) });
    await sandbox.settle('PY26010500000014', 'failed');
    expect(received.at(-1)).toMatchObject({ ok: true, notification: { channel: 'EW_DANA', status: 'failed', providerStatus: 'FAILED' } });
    await expect(adapter.status(ref('PY26010500000014', dana.channelTxnId, 'EW_DANA'), secret, http)).resolves.toMatchObject({ status: 'failed' });

    const ovo = await adapter.charge(request('PY26010500000015', 'EW_OVO', { customer: { phone: '081234567890' } }), secret, http);
    expect(ovo.display).toEqual({ kind: 'push', phone: '+6281234567890' });
    await sandbox.settle('PY26010500000015', 'paid');
    expect(received.at(-1)).toMatchObject({ ok: true, notification: { channel: 'EW_OVO', status: 'paid', amount: 35000 } });
    await expect(sandbox.settle('PY26010500000015', 'paid')).rejects.toThrow(/already SUCCEEDED/);
  });

  it("refuses a wrong secret key with Xendit's 401", async () => {
    await expect(adapter.charge(request('PY26010500000016', 'QRIS'), { ...secret, serverKey: 'xnd_development_wrong' }, http)).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'unauthorized',
    });
    const res = await gateway.inject({ method: 'GET', url: '/ewallets/charges/ewc_x', headers: { authorization: basicAuth('nope') } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error_code: 'INVALID_API_KEY', message: 'API key is not authorized for this API service' });
  });

  it('refuses a reused reference with DUPLICATE_ERROR, and a QR call without api-version', async () => {
    await expect(adapter.charge(request('PY26010500000011', 'QRIS'), secret, http)).rejects.toMatchObject({ code: 'duplicate', httpStatus: 409 });
    await expect(adapter.charge(request('PY26010500000015', 'EW_OVO', { customer: { phone: '081234567890' } }), secret, http)).rejects.toMatchObject({
      code: 'duplicate',
    });
    const res = await gateway.inject({
      method: 'POST',
      url: '/qr_codes',
      headers: { authorization: basicAuth(secret.serverKey) },
      payload: { reference_id: 'PY26010500000017', type: 'DYNAMIC', currency: 'IDR', amount: 1000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'API_VALIDATION_ERROR' });
  });
});
