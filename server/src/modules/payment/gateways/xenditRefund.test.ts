import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GatewayHttp, GatewayResponse, RefundRequest } from './types.ts';
import { createXenditAdapter } from './xendit.ts';
import { xenditReason } from './xenditRefund.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/xendit/${name}`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(fixture(name));
const adapter = createXenditAdapter();
const secret = { serverKey: 'xnd_development_kayuh', callbackToken: 'cb-token-kayuh' };
const withToken = { 'x-callback-token': secret.callbackToken };

function fakeHttp(answer: (method: string, path: string) => GatewayResponse) {
  const calls: { method: string; path: string; body?: unknown; headers: Record<string, string> }[] = [];
  const http: GatewayHttp = {
    post: async (path, body, headers) => (calls.push({ method: 'POST', path, body, headers }), answer('POST', path)),
    get: async (path, headers) => (calls.push({ method: 'GET', path, headers }), answer('GET', path)),
  };
  return { http, calls };
}

const dana: RefundRequest = {
  orderId: 'PY26010500000021',
  channelTxnId: 'ewc_bb8c3po-c3po-r2d2-c3po-r2d2c3por2d2',
  channelCode: 'EW_DANA',
  refundKey: 'RF26010500000001',
  amount: 25000,
};
/** The published refund object (a card refund from the Refunds API), as it would answer our request. */
const refundAnswer = (changes: Record<string, unknown> = {}) => ({
  status: 200,
  body: { ...json('refund-card-response.json'), reference_id: dana.refundKey, ...changes },
});

