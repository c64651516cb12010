import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** Ride pricing (DOMAIN §2.5 billing_rules, /operations/billingRule): what it refuses, and its publish/retire events. */
const t = useTestApp();

const rule = (over: Record<string, unknown> = {}) => ({
  name: 'Jakarta night',
  cityCode: 2001,
  currency: 'IDR',
  unlockFee: 2_000,
  freeMinutes: 0,
  unitMinutes: 1,
  unitPrice: 800,
  pauseUnitPrice: 200,
  dailyCap: 30_000,
  outOfAreaFee: 25_000,
  noParkingFee: 10_000,
  reserveFreeMinutes: 10,
  reserveUnitPrice: 200,
  minBalanceToUnlock: 5_000,
  maxRideMinutes: 720,
  validFrom: '2026-12-01T00:00:00.000Z',
  priority: 5,
  ...over,
});

describe('billing rules', () => {
  it("gives each demo city an active standard rule, and the operator's first city a draft promotion", async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const rows = (await t.call('POST', '/api/operations/billingRule/list', { headers: admin, body: { pageSize: 50 } })).rows;
    const jakarta = rows.filter((r: { cityCode: number }) => r.cityCode === 2001);
    expect(jakarta.map((r: { name: string; status: number }) => [r.name, r.status])).toEqual([
      ['Jakarta December promotion', 0],
      ['Jakarta standard', 1],
    ]);
    expect(jakarta[1]).toMatchObject({ unlockFee: 2_000, freeMinutes: 0, unitMinutes: 1, unitPrice: 500, dailyCap: 60_000, noParkingFee: 15_000 });
  });

  it('is drafted, published and retired, each once', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const added = await t.call('POST', '/api/operations/billingRule/add', { headers: admin, body: rule() });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    const { billingRuleId } = added.data;
    expect(added.data.status).toBe(0);
    const published = await t.call('POST', '/api/operations/billingRule/publish', { headers: admin, body: { billingRuleId, version: 0 } });
    expect(published.code, JSON.stringify(published)).toBe(Code.ok);
    const again = await t.call('POST', '/api/operations/billingRule/publish', { headers: admin, body: { billingRuleId, version: 1 } });
    expect(again.code).toBe(Code.transitionNotAllowed);
    const retired = await t.call('POST', '/api/operations/billingRule/retireRule', { headers: admin, body: { billingRuleId, version: 1 } });
    expect(retired.code, JSON.stringify(retired)).toBe(Code.ok);
    expect((await t.call('GET', `/api/operations/billingRule/${billingRuleId}`, { headers: admin })).data.status).toBe(2);
  });

  it('refuses a window that ends before it starts, a currency not in use, a unit of no minutes and a negative price', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const fieldsOf = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/operations/billingRule/add', { headers: admin, body: rule(body) });
      expect(res.code).toBe(Code.validation);
      return Object.keys(res.data.fields);
    };
    expect(await fieldsOf({ validTo: '2026-11-30T00:00:00.000Z' })).toEqual(['validTo']);
    expect(await fieldsOf({ currency: 'XYZ' })).toEqual(['currency']);
    expect(await fieldsOf({ unitMinutes: 0 })).toEqual(['unitMinutes']);
    expect(await fieldsOf({ unitPrice: -1 })).toEqual(['unitPrice']);
  });

  it('starts now when no start is given, and keeps its start on an edit', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const before = Date.now();
    const added = await t.call('POST', '/api/operations/billingRule/add', { headers: admin, body: rule({ validFrom: undefined }) });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    expect(new Date(added.data.validFrom).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    const cleared = await t.call('POST', '/api/operations/billingRule/edit', {
      headers: admin,
      body: { billingRuleId: added.data.billingRuleId, version: 0, validFrom: null },
    });
    const kept = (await t.call('GET', `/api/operations/billingRule/${added.data.billingRuleId}`, { headers: admin })).data;
    // Either refused or left as it was: never a rule without a start.
    if (cleared.code !== Code.ok) expect(cleared).toMatchObject({ code: Code.validation, data: { fields: { validFrom: 'Required' } } });
    expect(kept.validFrom).toBe(added.data.validFrom);
  });

  it("prices only the operator's own models", async () => {
    const gowes = await t.signIn('gowesbali.admin', { lang: 'EN' });
    const theirs = (await t.call('POST', '/api/operations/productModel/list', { headers: gowes, body: { kind: '1' } })).rows[0].modelId;
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const own = (await t.call('POST', '/api/operations/productModel/list', { headers: admin, body: { kind: '1' } })).rows[0].modelId;
    const refused = await t.call('POST', '/api/operations/billingRule/add', { headers: admin, body: rule({ modelIds: [own, theirs] }) });
    expect(refused.code).toBe(Code.validation);
    expect(Object.keys(refused.data.fields)).toEqual(['modelIds']);
    const added = await t.call('POST', '/api/operations/billingRule/add', { headers: admin, body: rule({ modelIds: [own] }) });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    expect(added.data.modelIds).toEqual([own]);
  });

  it("shows a city's staff their cities' rules only", async () => {
    const ops = await t.signIn('kitabike.ops.jakarta', { lang: 'EN' });
    const rows = (await t.call('POST', '/api/operations/billingRule/list', { headers: ops, body: { pageSize: 50 } })).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r: { cityCode: number }) => r.cityCode))).toEqual(new Set([2001]));
  });
});
