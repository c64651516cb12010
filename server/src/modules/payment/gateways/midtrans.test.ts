import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMidtransAdapter, midtransSignature } from './midtrans.ts';
import { GatewayError, type ChargeRequest, type GatewayHttp, type GatewayResponse } from './types.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/midtrans/${name}`, import.meta.url), 'utf8');

/** The sandbox server key Midtrans publishes with its example app; it signed notification-card-capture.json. */
const PUBLISHED_SANDBOX_KEY = 'SB-Mid-server-GwUP_WGbJPXsDzsNEBRs8IYA';
const TEST_KEY = 'SB-Mid-server-kayuh-test';
const NOW = new Date('2026-01-05T03:00:00Z');
const adapter = createMidtransAdapter({ now: () => NOW });

/** A published body with some fields changed and signed with `key`, as Midtrans would sign it. */
function signed(name: string, changes: Record<string, unknown> = {}, key = TEST_KEY): string {
  const body = { ...JSON.parse(fixture(name)), ...changes };
  body.signature_key = midtransSignature(body.order_id, body.status_code, body.gross_amount, key);
  return JSON.stringify(body);
}

function fakeHttp(answer: (method: string, path: string) => GatewayResponse) {
  const calls: { method: string; path: string; body?: unknown; headers: Record<string, string> }[] = [];
  const http: GatewayHttp = {
    post: async (path, body, headers) => (calls.push({ method: 'POST', path, body, headers }), answer('POST', path)),
    get: async (path, headers) => (calls.push({ method: 'GET', path, headers }), answer('GET', path)),
  };
  return { http, calls };
}

const answer =
  (name: string, changes: Record<string, unknown> = {}) =>
  () => ({ status: 200, body: { ...JSON.parse(fixture(name)), ...changes } });

