import { OpState } from '@kayuh/contract/resources/fleet';
import { ZoneType } from '@kayuh/contract/resources/zone';
import { zoneTargetResource } from '@kayuh/contract/resources/zoneTargets';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { zones, zoneTargets } from '../../db/schema.ts';
import { invalidField } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { visibleRows } from '../../platform/scope.ts';

/** The zone types a target is set on: where vehicles wait for riders. */
export const TARGETED_ZONE_TYPES = [ZoneType.parking, ZoneType.deployment];

/** Rentable vehicles the zone holds now (their live position is in it). */
export const liveCountOf = (zoneId: ReturnType<typeof sql> | number) =>
  sql<number>`(SELECT count(*) FROM vehicle_live_status s WHERE s.zone_id = ${zoneId} AND s.op_state = ${OpState.available})`.mapWith(Number);

/**
 * A target sits on a parking or deployment zone the caller works with; its city is the zone's. The window ends after
 * it starts (24:00 closes the day), and a maximum is never below the minimum.
 */
export const zoneTargetBinding = bindResource(zoneTargetResource, zoneTargets, {
  computed: {
    zoneName: sql<string>`(SELECT z.name FROM zones z WHERE z.id = zone_targets.zone_id)`,
    liveCount: liveCountOf(sql`zone_targets.zone_id`),
  },
  async check({ tx, auth, tenantId, values, next }) {
    if (values.zoneId !== undefined) {
      const [zone] = await tx
        .select({ cityCode: zones.cityCode })
        .from(zones)
        .where(
          and(eq(zones.id, Number(values.zoneId)), eq(zones.tenantId, tenantId), inArray(zones.type, TARGETED_ZONE_TYPES), visibleRows(auth, zones)),
        );
      if (!zone) throw invalidField('zoneId', 'zoneTarget.notTargetable');
      values.cityCode = zone.cityCode;
    }
    if (String(next.endTime) <= String(next.startTime)) throw invalidField('endTime', 'zoneTarget.endBeforeStart');
    if (next.maxVehicles !== null && next.maxVehicles !== undefined && Number(next.maxVehicles) < Number(next.minVehicles))
      throw invalidField('maxVehicles', 'zoneTarget.maxBelowMin');
  },
});
