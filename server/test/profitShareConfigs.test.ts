import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { partnerAgencies, profitShareConfigs } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';

/**
 * Profit share configs (DOMAIN §2.7, §4.4; docs/profit-sharing.md): a revenue type an order sells, a party of the right
 * kind, a window that ends after it starts, and never more than the whole order on any city and day — however many
 * are saved at once.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
let admin: Record<string, string>;
const partner = async (name: string) => (await db().select().from(partnerAgencies).where(eq(partnerAgencies.name, name)))[0]!;
const add = (body: Record<string, unknown>, headers = admin) =>
  t.call('POST', '/api/operations/profitShareConfig/add', {
    headers,
    body: { basis: '1', validFrom: '2027-01-01', status: '0', ...body },
  });

beforeAll(async () => {
  admin = await t.signIn('kitabike.admin');
  // The demo's configs stay out of the sums: each test sets the ones it reads.
  await db().update(profitShareConfigs).set({ status: 1 });
});

describe('a profit share config', () => {
  it('takes a party of the right kind, and refuses each wrong field with its reason', async () => {
    const investor = await partner('PT Investa Daya Nusantara');
    const agent = await partner('CV Mitra Gowes Jakarta');
    expect((await add({ revenueType: 'RIDE', partyType: '3', partyId: investor.id, shareBp: 1000, cityCode: 2001 })).code).toBe(Code.ok);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ revenueType: 'TOPUP', partyType: '1', shareBp: 100 }, 'revenueType'],
      [{ revenueType: 'RIDE', partyType: '3', partyId: agent.id, shareBp: 100 }, 'partyId'],
      [{ revenueType: 'RIDE', partyType: '1', partyId: agent.id, shareBp: 100 }, 'partyId'],
      [{ revenueType: 'RIDE', partyType: '2', partyId: agent.id, shareBp: 100, cityCode: 2002 }, 'partyId'],
      [{ revenueType: 'RIDE', partyType: '1', shareBp: 100, validFrom: '2027-02-01', validTo: '2027-01-01' }, 'validTo'],
      [{ revenueType: 'RIDE', partyType: '1', shareBp: 0 }, 'shareBp'],
      [{ revenueType: 'RIDE', partyType: '1', shareBp: 10_001 }, 'shareBp'],
    ];
    for (const [body, field] of refusals) {
      const refused = await add(body);
      expect(refused.code, JSON.stringify(body)).toBe(Code.validation);
      expect(Object.keys(refused.data.fields), JSON.stringify(body)).toEqual([field]);
    }
  });

  it('never shares out more than the whole order on a city and day, counting one party of each type', async () => {
    expect((await add({ revenueType: 'SWAP', partyType: '1', shareBp: 5000 })).code).toBe(Code.ok);
    expect((await add({ revenueType: 'SWAP', partyType: '2', shareBp: 3000, cityCode: 2001 })).code).toBe(Code.ok);
    // A bigger merchant share for Jakarta replaces the default there rather than adding to it: 6000 + 3000.
    expect((await add({ revenueType: 'SWAP', partyType: '1', shareBp: 6000, cityCode: 2001, priority: 1 })).code).toBe(Code.ok);
    const over = await add({ revenueType: 'SWAP', partyType: '3', shareBp: 1500, cityCode: 2001, validFrom: '2027-03-01' });
    expect(over.code).toBe(Code.validation);
    expect(over.data.fields.shareBp).toContain('10500');
    // Elsewhere, or before the others start, there is room.
    expect((await add({ revenueType: 'SWAP', partyType: '3', shareBp: 1500, cityCode: 2002, validFrom: '2027-03-01' })).code).toBe(Code.ok);
    expect(
      (await add({ revenueType: 'SWAP', partyType: '3', shareBp: 4000, cityCode: 2001, validFrom: '2026-01-01', validTo: '2026-12-31' })).code,
    ).toBe(Code.ok);
  });

  it('of twenty saved at once, only as many as fit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => add({ revenueType: 'RENTAL', partyType: String((i % 3) + 1), shareBp: 3000 + i, cityCode: 2003 })),
    );
    expect(answers.filter((a) => a.code === Code.ok).length).toBeGreaterThan(0);
    const kept = await db().select().from(profitShareConfigs).where(eq(profitShareConfigs.revenueType, 'RENTAL'));
    const byType = new Map<number, number>();
    for (const c of kept.filter((k) => k.status === 0)) byType.set(c.partyType, Math.max(byType.get(c.partyType) ?? 0, c.shareBp));
    expect([...byType.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
  });

  it('for every city only by staff of every city', async () => {
    const jakarta = await t.signIn('kitabike.ops.jakarta');
    const refused = await add({ revenueType: 'CARD', partyType: '1', shareBp: 100 }, jakarta);
    expect(refused.code === Code.validation || refused.code === Code.forbidden).toBe(true);
    if (refused.code === Code.validation) expect(Object.keys(refused.data.fields)).toEqual(['cityCode']);
  });
});
