import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createXenditAdapter, e164Indonesia } from './xendit.ts';
import type { ChargeRequest, GatewayHttp, GatewayResponse, PaymentRef } from './types.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/xendit/${name}`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(fixture(name));

const NOW = new Date('2026-01-05T03:00:00Z');
const adapter = createXenditAdapter({ now: () => NOW });
const secret = { serverKey: 'xnd_development_kayuh', callbackToken: 'cb-token-kayuh' };
const withToken = { 'x-callback-token': secret.callbackToken };

function fakeHttp(answer: (method: string, path: string, body?: unknown) => GatewayResponse) {
  const calls: { method: string; path: string; body?: unknown; headers: Record<string, string> }[] = [];
  const http: GatewayHttp = {
    post: async (path, body, headers) => (calls.push({ method: 'POST', path, body, headers }), answer('POST', path, body)),
    get: async (path, headers) => (calls.push({ method: 'GET', path, headers }), answer('GET', path)),
  };
  return { http, calls };
}

describe('xendit verifyNotification', () => {
  it('reads the published QR payment callback (api-version 2022-07-31)', () => {
    expect(adapter.verifyNotification(withToken, fixture('qr-payment-callback.json'), secret)).toEqual({
      ok: true,
      notification: {
        provider: 'xendit',
        channel: 'QRIS',
        orderId: 'order-id-1666420204',
        channelTxnId: 'qr_61cb3576-3a25-4d35-8d15-0e8e3bdba4f2',
        status: 'paid',
        providerStatus: 'SUCCEEDED',
        amount: 10000,
        currency: 'IDR',
        paidAt: new Date('2022-10-22T06:30:05.864Z'),
        issuer: 'GOPAY',
        rrn: '000111666',
        eventKey: 'QRIS:qr_61cb3576-3a25-4d35-8d15-0e8e3bdba4f2:paid',
      },
    });
  });

  it('checks the x-callback-token header, whatever its case, in constant time', () => {
    const body = fixture('qr-payment-callback.json');
    expect(adapter.verifyNotification({ 'X-CALLBACK-TOKEN': ['cb-token-kayuh'] }, body, secret)).toMatchObject({ ok: true });
    expect(adapter.verifyNotification({}, body, secret)).toEqual({ ok: false, reason: 'signature' });
    expect(adapter.verifyNotification({ 'x-callback-token': 'cb-token-kayuhX' }, body, secret)).toEqual({ ok: false, reason: 'signature' });
    expect(adapter.verifyNotification(withToken, body, { serverKey: secret.serverKey })).toEqual({ ok: false, reason: 'signature' });
  });

  it.each([
    ['text that is not JSON', 'event=qr.payment'],
    ['a JSON array', '[]'],
    ['a QR payment with its amount as text', fixture('qr-payment-callback.json').replace('"amount": 10000', '"amount": "10000"')],
    ['a QR payment with a fraction of a rupiah', fixture('qr-payment-callback.json').replace('"amount": 10000', '"amount": 10000.5')],
    ['an eWallet capture without its reference', fixture('ewallet-capture-shopeepay-callback.json').replace('"reference_id": "test-payload",', '')],
  ])('calls %s malformed', (_case, body) => {
    expect(adapter.verifyNotification(withToken, body, secret)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('reads a fixed VA payment callback, and leaves a bank we do not use unsupported', () => {
    const published = fixture('fva-paid-callback.json');
    expect(adapter.verifyNotification(withToken, published, secret)).toEqual({ ok: false, reason: 'unsupported', detail: 'bank_code BNC' });
    const bni = published.replace('"bank_code": "BNC"', '"bank_code": "BNI"');
    expect(adapter.verifyNotification(withToken, bni, secret)).toMatchObject({
      ok: true,
      notification: {
        channel: 'VA_BNI',
        orderId: 'demo-1502437214715',
        channelTxnId: '598d5f71bf64853820c49a18',
        status: 'paid',
        amount: 50000,
        paidAt: new Date('2021-07-24T05:22:55.115Z'),
        rrn: '66143641700',
        eventKey: 'VA_BNI:598d5f71bf64853820c49a18:paid',
      },
    });
  });

  it.each([
    ['SUCCEEDED', 'paid'],
    ['PENDING', 'pending'],
    ['FAILED', 'failed'],
    ['VOIDED', 'failed'],
  ])('reads an ewallet.capture with status %s as %s', (status, expected) => {
    const body = fixture('ewallet-capture-shopeepay-callback.json').replace('"status": "SUCCEEDED"', `"status": "${status}"`);
    expect(adapter.verifyNotification(withToken, body, secret)).toMatchObject({
      ok: true,
      notification: {
        channel: 'EW_SHOPEEPAY',
        orderId: 'test-payload',
        channelTxnId: 'ewc_95d47d3a-db03-4b4b-9b6c-71077157cbc8',
        status: expected,
        amount: 20000,
      },
    });
  });

  it('leaves callbacks that are not payments unsupported', () => {
    const created = JSON.stringify({ ...json('fva-create-response.json'), status: 'ACTIVE' });
    expect(adapter.verifyNotification(withToken, created, secret)).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(adapter.verifyNotification(withToken, '{"event":"payment_method.activated","data":{}}', secret)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
  });
});

describe('xendit charge', () => {
  const base: ChargeRequest = {
    orderId: 'PY26010500000001',
    amount: 25000,
    currency: 'IDR',
    channelCode: 'QRIS',
    expiresAt: new Date('2026-01-05T03:15:00Z'),
  };

  it('creates a dynamic QR code with the versioned API and shows its QR string', async () => {
    const { http, calls } = fakeHttp((_m, _p, body) => ({
      status: 201,
      body: { id: 'qr_1', ...(body as object), status: 'ACTIVE', qr_string: '000201010212…', expires_at: '2026-01-05T03:15:00Z' },
    }));
    const result = await adapter.charge(base, secret, http);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/qr_codes',
        headers: {
          authorization: `Basic ${Buffer.from('xnd_development_kayuh:').toString('base64')}`,
          accept: 'application/json',
          'api-version': '2022-07-31',
        },
        body: { reference_id: 'PY26010500000001', type: 'DYNAMIC', currency: 'IDR', amount: 25000, expires_at: '2026-01-05T03:15:00.000Z' },
      },
    ]);
    expect(result).toMatchObject({
      channelTxnId: 'qr_1',
      status: 'pending',
      display: { kind: 'qris', payload: '000201010212…' },
      expiresAt: new Date('2026-01-05T03:15:00Z'),
    });
  });

  it("opens a single-use, closed-amount fixed VA in the member's name", async () => {
    const { http, calls } = fakeHttp((_m, _p, body) => ({
      status: 200,
      body: {
        ...json('fva-create-response.json'),
        external_id: base.orderId,
        expected_amount: 25000,
        bank_code: 'BRI',
        is_closed: true,
        is_single_use: true,
        ...{ name: (body as { name: string }).name },
      },
    }));
    const result = await adapter.charge({ ...base, channelCode: 'VA_BRI', customer: { name: 'Siti Nur-Aini 2' } }, secret, http);
    expect(calls[0]).toMatchObject({
      path: '/callback_virtual_accounts',
      body: {
        external_id: base.orderId,
        bank_code: 'BRI',
        name: 'Siti Nur Aini',
        expected_amount: 25000,
        is_closed: true,
        is_single_use: true,
        expiration_date: '2026-01-05T03:15:00.000Z',
      },
    });
    expect(result).toMatchObject({ channelTxnId: '60513720d0435601d9d43e5e', display: { kind: 'va', bank: 'BRI', vaNumber: '886089999497724' } });
  });

  it("charges OVO by the payer's number and DANA with a return URL", async () => {
    const ovo = fakeHttp(() => ({
      status: 202,
      body: { ...json('ewallet-charge-response.json'), reference_id: base.orderId, charge_amount: 25000 },
    }));
    const pushed = await adapter.charge({ ...base, channelCode: 'EW_OVO', customer: { phone: '0812-3456-7890' } }, secret, ovo.http);
    expect(ovo.calls[0].body).toMatchObject({
      channel_code: 'ID_OVO',
      checkout_method: 'ONE_TIME_PAYMENT',
      channel_properties: { mobile_number: '+6281234567890' },
    });
    expect(pushed).toMatchObject({ channelTxnId: 'ewc_f3925450-5c54-4777-98c1-fcf22b0d1e1c', display: { kind: 'push', phone: '+6281234567890' } });

    await expect(adapter.charge({ ...base, channelCode: 'EW_DANA' }, secret, fakeHttp(() => ({ status: 500, body: {} })).http)).rejects.toMatchObject(
      {
        code: 'invalid_request',
      },
    );
    const dana = fakeHttp(() => ({
      status: 202,
      body: { ...json('ewallet-charge-response.json'), reference_id: base.orderId, charge_amount: 25000, channel_code: 'ID_DANA' },
    }));
    const redirected = await adapter.charge({ ...base, channelCode: 'EW_DANA', returnUrl: 'https://kayuh.example/paid' }, secret, dana.http);
    expect(dana.calls[0].body).toMatchObject({ channel_code: 'ID_DANA', channel_properties: { success_redirect_url: 'https://kayuh.example/paid' } });
    expect(redirected.display).toEqual({
      kind: 'redirect',
      url: 'https://mobile.deeplink.checkout.url',
      deeplink: 'https://mobile.deeplink.checkout.url',
    });
  });

  it.each([
    [401, { error_code: 'INVALID_API_KEY', message: 'API key is not authorized for this API service' }, 'unauthorized'],
    [409, { error_code: 'DUPLICATE_ERROR', message: 'reference_id has been used before' }, 'duplicate'],
    [400, { error_code: 'API_VALIDATION_ERROR', message: 'amount must be a number' }, 'invalid_request'],
    [403, { error_code: 'CHANNEL_NOT_ACTIVATED', message: 'not activated' }, 'unsupported_channel'],
    [503, { error_code: 'CHANNEL_UNAVAILABLE', message: 'down' }, 'unavailable'],
  ])('turns HTTP %s %o into %s', async (status, body, code) => {
    await expect(adapter.charge(base, secret, fakeHttp(() => ({ status, body })).http)).rejects.toMatchObject({ name: 'GatewayError', code });
  });

  it('refuses channels Xendit does not charge here and bad phone numbers, before calling', async () => {
    const { http, calls } = fakeHttp(() => ({ status: 500, body: {} }));
    await expect(adapter.charge({ ...base, channelCode: 'EW_GOPAY' }, secret, http)).rejects.toMatchObject({ code: 'unsupported_channel' });
    await expect(adapter.charge({ ...base, channelCode: 'EW_OVO', customer: { phone: '12345' } }, secret, http)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(calls).toEqual([]);
    expect(e164Indonesia('+62 812 3456 7890')).toBe('+6281234567890');
    expect(e164Indonesia('6281234567890')).toBe('+6281234567890');
  });
});

describe('xendit status', () => {
  const qrRef: PaymentRef = { orderId: 'order-id-1666420204', channelTxnId: 'qr_61cb3576-3a25-4d35-8d15-0e8e3bdba4f2', channelCode: 'QRIS' };
  const qr = (status: string, expires_at: string) => ({
    id: qrRef.channelTxnId,
    reference_id: qrRef.orderId,
    amount: 10000,
    currency: 'IDR',
    status,
    qr_string: 'x',
    expires_at,
  });

  it("finds a succeeded payment among a QR code's payments", async () => {
    const { http, calls } = fakeHttp(() => ({ status: 200, body: { data: [json('qr-payment-callback.json').data], has_more: false } }));
    await expect(adapter.status(qrRef, secret, http)).resolves.toMatchObject({ status: 'paid', amount: 10000, rrn: '000111666' });
    expect(calls[0]).toMatchObject({ path: `/qr_codes/${qrRef.channelTxnId}/payments`, headers: { 'api-version': '2022-07-31' } });
  });

  it('reads an unpaid QR code as pending, then expired once past its expiry', async () => {
    const answer = (code: object) => fakeHttp((_m, path) => ({ status: 200, body: path.endsWith('/payments') ? { data: [] } : code })).http;
    await expect(adapter.status(qrRef, secret, answer(qr('ACTIVE', '2026-01-05T03:15:00Z')))).resolves.toMatchObject({
      status: 'pending',
      eventKey: `QRIS:${qrRef.channelTxnId}:pending`,
    });
    await expect(adapter.status(qrRef, secret, answer(qr('INACTIVE', '2026-01-05T02:59:00Z')))).resolves.toMatchObject({ status: 'expired' });
    await expect(adapter.status(qrRef, secret, answer(qr('INACTIVE', '2026-01-05T03:15:00Z')))).rejects.toMatchObject({ code: 'indeterminate' });
  });

  it('never guesses a fixed VA paid from its status alone', async () => {
    const ref: PaymentRef = { orderId: 'VA_fixed-1615935264', channelTxnId: '60513720d0435601d9d43e5e', channelCode: 'VA_MANDIRI' };
    const va = (status: string, expiration_date: string) =>
      fakeHttp(() => ({ status: 200, body: { ...json('fva-create-response.json'), status, expiration_date } })).http;
    await expect(adapter.status(ref, secret, va('ACTIVE', '2052-03-16T17:00:00.000Z'))).resolves.toMatchObject({ status: 'pending' });
    await expect(adapter.status(ref, secret, va('INACTIVE', '2026-01-01T00:00:00.000Z'))).resolves.toMatchObject({ status: 'expired' });
    await expect(adapter.status(ref, secret, va('INACTIVE', '2052-03-16T17:00:00.000Z'))).rejects.toMatchObject({ code: 'indeterminate' });
  });

  it('reads an eWallet charge by its id', async () => {
    const ref: PaymentRef = { orderId: 'test-payload', channelTxnId: 'ewc_95d47d3a-db03-4b4b-9b6c-71077157cbc8', channelCode: 'EW_SHOPEEPAY' };
    const { http, calls } = fakeHttp(() => ({ status: 200, body: json('ewallet-capture-shopeepay-callback.json').data }));
    await expect(adapter.status(ref, secret, http)).resolves.toMatchObject({ status: 'paid', amount: 20000 });
    expect(calls[0].path).toBe('/ewallets/charges/ewc_95d47d3a-db03-4b4b-9b6c-71077157cbc8');
  });
});
