import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMidtransAdapter, midtransSignature } from './midtrans.ts';
import type { GatewayHttp, GatewayResponse, RefundRequest } from './types.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/midtrans/${name}`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(fixture(name));
const KEY = 'SB-Mid-server-kayuh-test';
const secret = { serverKey: KEY };
const adapter = createMidtransAdapter();

function fakeHttp(answer: (method: string, path: string) => GatewayResponse) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const http: GatewayHttp = {
    post: async (path, body) => (calls.push({ method: 'POST', path, body }), answer('POST', path)),
    get: async (path) => (calls.push({ method: 'GET', path }), answer('GET', path)),
  };
  return { http, calls };
}

/** The published refund answer, as it would come for the order of `req`. */
const published = (name: string, changes: Record<string, unknown> = {}) => ({ status: 200, body: { ...json(name), order_id: 'vtcc05', ...changes } });

const req: RefundRequest = {
  orderId: 'vtcc05',
  channelTxnId: '447e846a-403e-47db-a5da-d7f3f06375d6',
  channelCode: 'QRIS',
  refundKey: 'reference1',
  amount: 10000,
};

/** A published notification with some fields changed and signed with our test key, as Midtrans would sign it. */
function signed(name: string, changes: Record<string, unknown> = {}): string {
  const body = { ...json(name), ...changes };
  body.signature_key = midtransSignature(body.order_id, body.status_code, body.gross_amount, KEY);
  return JSON.stringify(body);
}