describe('xendit refund', () => {
  it('refunds an eWallet charge through POST /refunds, with our refund_no as reference and idempotency key', async () => {
    const { http, calls } = fakeHttp(() => refundAnswer({ status: 'PENDING' }));
    await expect(adapter.refund({ ...dana, reason: 'CANCELLATION' }, secret, http)).resolves.toEqual({
      status: 'pending',
      channelRefundId: 'rfd-50d758bc-e352-46fc-aa5d-82b69d2fe35a',
      raw: expect.objectContaining({ status: 'PENDING' }),
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/refunds',
        body: {
          payment_request_id: dana.channelTxnId,
          currency: 'IDR',
          reference_id: 'RF26010500000001',
          amount: 25000,
          reason: 'CANCELLATION',
          metadata: { order_id: 'PY26010500000021' },
        },
        headers: expect.objectContaining({ 'idempotency-key': 'RF26010500000001', authorization: expect.stringMatching(/^Basic /) }),
      },
    ]);
  });

  it('maps the published refund statuses, and refuses an answer about another refund', async () => {
    await expect(adapter.refund(dana, secret, fakeHttp(() => refundAnswer()).http)).resolves.toMatchObject({ status: 'succeeded' });
    await expect(
      adapter.refund(dana, secret, fakeHttp(() => refundAnswer({ status: 'FAILED', failure_code: 'INSUFFICIENT_BALANCE' })).http),
    ).resolves.toMatchObject({
      status: 'failed',
      failReason: 'INSUFFICIENT_BALANCE',
    });
    await expect(adapter.refund(dana, secret, fakeHttp(() => refundAnswer({ amount: 24000 })).http)).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('refunds a QRIS payment through the QR Codes API: finds the QR code payment, then refunds it', async () => {
    const { http, calls } = fakeHttp((method) =>
      method === 'GET'
        ? { status: 200, body: { data: [{ ...json('qr-payment-callback.json').data }], has_more: false } }
        : {
            status: 200,
            body: {
              id: 'qrrf_1',
              qr_id: 'qr_61cb3576',
              payment_id: 'qrpy_x',
              reference_id: 'RF26010500000002',
              currency: 'IDR',
              amount: 10000,
              status: 'PENDING',
            },
          },
    );
    const qr = {
      ...dana,
      channelCode: 'QRIS' as const,
      channelTxnId: 'qr_61cb3576-3a25-4d35-8d15-0e8e3bdba4f2',
      refundKey: 'RF26010500000002',
      amount: 10000,
    };
    await expect(adapter.refund(qr, secret, http)).resolves.toMatchObject({ status: 'pending', channelRefundId: 'qrrf_1' });
    expect(calls.map((c) => `${c.method} ${c.path} ${c.headers['api-version']}`)).toEqual([
      'GET /qr_codes/qr_61cb3576-3a25-4d35-8d15-0e8e3bdba4f2/payments 2022-07-31',
      'POST /qr_codes/payments/qrpy_8182837te-87st-49ing-8696-1239bd4d759c/refunds 2022-07-31',
    ]);
  });

  it.each([
    [400, 'REFUND_AMOUNT_EXCEEDED', 'amount_exceeded'],
    [403, 'REFUND_NOT_SUPPORTED', 'unsupported_channel'],
    [403, 'PARTIAL_REFUND_NOT_SUPPORTED', 'unsupported_channel'],
    [400, 'INELIGIBLE_TRANSACTION_STATUS', 'invalid_request'],
    [404, 'DATA_NOT_FOUND', 'not_found'],
    [503, 'CHANNEL_UNAVAILABLE', 'unavailable'],
  ])('turns HTTP %s %s into %s', async (status, error_code, code) => {
    const { http } = fakeHttp(() => ({ status, body: { error_code, message: 'documented error' } }));
    await expect(adapter.refund(dana, secret, http)).rejects.toMatchObject({ name: 'GatewayError', code });
  });

  it('answers an idempotency key used before (409) with the refund listed under it, or refuses', async () => {
    const listed = { data: [{ ...json('refund-card-response.json'), reference_id: dana.refundKey, amount: 25000 }], has_more: false };
    const answer = (method: string) =>
      method === 'POST' ? { status: 409, body: { error_code: 'DUPLICATE_ERROR', message: 'used' } } : { status: 200, body: listed };
    const { http, calls } = fakeHttp(answer);
    await expect(adapter.refund(dana, secret, http)).resolves.toMatchObject({
      status: 'succeeded',
      channelRefundId: 'rfd-50d758bc-e352-46fc-aa5d-82b69d2fe35a',
    });
    expect(calls[1]!.path).toBe(`/refunds?payment_request_id=${dana.channelTxnId}`);
    await expect(adapter.refund({ ...dana, amount: 100 }, secret, http)).rejects.toMatchObject({ code: 'duplicate' });
  });

  it('refuses before calling: VA and OVO payments', async () => {
    const { http, calls } = fakeHttp(() => refundAnswer());
    await expect(adapter.refund({ ...dana, channelCode: 'VA_BRI' }, secret, http)).rejects.toMatchObject({ code: 'unsupported_channel' });
    await expect(adapter.refund({ ...dana, channelCode: 'EW_OVO' }, secret, http)).rejects.toMatchObject({ code: 'unsupported_channel' });
    expect(calls).toEqual([]);
    expect(adapter.refundSupport('EW_OVO')).toMatchObject({ supported: false, reason: expect.stringContaining('OVO') });
    expect(adapter.refundSupported('EW_DANA')).toBe(true);
  });

  it("sends Xendit's reasons as they are, free text as OTHERS, none as the member's request", () => {
    expect(xenditReason('FRAUDULENT')).toBe('FRAUDULENT');
    expect(xenditReason('ride dispute')).toBe('OTHERS');
    expect(xenditReason(undefined)).toBe('REQUESTED_BY_CUSTOMER');
  });
});

describe('xendit refund callbacks', () => {
  it('leaves the published refund.succeeded (a Philippine direct debit) authentic but unsupported', () => {
    expect(adapter.verifyNotification(withToken, fixture('refund-succeeded-callback.json'), secret)).toEqual({
      ok: false,
      reason: 'unsupported',
      detail: 'refund of channel_code BPI',
    });
  });

  it('reads refund.succeeded and refund.failed of an Indonesian eWallet as refund events', () => {
    const ours = (name: string) => {
      const body = json(name);
      Object.assign(body.data, {
        channel_code: 'ID_DANA',
        currency: 'IDR',
        payment_request_id: dana.channelTxnId,
        metadata: { order_id: dana.orderId },
      });
      return JSON.stringify(body);
    };
    expect(adapter.verifyNotification(withToken, ours('refund-succeeded-callback.json'), secret)).toEqual({
      ok: true,
      notification: {
        provider: 'xendit',
        channel: 'EW_DANA',
        orderId: 'PY26010500000021',
        channelTxnId: dana.channelTxnId,
        status: 'refunded',
        providerStatus: 'SUCCEEDED',
        amount: 10000,
        currency: 'IDR',
        refundAmount: 10000,
        refundKey: 'b2756a1e-e6cd-4352-9a68-0483aa2b6a2',
        channelRefundId: 'rfd-6f4a377d-a201-437f-9119-f8b00cbbe857',
        eventKey: `EW_DANA:${dana.channelTxnId}:refunded:b2756a1e-e6cd-4352-9a68-0483aa2b6a2`,
      },
    });
    expect(adapter.verifyNotification(withToken, ours('refund-failed-callback.json'), secret)).toMatchObject({
      ok: true,
      notification: { status: 'refund_failed', providerStatus: 'FAILED', refundKey: 'b2756a1e-e6cd-4352-9a68-0483aa2b6a2' },
    });
  });

  it('refuses a refund callback without the token, and calls one without a payment malformed', () => {
    expect(adapter.verifyNotification({ 'x-callback-token': 'forged' }, fixture('refund-succeeded-callback.json'), secret)).toEqual({
      ok: false,
      reason: 'signature',
    });
    const body = json('refund-succeeded-callback.json');
    Object.assign(body.data, { channel_code: 'ID_DANA', currency: 'IDR', payment_id: null });
    expect(adapter.verifyNotification(withToken, JSON.stringify(body), secret)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
