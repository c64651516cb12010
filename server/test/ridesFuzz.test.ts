import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { bodyOf, hostile as hostileValues, noFault, query, testMember } from './hostileInput.ts';

/**
 * Bad input to the rider app's ride routes never gives a 500, never makes a ride and never moves money: hostile
 * unlock, end (with how to pay), pay and rating bodies, ride numbers, keys and paging, from a signed-in member.
 */
const t = useTestApp();
const SEED = 20_261_127;

const hostile = hostileValues(null, [], {}, true, 'KB-JKT-000001 OR 1=1');
const body = (keys: string[]) => bodyOf(keys, hostile);
const member = () => testMember(t);

describe('ride routes under hostile input', () => {
  it('unlock, pause, resume, end, pay, rate and the ride lists refuse bad input cleanly; no ride is made, no money moves', async () => {
    const headers = await member();
    const wallet = async () => (await t.call('GET', '/api/app/wallet', { headers })).data;
    const before = await wallet();
    await fc.assert(
      fc.asyncProperty(body(['vehicleNo', 'force', 'payWith', 'rating']), hostile, hostile, async (payload, orderNo, size) => {
        for (const url of ['/api/app/rides/unlock', '/api/app/rides/current/pause', '/api/app/rides/current/resume', '/api/app/rides/current/end']) {
          const res = await t.app.inject({ method: 'POST', url, headers, payload });
          noFault(res.statusCode, res.json().code);
        }
        const rate = await t.app.inject({ method: 'POST', url: `/api/app/rides/${query(orderNo)}/rate`, headers, payload });
        noFault(rate.statusCode, rate.json().code);
        const key = typeof size === 'string' ? size : 'fuzz-ride-pay-key';
        const pay = await t.app.inject({
          method: 'POST',
          url: `/api/app/rides/${query(orderNo)}/pay`,
          headers: { ...headers, 'idempotency-key': key },
          payload,
        });
        noFault(pay.statusCode, pay.json().code);
        const one = await t.app.inject({ method: 'GET', url: `/api/app/rides/${query(orderNo)}`, headers });
        noFault(one.statusCode, one.json().code);
        const list = await t.app.inject({ method: 'GET', url: `/api/app/rides?before=${query(orderNo)}&size=${query(size)}`, headers });
        noFault(list.statusCode, list.json().code);
      }),
      { seed: SEED, numRuns: 60 },
    );
    expect((await t.call('GET', '/api/app/rides/current', { headers })).data).toBeNull();
    expect((await t.call('GET', '/api/app/rides', { headers })).data).toEqual([]);
    expect(await wallet()).toEqual(before);
  });
});