describe('midtrans refund', () => {
  it('posts refund_key, amount and reason to /v2/{order_id}/refund and reads the published answer as succeeded', async () => {
    const { http, calls } = fakeHttp(() => published('refund-response.json'));
    await expect(adapter.refund({ ...req, reason: 'ride dispute' }, secret, http)).resolves.toEqual({
      status: 'succeeded',
      channelRefundId: '1',
      raw: expect.objectContaining({ transaction_status: 'refund' }),
    });
    expect(calls).toEqual([{ method: 'POST', path: '/v2/vtcc05/refund', body: { refund_key: 'reference1', amount: 10000, reason: 'ride dispute' } }]);
  });

  it('reads a partial refund as succeeded, and sends QRIS to the direct endpoint when set up for it', async () => {
    const { http, calls } = fakeHttp(() => published('refund-partial-response.json'));
    const direct = createMidtransAdapter({ directRefund: true });
    await expect(direct.refund({ ...req, amount: 5000 }, secret, http)).resolves.toMatchObject({ status: 'succeeded', channelRefundId: '1' });
    expect(calls[0]!.path).toBe('/v2/vtcc05/refund/online/direct');
  });

  it('reads the published rejected direct refund (202, still settlement) as failed with its message', async () => {
    const { http } = fakeHttp(() => published('direct-refund-rejected.json', { refund_key: 'reference1' }));
    await expect(adapter.refund(req, secret, http)).resolves.toMatchObject({
      status: 'failed',
      channelRefundId: '47594',
      failReason: 'Refund denied by the bank',
    });
  });

  it('turns 414 into amount_exceeded and 412 into invalid_request', async () => {
    await expect(
      adapter.refund(req, secret, fakeHttp(() => ({ status: 200, body: json('refund-error-invalid-amount.json') })).http),
    ).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'amount_exceeded',
    });
    await expect(adapter.refund(req, secret, fakeHttp(() => ({ status: 412, body: json('refund-error-invalid.json') })).http)).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('answers a reused refund_key (406) with what the status answer lists for it, and refuses one used for another amount', async () => {
    const status = { ...json('notification-refund-bank-confirmed.json'), order_id: 'vtcc05', status_message: 'Success, transaction is found' };
    const answer = (method: string) =>
      method === 'POST' ? { status: 200, body: json('refund-error-duplicate.json') } : { status: 200, body: status };
    const { http, calls } = fakeHttp(answer);
    await expect(adapter.refund({ ...req, amount: 5000 }, secret, http)).resolves.toMatchObject({ status: 'succeeded', channelRefundId: '1' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v2/vtcc05/refund', 'GET /v2/vtcc05/status']);
    await expect(adapter.refund({ ...req, amount: 6000 }, secret, http)).rejects.toMatchObject({ code: 'duplicate' });
    await expect(adapter.refund({ ...req, refundKey: 'reference9', amount: 5000 }, secret, http)).rejects.toMatchObject({ code: 'duplicate' });
  });

  it('refuses before calling: VA payments, keys Midtrans would not take, amounts that are not whole rupiah', async () => {
    const { http, calls } = fakeHttp(() => published('refund-response.json'));
    await expect(adapter.refund({ ...req, channelCode: 'VA_BCA' }, secret, http)).rejects.toMatchObject({
      code: 'unsupported_channel',
      message: expect.stringContaining('bank transfer'),
    });
    await expect(adapter.refund({ ...req, refundKey: 'RF 1/2' }, secret, http)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(adapter.refund({ ...req, amount: 10.5 }, secret, http)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(calls).toEqual([]);
  });

  it('says which channels refund, and why not', () => {
    expect(adapter.refundSupported('QRIS')).toBe(true);
    expect(adapter.refundSupported('VA_MANDIRI')).toBe(false);
    expect(adapter.refundSupport('EW_SHOPEEPAY')).toMatchObject({ supported: true, partial: false });
    expect(adapter.refundSupport('VA_BNI')).toEqual({ supported: false, reason: expect.stringContaining('bank transfer') });
  });
});

describe('midtrans refund notifications', () => {
  it('reads the published bank-confirmed refund notification: the refund that moved last, and its key', () => {
    expect(adapter.verifyNotification({}, signed('notification-refund-bank-confirmed.json'), secret)).toEqual({
      ok: true,
      notification: {
        provider: 'midtrans',
        channel: 'CARD',
        orderId: '1000176721005355',
        channelTxnId: '841c7da8-530b-435a-9f67-c9d632d15537',
        status: 'refunded',
        providerStatus: 'refund',
        amount: 698879,
        currency: 'IDR',
        paidAt: undefined,
        issuer: undefined,
        refundAmount: 7000,
        refundKey: 'reference2',
        channelRefundId: '2',
        eventKey: 'CARD:841c7da8-530b-435a-9f67-c9d632d15537:refunded:reference2',
      },
    });
  });

  it('reads a partial refund notification with its cumulative refund_amount', () => {
    const check = adapter.verifyNotification({}, signed('notification-partial-refund.json'), secret);
    expect(check).toMatchObject({
      ok: true,
      notification: {
        status: 'refunded',
        providerStatus: 'partial_refund',
        amount: 30000,
        refundAmount: 7000,
        refundKey: 'reference2',
        refundedTotal: 12000,
      },
    });
  });

  it('refuses a refund notification whose refund was changed after signing, or signed with another key', () => {
    const body = signed('notification-partial-refund.json');
    // The signature covers order_id, status_code and gross_amount only: a changed refund amount must not pass unnoticed
    // either, so the refund machine checks refundAmount against its own refund row.
    const tampered = body.replace('"gross_amount":"30000.00"', '"gross_amount":"31000.00"');
    expect(adapter.verifyNotification({}, tampered, secret)).toEqual({ ok: false, reason: 'signature' });
    expect(adapter.verifyNotification({}, body, { serverKey: 'SB-Mid-server-other' })).toEqual({ ok: false, reason: 'signature' });
    expect(adapter.verifyNotification({}, fixture('notification-partial-refund.json'), secret)).toEqual({ ok: false, reason: 'signature' });
  });

  it('calls a refund with a fraction of a rupiah malformed', () => {
    const body = json('notification-partial-refund.json');
    body.refunds[1].refund_amount = '7000.50';
    const text = signed('notification-partial-refund.json', { refunds: body.refunds });
    expect(adapter.verifyNotification({}, text, secret)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
