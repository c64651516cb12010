import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** Passes (DOMAIN §2.7 card_rules, /payment_main/cardRule): what each kind may give, where, and its sale. */
const t = useTestApp();

const pass = (over: Record<string, unknown> = {}) => ({
  kind: '1',
  nameKey: 'Pass akhir pekan',
  price: 25_000,
  currency: 'IDR',
  validDays: 2,
  perRideFreeMinutes: 30,
  dailyFreeMinutes: 90,
  stackable: false,
  ...over,
});

describe('passes', () => {
  it('gives each operator day, week and month passes and a swap plan on sale, and a student pass in draft', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const rows = (await t.call('POST', '/api/payment/cardRule/list', { headers: admin, body: { pageSize: 50 } })).rows;
    expect(rows.map((r: { nameKey: string; status: number }) => [r.nameKey, r.status])).toEqual([
      ['Pass 1 hari', 1],
      ['Pass 7 hari', 1],
      ['Pass pelajar 30 hari', 0],
      ['Pass 30 hari', 1],
      ['Paket tukar baterai 30 hari', 1],
    ]);
  });

  it('is put on sale and taken off it', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const added = await t.call('POST', '/api/payment/cardRule/add', { headers: admin, body: pass() });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    const { cardRuleId } = added.data;
    expect((await t.call('POST', '/api/payment/cardRule/putOnSale', { headers: admin, body: { cardRuleId, version: 0 } })).code).toBe(Code.ok);
    expect((await t.call('POST', '/api/payment/cardRule/takeOffSale', { headers: admin, body: { cardRuleId, version: 1 } })).code).toBe(Code.ok);
    const again = await t.call('POST', '/api/payment/cardRule/takeOffSale', { headers: admin, body: { cardRuleId, version: 2 } });
    expect(again.code).toBe(Code.transitionNotAllowed);
  });

  it('refuses swaps on a ride pass, riding minutes on a swap plan, and another operator’s city', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const fieldsOf = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/payment/cardRule/add', { headers: admin, body: pass(body) });
      expect(res.code, JSON.stringify(res)).toBe(Code.validation);
      return res.data.fields;
    };
    expect(await fieldsOf({ swapQuota: 10 })).toEqual({ swapQuota: 'Does not apply to this kind of pass' });
    expect(Object.keys(await fieldsOf({ kind: '2', swapQuota: 10 })).sort()).toEqual(['dailyFreeMinutes', 'perRideFreeMinutes']);
    expect(Object.keys(await fieldsOf({ cityCodes: [3001] }))).toEqual(['cityCodes']);
    expect(Object.keys(await fieldsOf({ validDays: 0 }))).toEqual(['validDays']);
    const swap = await t.call('POST', '/api/payment/cardRule/add', {
      headers: admin,
      body: pass({ kind: '2', perRideFreeMinutes: null, dailyFreeMinutes: null, swapQuota: 10, cityCodes: [2001] }),
    });
    expect(swap.code, JSON.stringify(swap)).toBe(Code.ok);
  });
});
