/**
 * A demo tenant's zone targets (docs/zone-targets.md): its busiest parking zones asked to hold a few vehicles at the
 * hours riders look for them — the offices' mornings at Bundaran HI, the station's evenings at Gambir, a weekend
 * morning in Bandung and at Renon. Found by zone code; a zone the tenant lacks gets none.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { zones, zoneTargets } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';

const WORKDAYS = ['1', '2', '3', '4', '5'];
const WEEKEND = ['6', '7'];

/** By tenant code: each target's zone (by its code) and window. */
const TARGETS: Record<string, Array<Omit<typeof zoneTargets.$inferInsert, 'tenantId' | 'cityCode' | 'zoneId'> & { zoneCode: string }>> = {
  KITABIKE: [
    { zoneCode: 'JKT-PK-02', weekdays: WORKDAYS, startTime: '07:00', endTime: '10:00', minVehicles: 3, maxVehicles: 30 },
    { zoneCode: 'JKT-PK-01', weekdays: WORKDAYS, startTime: '16:00', endTime: '19:00', minVehicles: 3, maxVehicles: 30 },
    { zoneCode: 'BDG-PK-01', weekdays: WEEKEND, startTime: '08:00', endTime: '12:00', minVehicles: 2, maxVehicles: null },
  ],
  GOWESBALI: [{ zoneCode: 'DPS-PK-01', weekdays: WEEKEND, startTime: '06:00', endTime: '11:00', minVehicles: 2, maxVehicles: 20 }],
};

export async function seedDemoZoneTargets(db: Db, t: DemoTenant) {
  for (const target of TARGETS[t.code] ?? []) {
    const { zoneCode, ...window } = target;
    const [zone] = await db
      .select({ id: zones.id, cityCode: zones.cityCode })
      .from(zones)
      .where(and(eq(zones.tenantId, t.id), eq(zones.zoneCode, zoneCode), isNull(zones.deletedAt)));
    if (!zone) continue;
    await db.insert(zoneTargets).values({ tenantId: t.id, cityCode: zone.cityCode, zoneId: zone.id, ...window });
  }
}
