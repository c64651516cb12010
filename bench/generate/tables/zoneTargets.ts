// Zone targets (DOMAIN §1.2 zone_targets; §9.5 names no volume, so: design): every parking zone of a city keeps a
// weekday morning target (07:00–10:00) and, one in three, an evening one (16:00–19:00), their bounds about its
// parking capacity; one in twenty is disabled.
import { StationType } from '@kayuh/contract/resources/fleet';
import { zoneTargetResource } from '@kayuh/contract/resources/zoneTargets';
import { zones, zoneTargets } from '../../../server/src/db/schema.ts';
import { DAY_MS, stamped } from '../context.ts';
import { defineTable } from '../spec.ts';
import { userIdOf } from './staff.ts';

const WEEKDAYS = ['1', '2', '3', '4', '5'];

export const zoneTargetTables = [
  defineTable({
    table: zoneTargets,
    *rows(rng, ctx) {
      let id = 0;
      for (const c of ctx.cities) {
        for (const s of ctx.maps.get(c.cityCode)!.stations) {
          if (s.type !== StationType.parking || s.zoneId === null) continue;
          const windows = rng.chance(1 / 3) ? (['07:00', '10:00', '16:00', '19:00'] as const) : (['07:00', '10:00'] as const);
          for (let w = 0; w < windows.length; w += 2) {
            const min = rng.int(2, 8);
            yield {
              id: ++id,
              tenantId: c.tenantId,
              cityCode: c.cityCode,
              zoneId: s.zoneId,
              weekdays: WEEKDAYS,
              startTime: windows[w]!,
              endTime: windows[w + 1]!,
              minVehicles: min,
              maxVehicles: rng.chance(0.7) ? min + rng.int(10, 25) : null,
              status: rng.chance(0.05) ? 1 : 0,
              createdBy: userIdOf(c.tenantId),
              ...stamped(new Date(ctx.asOf.getTime() - rng.int(20, 120) * DAY_MS)),
            };
          }
        }
      }
    },
    references: [[zoneTargets.zoneId, zones.id]],
    resource: zoneTargetResource,
  }),
];
