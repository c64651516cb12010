import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { bodyOf, hostile as hostileValues, noFault, query, testMember } from './hostileInput.ts';

/**
 * Bad input to the rider app's pass and coupon routes never gives a 500, never buys a pass, never locks a coupon and
 * never moves money: hostile purchase bodies and idempotency keys, coupon queries, and unlocks naming a coupon.
 */
const t = useTestApp();
const SEED = 20_261_128;

const hostile = hostileValues(null, [], {}, true, 'usable', 'all', '1 OR 1=1');
const member = () => testMember(t);

describe('pass and coupon routes under hostile input', () => {
  it('buying a pass, my passes, my coupons and an unlock with a coupon refuse bad input cleanly; nothing is bought or moved', async () => {
    const headers = await member();
    const wallet = async () => (await t.call('GET', '/api/app/wallet', { headers })).data;
    const before = await wallet();
    await fc.assert(
      fc.asyncProperty(bodyOf(['cardRuleId', 'vehicleNo', 'userCouponId'], hostile), hostile, hostile, async (payload, key, which) => {
        const buy = await t.app.inject({
          method: 'POST',
          url: '/api/app/cards',
          headers: { ...headers, 'idempotency-key': String(key).replace(/[\r\n\ud800-\udfff]/g, '') },
          payload,
        });
        noFault(buy.statusCode, buy.json().code);
        const unlock = await t.app.inject({ method: 'POST', url: '/api/app/rides/unlock', headers, payload });
        noFault(unlock.statusCode, unlock.json().code);
        for (const url of ['/api/app/cards', '/api/app/cards/rules', `/api/app/coupons?which=${query(which)}`]) {
          const res = await t.app.inject({ method: 'GET', url, headers });
          noFault(res.statusCode, res.json().code);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
    expect((await t.call('GET', '/api/app/cards', { headers })).data).toEqual([]);
    expect((await t.call('GET', '/api/app/rides/current', { headers })).data).toBeNull();
    expect(await wallet()).toEqual(before);
  });
});
