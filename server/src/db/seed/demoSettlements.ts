import { SettlementStatus } from '@kayuh/contract/resources/settlements';
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { eq, sql } from 'drizzle-orm';
import { makeSettlement } from '../../modules/operations/partners/settlements.ts';
import { rowsOf } from '../../platform/rows.ts';
import type { Db } from '../client.ts';
import { settlements } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';

const DAY_MS = 86_400_000;

/**
 * The demo's settlements (docs/settlements.md): every party's first fortnight of the demo's shares (30 to 16 days ago)
 * settled as operations would make them — a draft each, the tenant's first already confirmed for finance to approve.
 * The last fortnight stays unsettled, for a settlement made by hand.
 */
export async function seedDemoSettlements(db: Db, t: DemoTenant, now: Date) {
  const day = (daysAgo: number) => businessDateOf(new Date(now.getTime() - daysAgo * DAY_MS), t.cities[0]!.tz);
  const period = { periodStart: day(30), periodEnd: day(16) };
  const parties = rowsOf<{ party_type: number; party_id: string }>(
    await db.execute(sql`SELECT DISTINCT party_type, party_id FROM profit_share_entries
      WHERE tenant_id = ${t.id} AND revenue_date BETWEEN ${period.periodStart}::date AND ${period.periodEnd}::date
      ORDER BY party_type DESC, party_id`),
  );
  let first = true;
  for (const p of parties) {
    const made = await db.transaction((tx) =>
      makeSettlement(tx as unknown as Db, { tenantId: t.id, partyType: Number(p.party_type), partyId: Number(p.party_id), ...period }, null),
    );
    if (first) await db.update(settlements).set({ status: SettlementStatus.confirmed }).where(eq(settlements.id, made.id));
    first = false;
  }
}