describe('midtrans verifyNotification', () => {
  it('accepts the published notification signed with the published sandbox key', () => {
    const check = adapter.verifyNotification({}, fixture('notification-card-capture.json'), { serverKey: PUBLISHED_SANDBOX_KEY });
    expect(check).toEqual({
      ok: true,
      notification: {
        provider: 'midtrans',
        channel: 'CARD',
        orderId: 'order-id-node-1541395013',
        channelTxnId: '9a83774c-b56b-4724-acf2-c35d73834a36',
        status: 'paid',
        providerStatus: 'capture',
        amount: 200000,
        currency: 'IDR',
        paidAt: new Date('2018-11-05T12:16:53+07:00'),
        issuer: undefined,
        eventKey: 'CARD:9a83774c-b56b-4724-acf2-c35d73834a36:paid',
      },
    });
  });

  it('refuses it under another server key', () => {
    expect(adapter.verifyNotification({}, fixture('notification-card-capture.json'), { serverKey: TEST_KEY })).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it.each([
    ['a changed amount', ['"gross_amount": "200000.00"', '"gross_amount": "2000000.00"']],
    ['a changed order', ['"order_id": "order-id-node-1541395013"', '"order_id": "order-id-node-1541395014"']],
    ['a changed status code', ['"status_code": "200"', '"status_code": "201"']],
    ['a changed signature', ['"signature_key": "d302', '"signature_key": "e302']],
  ])('refuses a published body with %s', (_case, [from, to]) => {
    const body = fixture('notification-card-capture.json');
    expect(body).toContain(from);
    expect(adapter.verifyNotification({}, body.replace(from, to), { serverKey: PUBLISHED_SANDBOX_KEY })).toEqual({ ok: false, reason: 'signature' });
  });

  it.each([
    ['text that is not JSON', 'transaction_status=settlement'],
    ['JSON without the signed fields', '{"order_id":"x","transaction_status":"settlement"}'],
    ['an array', '[]'],
  ])('calls %s malformed', (_case, body) => {
    expect(adapter.verifyNotification({}, body, { serverKey: TEST_KEY })).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('refuses a signed amount with a fraction of a rupiah', () => {
    const body = signed('notification-qris-settlement.json', { gross_amount: '5539.50' });
    expect(adapter.verifyNotification({}, body, { serverKey: TEST_KEY })).toMatchObject({ ok: false, reason: 'malformed' });
    expect(
      adapter.verifyNotification({}, signed('notification-qris-settlement.json', { gross_amount: '5539.00' }), { serverKey: TEST_KEY }),
    ).toMatchObject({
      ok: true,
      notification: { amount: 5539 },
    });
  });

  it('refuses a paid status that was not signed with the success status code', () => {
    // transaction_status is outside the signature; a settlement must come with the "200" it was signed with.
    const body = signed('notification-qris-settlement.json', { status_code: '201' });
    expect(adapter.verifyNotification({}, body, { serverKey: TEST_KEY })).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('reads QRIS, BCA VA and Mandiri bill notifications from the documentation', () => {
    const read = (name: string) => {
      const check = adapter.verifyNotification({}, signed(name), { serverKey: TEST_KEY });
      if (!check.ok) throw new Error(check.reason);
      return check.notification;
    };
    expect(read('notification-qris-settlement.json')).toMatchObject({
      channel: 'QRIS',
      orderId: 'qris-01',
      status: 'paid',
      amount: 5539,
      issuer: 'gopay',
      paidAt: new Date('2021-06-23T14:06:48+07:00'),
      eventKey: 'QRIS:513f1f01-c9da-474c-9fc9-d5c64364b709:paid',
    });
    expect(read('notification-bca-va-settlement.json')).toMatchObject({ channel: 'VA_BCA', amount: 100000, issuer: 'bca', status: 'paid' });
    expect(read('notification-mandiri-bill-settlement.json')).toMatchObject({ channel: 'VA_MANDIRI', amount: 30000, status: 'paid' });
    expect(read('notification-card-deny.json')).toMatchObject({ channel: 'CARD', status: 'failed', providerStatus: 'deny', paidAt: undefined });
  });

  it('calls an authentic notification for a method we do not take unsupported', () => {
    expect(adapter.verifyNotification({}, signed('notification-permata-expire.json'), { serverKey: TEST_KEY })).toEqual({
      ok: false,
      reason: 'unsupported',
      detail: 'payment_type bank_transfer',
    });
  });

  it.each([
    ['settlement', '200', undefined, 'paid'],
    ['capture', '200', 'accept', 'paid'],
    ['capture', '201', 'challenge', 'pending'],
    ['capture', '202', 'deny', 'failed'],
    ['pending', '201', undefined, 'pending'],
    ['deny', '202', undefined, 'failed'],
    ['cancel', '200', undefined, 'failed'],
    ['failure', '202', undefined, 'failed'],
    ['expire', '202', undefined, 'expired'],
    ['refund', '200', undefined, 'refunded'],
    ['partial_refund', '200', undefined, 'refunded'],
  ])('maps transaction_status %s (%s, fraud %s) to %s', (transaction_status, status_code, fraud_status, expected) => {
    const body = signed('notification-qris-settlement.json', { transaction_status, status_code, fraud_status });
    const check = adapter.verifyNotification({}, body, { serverKey: TEST_KEY });
    expect(check).toMatchObject({ ok: true, notification: { status: expected, providerStatus: transaction_status } });
  });

  it('calls a status word it does not know unsupported', () => {
    const body = signed('notification-qris-settlement.json', { transaction_status: 'on_hold' });
    expect(adapter.verifyNotification({}, body, { serverKey: TEST_KEY })).toMatchObject({ ok: false, reason: 'unsupported' });
  });
});

describe('midtrans charge', () => {
  const base: ChargeRequest = {
    orderId: 'order102',
    amount: 789000,
    currency: 'IDR',
    channelCode: 'QRIS',
    expiresAt: new Date(NOW.getTime() + 15 * 60_000),
  };

  it('posts a QRIS charge with Basic auth and a custom expiry, and shows the QR string', async () => {
    const { http, calls } = fakeHttp(answer('charge-qris-response.json'));
    const result = await adapter.charge({ ...base, notifyUrl: 'https://kayuh.example/api/pay/notify/QRIS' }, { serverKey: TEST_KEY }, http);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/v2/charge',
        headers: {
          authorization: `Basic ${Buffer.from(`${TEST_KEY}:`).toString('base64')}`,
          accept: 'application/json',
          'x-override-notification': 'https://kayuh.example/api/pay/notify/QRIS',
        },
        body: {
          payment_type: 'qris',
          qris: { acquirer: 'gopay' },
          transaction_details: { order_id: 'order102', gross_amount: 789000 },
          custom_expiry: { order_time: '2026-01-05 10:00:00 +0700', expiry_duration: 15, unit: 'minute' },
        },
      },
    ]);
    expect(result).toMatchObject({
      channelTxnId: '01bf5e23-7183-4cfe-862c-58a3f6e8f0a2',
      status: 'pending',
      display: { kind: 'qris', payload: '00020...a-long-string...75C' },
    });
  });

  it('shows a BCA VA number, a Mandiri bill key with its biller code, and GoPay links', async () => {
    const bca = await adapter.charge(
      { ...base, orderId: '1571823229', amount: 44000, channelCode: 'VA_BCA' },
      { serverKey: TEST_KEY },
      fakeHttp(answer('charge-bca-va-response.json')).http,
    );
    expect(bca.display).toEqual({ kind: 'va', bank: 'bca', vaNumber: '812785002530231' });
    const mandiri = await adapter.charge(
      { ...base, orderId: '1571823332', amount: 44000, channelCode: 'VA_MANDIRI' },
      { serverKey: TEST_KEY },
      fakeHttp(answer('charge-mandiri-bill-response.json')).http,
    );
    expect(mandiri.display).toEqual({ kind: 'va', bank: 'mandiri', vaNumber: '778347787706', billerCode: '70012' });
    const gopay = fakeHttp(answer('charge-gopay-response.json'));
    const wallet = await adapter.charge(
      { ...base, orderId: 'order-101h-1570513296', amount: 44000, channelCode: 'EW_GOPAY', returnUrl: 'kayuh://paid' },
      { serverKey: TEST_KEY },
      gopay.http,
    );
    expect(gopay.calls[0].body).toMatchObject({ payment_type: 'gopay', gopay: { enable_callback: true, callback_url: 'kayuh://paid' } });
    expect(wallet.display).toMatchObject({ kind: 'redirect', deeplink: expect.stringContaining('simulator.sandbox.midtrans.com') });
  });

  it('asks Mandiri through echannel and the other banks through bank_transfer', async () => {
    const { http, calls } = fakeHttp(
      answer('charge-bca-va-response.json', { order_id: 'x', gross_amount: '44000.00', va_numbers: [{ bank: 'bri', va_number: '1' }] }),
    );
    await adapter.charge({ ...base, orderId: 'x', amount: 44000, channelCode: 'VA_BRI' }, { serverKey: TEST_KEY }, http);
    expect(calls[0].body).toMatchObject({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bri' } });
  });

  it('turns the wrong-key answer into an unauthorized GatewayError', async () => {
    const { http } = fakeHttp(answer('error-401.json'));
    await expect(adapter.charge(base, { serverKey: 'wrong' }, http)).rejects.toMatchObject({ name: 'GatewayError', code: 'unauthorized' });
  });

  it('turns a duplicate order answer into a duplicate GatewayError, whatever the HTTP status', async () => {
    for (const status of [200, 406]) {
      const { http } = fakeHttp(() => ({ status, body: { status_code: '406', status_message: 'Duplicate order ID.' } }));
      await expect(adapter.charge(base, { serverKey: TEST_KEY }, http)).rejects.toMatchObject({ code: 'duplicate' });
    }
  });

  it.each([
    ['another amount', { gross_amount: '789001.00' }],
    ['another order', { order_id: 'order103' }],
    ['another payment method', { payment_type: 'gopay' }],
  ])('refuses an answer for %s', async (_case, change) => {
    const { http } = fakeHttp(answer('charge-qris-response.json', change));
    await expect(adapter.charge(base, { serverKey: TEST_KEY }, http)).rejects.toMatchObject({ code: 'bad_response' });
  });

  it.each<[string, Partial<ChargeRequest>, string]>([
    ['a channel Midtrans Core API does not charge', { channelCode: 'EW_OVO' }, 'unsupported_channel'],
    ['another currency', { currency: 'USD' }, 'invalid_request'],
    ['a fraction', { amount: 10.5 }, 'invalid_request'],
    ['an expiry in the past', { expiresAt: new Date(NOW.getTime() - 1) }, 'invalid_request'],
  ])('refuses %s before calling Midtrans', async (_case, change, code) => {
    const { http, calls } = fakeHttp(answer('charge-qris-response.json'));
    await expect(adapter.charge({ ...base, ...change }, { serverKey: TEST_KEY }, http)).rejects.toBeInstanceOf(GatewayError);
    await expect(adapter.charge({ ...base, ...change }, { serverKey: TEST_KEY }, http)).rejects.toMatchObject({ code });
    expect(calls).toEqual([]);
  });
});

describe('midtrans status', () => {
  const ref = { orderId: 'Postman-1578568851', channelTxnId: '57d5293c-e65f-4a29-95e4-5959c3fa335b', channelCode: 'CARD' as const };

  it('reads GET /v2/{order_id}/status', async () => {
    const { http, calls } = fakeHttp(answer('status-card-settlement.json'));
    const status = await adapter.status(ref, { serverKey: TEST_KEY }, http);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v2/Postman-1578568851/status' });
    expect(status).toMatchObject({ status: 'paid', amount: 10000, paidAt: new Date('2020-01-10T16:15:31+07:00') });
  });

  it('reads the 407 answer of an expired transaction as expired, not as an error', async () => {
    const { http } = fakeHttp(answer('status-card-settlement.json', { status_code: '407', transaction_status: 'expire' }));
    await expect(adapter.status(ref, { serverKey: TEST_KEY }, http)).resolves.toMatchObject({ status: 'expired' });
  });

  it('refuses an answer about another transaction, and reports an unknown order', async () => {
    await expect(
      adapter.status({ ...ref, channelTxnId: 'other' }, { serverKey: TEST_KEY }, fakeHttp(answer('status-card-settlement.json')).http),
    ).rejects.toMatchObject({
      code: 'bad_response',
    });
    const missing = fakeHttp(() => ({ status: 200, body: { status_code: '404', status_message: 'The requested resource is not found' } }));
    await expect(adapter.status(ref, { serverKey: TEST_KEY }, missing.http)).rejects.toMatchObject({ code: 'not_found' });
  });
});
