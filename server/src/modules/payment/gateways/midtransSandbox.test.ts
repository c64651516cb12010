import { parseQris } from '@kayuh/contract/rules/qris';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectHttp } from './http.ts';
import { createMidtransAdapter } from './midtrans.ts';
import { createMidtransSandbox } from './midtransSandbox.ts';
import { injectSender } from './sandboxNotify.ts';
import type { ChargeRequest, GatewayAdapter, GatewayHttp, NotificationCheck } from './types.ts';
import { basicAuth } from './wire.ts';

const KEY = 'SB-Mid-server-kayuh-sandbox';
const NOW = new Date('2026-01-05T03:00:00Z');
const secret = { serverKey: KEY };

/** What a notify route does: take the body as the raw string it arrived as, and let the adapter judge it. */
async function notifyReceiver(adapter: GatewayAdapter, received: NotificationCheck[]) {
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/api/pay/notify/:channel', async (req, reply) => {
    const check = adapter.verifyNotification(req.headers, req.body as string, secret);
    received.push(check);
    return reply.status(check.ok || check.reason !== 'signature' ? 200 : 401).send(check.ok ? 'OK' : check.reason);
  });
  await app.ready();
  return app;
}

describe('midtrans sandbox, through the Midtrans adapter', () => {
  const adapter = createMidtransAdapter({ now: () => NOW });
  const received: NotificationCheck[] = [];
  let gateway: FastifyInstance;
  let receiver: FastifyInstance;
  let http: GatewayHttp;
  let sandbox: ReturnType<typeof createMidtransSandbox>;

  beforeAll(async () => {
    receiver = await notifyReceiver(adapter, received);
    sandbox = createMidtransSandbox({
      serverKeys: [KEY],
      qris: { nmid: 'ID1020021181745', merchantName: 'KAYUH BIKE SHARE', merchantCity: 'JAKARTA', postalCode: '10310' },
      notify: ({ channel }) => `https://kayuh.example/api/pay/notify/${channel}`,
      send: injectSender(receiver),
      now: () => NOW,
    });
    gateway = Fastify();
    await gateway.register(sandbox.plugin, { prefix: '/midtrans' });
    http = injectHttp(gateway, '/midtrans');
  });
  afterAll(async () => {
    await gateway.close();
    await receiver.close();
  });

  const request = (orderId: string, channelCode: ChargeRequest['channelCode'], amount = 50000): ChargeRequest => ({
    orderId,
    amount,
    currency: 'IDR',
    channelCode,
    expiresAt: new Date(NOW.getTime() + 15 * 60_000),
  });

  it("issues a QRIS a QRIS app can read, with the channel's NMID, and settles it with a signed notification", async () => {
    const charge = await adapter.charge(request('PY26010500000001', 'QRIS'), secret, http);
    expect(charge).toMatchObject({ status: 'pending', display: { kind: 'qris' }, expiresAt: new Date('2026-01-05T03:15:00Z') });
    const qr = parseQris((charge.display as { payload: string }).payload);
    expect(qr).toMatchObject({
      crcValid: true,
      pointOfInitiation: 'dynamic',
      nmid: 'ID1020021181745',
      amountRupiah: 50000,
      reference: 'PY26010500000001',
    });
    expect(qr.merchantAccounts[0]).toMatchObject({ globalId: 'COM.GO-JEK.WWW', merchantId: 'G141532850' });

    const sent = await sandbox.settle('PY26010500000001', 'paid', { issuer: 'ovo' });
    expect(sent.url).toBe('https://kayuh.example/api/pay/notify/QRIS');
    expect(sent.response?.status).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({
      transaction_status: 'settlement',
      status_code: '200',
      gross_amount: '50000.00',
      issuer: 'ovo',
      transaction_type: 'off-us',
    });
    expect(received.at(-1)).toEqual({
      ok: true,
      notification: {
        provider: 'midtrans',
        channel: 'QRIS',
        orderId: 'PY26010500000001',
        channelTxnId: charge.channelTxnId,
        status: 'paid',
        providerStatus: 'settlement',
        amount: 50000,
        currency: 'IDR',
        paidAt: NOW,
        issuer: 'ovo',
        eventKey: `QRIS:${charge.channelTxnId}:paid`,
      },
    });
    expect(adapter.verifyNotification(sent.headers, sent.body, { serverKey: 'SB-Mid-server-other' })).toEqual({ ok: false, reason: 'signature' });
    await expect(
      adapter.status({ orderId: 'PY26010500000001', channelTxnId: charge.channelTxnId, channelCode: 'QRIS' }, secret, http),
    ).resolves.toMatchObject({
      status: 'paid',
      amount: 50000,
    });
  });

  it('expires a BCA VA and fails a Mandiri bill, each with its own notification', async () => {
    const bca = await adapter.charge(request('PY26010500000002', 'VA_BCA', 125000), secret, http);
    expect(bca.display).toMatchObject({ kind: 'va', bank: 'bca', vaNumber: expect.stringMatching(/^\d{15}$/) });
    await sandbox.settle('PY26010500000002', 'expired');
    expect(received.at(-1)).toMatchObject({ ok: true, notification: { channel: 'VA_BCA', status: 'expired', amount: 125000, paidAt: undefined } });
    await expect(
      adapter.status({ orderId: 'PY26010500000002', channelTxnId: bca.channelTxnId, channelCode: 'VA_BCA' }, secret, http),
    ).resolves.toMatchObject({
      status: 'expired',
    });

    const mandiri = await adapter.charge(request('PY26010500000003', 'VA_MANDIRI'), secret, http);
    expect(mandiri.display).toMatchObject({ kind: 'va', bank: 'mandiri', billerCode: '70012', vaNumber: expect.stringMatching(/^\d{12}$/) });
    await sandbox.settle('PY26010500000003', 'failed');
    expect(received.at(-1)).toMatchObject({ ok: true, notification: { channel: 'VA_MANDIRI', status: 'failed', providerStatus: 'deny' } });
  });

  it('sends to the X-Override-Notification URL when the charge named one', async () => {
    await adapter.charge({ ...request('PY26010500000004', 'EW_GOPAY'), notifyUrl: 'https://kayuh.example/api/pay/notify/override' }, secret, http);
    const sent = await sandbox.settle('PY26010500000004', 'paid');
    expect(sent.url).toBe('https://kayuh.example/api/pay/notify/override');
    expect(received.at(-1)).toMatchObject({ ok: true, notification: { channel: 'EW_GOPAY', status: 'paid' } });
  });

  it('refuses a wrong server key the way Midtrans does', async () => {
    await expect(adapter.charge(request('PY26010500000005', 'QRIS'), { serverKey: 'SB-Mid-server-wrong' }, http)).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'unauthorized',
    });
    const res = await gateway.inject({ method: 'POST', url: '/midtrans/v2/charge', headers: { authorization: basicAuth('nope') }, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status_code: '401', status_message: expect.stringContaining('unauthorized'), id: expect.any(String) });
    expect(sandbox.orders().some((order) => order.orderId === 'PY26010500000005')).toBe(false);
  });

  it('refuses a reused order id and a fractional amount', async () => {
    await adapter.charge(request('PY26010500000006', 'VA_BNI'), secret, http);
    await expect(adapter.charge(request('PY26010500000006', 'VA_BNI'), secret, http)).rejects.toMatchObject({ code: 'duplicate' });
    const res = await gateway.inject({
      method: 'POST',
      url: '/midtrans/v2/charge',
      headers: { authorization: basicAuth(KEY) },
      payload: { payment_type: 'qris', transaction_details: { order_id: 'PY26010500000007', gross_amount: 1000.5 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status_code: '400', validation_messages: [expect.stringContaining('transaction_details.gross_amount')] });
  });

  it('answers an unknown order with 404 and will not settle an order twice', async () => {
    await expect(adapter.status({ orderId: 'PY-none', channelTxnId: 'x', channelCode: 'QRIS' }, secret, http)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(sandbox.settle('PY26010500000001', 'paid')).rejects.toThrow(/already settlement/);
    await expect(sandbox.settle('PY-none', 'paid')).rejects.toThrow(/no order/);
  });

  it('serves the QR image its generate-qr-code action points at', async () => {
    const order = sandbox.orders().find((o) => o.orderId === 'PY26010500000001')!;
    const res = await gateway.inject({ method: 'GET', url: `/midtrans/v2/qris/${order.transactionId}/qr-code` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('fits a merchant registered with accents and long names into the QR, as the acquirer would', async () => {
    const local = createMidtransSandbox({
      serverKeys: [KEY],
      qris: { nmid: 'ID1020021181745', merchantName: 'Kayuh Sépéda 骑行 Jakarta Raya Bersama', merchantCity: 'Kota Administrasi Jakarta Pusat' },
      notify: 'https://kayuh.example/api/pay/notify/QRIS',
      now: () => NOW,
    });
    const app = Fastify();
    await app.register(local.plugin);
    const charge = await adapter.charge(request('PY26010500000008', 'QRIS'), secret, injectHttp(app));
    expect(parseQris((charge.display as { payload: string }).payload)).toMatchObject({
      crcValid: true,
      merchantName: 'Kayuh Sepeda Jakarta Raya',
      merchantCity: 'Kota Administra',
    });
    await app.close();
  });
});
