// Faults (DOMAIN §2.1, §3.2): each tenant's standard catalogue of fault types, as a new tenant gets it, and the faults
// raised against its vehicles: an open blocking one on every vehicle in maintenance (which is why it is there), one on
// every retired vehicle (its way out), minor open ones on a few vehicles on the road, and a history of fixed ones.
import { faultTypeResource, FaultStatus, vehicleFaultResource } from '@kayuh/contract/resources/faults';
import { OpState } from '@kayuh/contract/resources/fleet';
import { STANDARD_FAULT_TYPES } from '../../../server/src/db/seed/faultTypes.ts';
import { faultTypes, vehicleFaults, vehicles } from '../../../server/src/db/schema.ts';
import { DAY_MS, stamped, type Context } from '../context.ts';
import { defineTable } from '../spec.ts';
import { userIdOf } from './staff.ts';
import { onTheRoad } from './vehicles.ts';

const HOUR_MS = 3_600_000;
const ago = (ctx: Context, ms: number) => new Date(ctx.asOf.getTime() - Math.round(ms));
/** A tenant's fault type ids run from here: tenants in order, the standard types in order. */
export const faultTypeId = (ctx: Context, tenantId: number, index: number) =>
  ctx.tenants.findIndex((t) => t.id === tenantId) * STANDARD_FAULT_TYPES.length + index + 1;
const BLOCKING = STANDARD_FAULT_TYPES.flatMap((f, i) => (f.severity === 1 ? [i] : []));
const MINOR = STANDARD_FAULT_TYPES.flatMap((f, i) => (f.severity === 1 ? [] : [i]));

export const faultTables = [
  defineTable({
    table: faultTypes,
    *rows(_rng, ctx) {
      for (const t of ctx.tenants) {
        for (const [i, f] of STANDARD_FAULT_TYPES.entries()) {
          yield {
            id: faultTypeId(ctx, t.id, i),
            tenantId: t.id,
            ...f,
            nameKey: `fault.${f.code}`,
            ...stamped(new Date(ctx.asOf.getTime() - 790 * DAY_MS)),
          };
        }
      }
    },
    resource: faultTypeResource,
  }),
  defineTable({
    table: vehicleFaults,
    *rows(rng, ctx) {
      let nextId = 1;
      for (const c of ctx.cities) {
        const fleet = ctx.fleet.get(c.cityCode)!;
        const staff = userIdOf(c.tenantId);
        for (let i = 0; i < c.vehicles; i++) {
          const state = fleet.states[i]!;
          const base = { tenantId: c.tenantId, cityCode: c.cityCode, vehicleId: fleet.firstVehicleId + i, createdBy: staff };
          const fault = (types: number[], status: number, raised: Date, fixed: Date | null = null) => ({
            ...base,
            id: nextId++,
            faultTypeId: faultTypeId(ctx, c.tenantId, rng.pick(types)),
            source: rng.int(1, 4),
            status,
            fixedAt: fixed,
            createdAt: raised,
            updatedAt: fixed ?? raised,
          });
          // A fixed one in the weeks before, on one vehicle in eight.
          if (state !== OpState.inStock && rng.chance(0.125)) {
            const raised = ago(ctx, rng.int(10, 90) * DAY_MS);
            yield fault(rng.chance(0.5) ? BLOCKING : MINOR, FaultStatus.fixed, raised, new Date(raised.getTime() + rng.int(2, 72) * HOUR_MS));
          }
          if (state === OpState.maintenance) yield fault(BLOCKING, FaultStatus.open, ago(ctx, rng.int(5, 36 * 60) * 60_000));
          // Retiring a vehicle leaves its fault as it was (§3.2's retire only frees the battery).
          if (state === OpState.retired) yield fault(BLOCKING, FaultStatus.open, ago(ctx, rng.int(12, 30) * DAY_MS));
          // Minor and still open: riding goes on (§3.2 moves a vehicle only for a blocking one).
          if (onTheRoad(state) && state !== OpState.maintenance && rng.chance(0.03)) {
            yield fault(MINOR, FaultStatus.open, ago(ctx, rng.int(1, 14 * 24) * HOUR_MS));
          }
        }
      }
    },
    references: [
      [vehicleFaults.vehicleId, vehicles.id],
      [vehicleFaults.faultTypeId, faultTypes.id],
    ],
    rules: [
      {
        name: 'vehicle in service with an open blocking fault',
        sql: `SELECT count(*) FROM vehicle_faults f JOIN fault_types t ON t.id = f.fault_type_id JOIN vehicles v ON v.id = f.vehicle_id
                WHERE f.tenant_id >= 1001 AND f.status IN (0, 1) AND t.severity = 1 AND v.op_state IN (20, 50, 60, 70)`,
      },
      {
        name: 'fault of another tenant or city than its vehicle or type',
        sql: `SELECT count(*) FROM vehicle_faults f JOIN fault_types t ON t.id = f.fault_type_id JOIN vehicles v ON v.id = f.vehicle_id
                WHERE f.tenant_id >= 1001 AND (t.tenant_id <> f.tenant_id OR v.tenant_id <> f.tenant_id OR v.city_code <> f.city_code)`,
      },
    ],
    resource: vehicleFaultResource,
  }),
];
