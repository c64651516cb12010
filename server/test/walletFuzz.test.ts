import { Code } from '@kayuh/contract/codes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { bodyOf, hostile as hostileValues, noFault, query, testMember } from './hostileInput.ts';

/**
 * Bad input to the money routes never gives a 500 and never moves money: hostile top-up, withdrawal, prepaid, refund
 * and notification bodies and headers, from a signed-in member and from staff.
 */
const t = useTestApp();
const SEED = 20_261_126;

const hostile = hostileValues(Number.MAX_SAFE_INTEGER + 2, null, [], {}, 'QRIS', 50_000);
const body = (keys: string[]) => bodyOf(keys, hostile);
const member = () => testMember(t);

describe('money routes under hostile input', () => {
  it('top-up, withdrawal and the statement refuse bad input cleanly, and the wallet does not move', async () => {
    const headers = await member();
    const before = (await t.call('GET', '/api/app/wallet', { headers })).data;
    await fc.assert(
      fc.asyncProperty(body(['amount', 'channelCode', 'packageId', 'cityCode']), hostile, async (payload, key) => {
        for (const url of ['/api/app/wallet/topup', '/api/app/wallet/withdraw']) {
          const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': String(key) }, payload });
          noFault(res.statusCode, res.json().code);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (before, size) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/app/wallet/statement?before=${query(before)}&size=${query(size)}`,
          headers,
        });
        noFault(res.statusCode, res.json().code);
      }),
      { seed: SEED, numRuns: 40 },
    );
    const after = (await t.call('GET', '/api/app/wallet', { headers })).data;
    expect(after).toEqual(before);
  });

  it('PLN, pulsa and data purchases refuse bad input cleanly, and the wallet does not move', async () => {
    const headers = await member();
    const before = (await t.call('GET', '/api/app/wallet', { headers })).data;
    await fc.assert(
      fc.asyncProperty(body(['productCode', 'customerId', 'cityCode']), hostile, hostile, async (payload, key, kind) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/app/prepaid/orders',
          headers: { ...headers, 'idempotency-key': String(key) },
          payload,
        });
        noFault(res.statusCode, res.json().code);
        const list = await t.app.inject({ method: 'GET', url: `/api/app/prepaid/products?kind=${query(kind)}`, headers });
        noFault(list.statusCode, list.json().code);
        const one = await t.app.inject({ method: 'GET', url: `/api/app/prepaid/orders/${query(key)}`, headers });
        noFault(one.statusCode, one.json().code);
      }),
      { seed: SEED, numRuns: 60 },
    );
    expect((await t.call('GET', '/api/app/wallet', { headers })).data).toEqual(before);
  });

  it('IAK callbacks of any shape are refused or logged, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          body(['ref_id', 'status', 'rc', 'sn', 'price', 'sign', 'tr_id']).map((data) => JSON.stringify({ data })),
        ),
        async (raw) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/pay/notify/IAK',
            headers: { 'content-type': 'application/json' },
            payload: raw,
          });
          noFault(res.statusCode, res.json().code);
          expect(res.json().code).not.toBe(Code.ok);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('gateway notifications of any shape are refused or logged, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          body(['order_id', 'status_code', 'gross_amount', 'signature_key', 'transaction_status']).map((b) => JSON.stringify(b)),
        ),
        fc.constantFrom('QRIS', 'VA_BCA', 'EW_OVO', 'NOPE', 'q'),
        async (raw, channel) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/pay/notify/${channel}`,
            headers: { 'content-type': 'application/json' },
            payload: raw,
          });
          noFault(res.statusCode, res.json().code);
          expect(res.json().code).not.toBe(Code.ok);
        },
      ),
      { seed: SEED, numRuns: 80 },
    );
  });

  it('a staff refund request with any body is refused cleanly', async () => {
    const staff = await t.signIn('kitabike.cs.01');
    await fc.assert(
      fc.asyncProperty(body(['paymentOrderId', 'memberPhone', 'amount', 'reason', 'destination', 'requestId', 'remark']), async (payload) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/payment/refund/request', headers: staff, payload });
        noFault(res.statusCode, res.json().code);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
