import { FAULT_BLOCKING_FROM, OpState } from '@kayuh/contract/resources/fleet';
import { BLOCKING_SEVERITY, faultTypeResource, vehicleFaultResource } from '@kayuh/contract/resources/faults';
import { and, eq } from 'drizzle-orm';
import { faultTypes, vehicleFaults, vehicles } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { tenantRows, visibleRows } from '../../platform/scope.ts';
import { logStateChange } from './stateLog.ts';

export const faultTypeBinding = bindResource(faultTypeResource, faultTypes);

/** A fault as blockVehicle reads it. */
export interface RaisedFault {
  id: number;
  vehicleId: number;
  faultTypeId: number;
}

/**
 * An open fault of a blocking type takes its vehicle to maintenance, in the caller's transaction, logged (§3.2): raised
 * on Fault Management, or from a rider's feedback.
 */
export async function blockVehicle(tx: Db, auth: AuthContext, tenantId: number, fault: RaisedFault) {
  const [type] = await tx.select({ severity: faultTypes.severity }).from(faultTypes).where(eq(faultTypes.id, fault.faultTypeId));
  if (type?.severity !== BLOCKING_SEVERITY) return;
  const [vehicle] = await tx
    .select({ id: vehicles.id, cityCode: vehicles.cityCode, opState: vehicles.opState })
    .from(vehicles)
    .where(and(eq(vehicles.id, fault.vehicleId), tenantRows(tenantId, vehicles)))
    .for('update');
  if (!vehicle || !FAULT_BLOCKING_FROM.includes(vehicle.opState)) return;
  await tx.update(vehicles).set({ opState: OpState.maintenance, updatedAt: new Date() }).where(eq(vehicles.id, vehicle.id));
  await logStateChange(tx, auth, {
    tenantId,
    cityCode: vehicle.cityCode,
    vehicleId: vehicle.id,
    fromState: vehicle.opState,
    toState: OpState.maintenance,
    event: 'fault_blocking',
    ref: { type: 'vehicleFault', id: fault.id },
  });
}

/**
 * Faults through the engine: raised against a vehicle the caller may see (the fault takes the vehicle's city), a
 * blocking one takes the vehicle to maintenance; resolving one says so and when.
 */
export const vehicleFaultBinding = bindResource(vehicleFaultResource, vehicleFaults, {
  async check({ tx, auth, mode, values }) {
    if (mode !== 'add') return;
    const [vehicle] = await tx
      .select({ cityCode: vehicles.cityCode })
      .from(vehicles)
      .where(and(eq(vehicles.id, Number(values.vehicleId)), visibleRows(auth, vehicles)));
    if (!vehicle) throw invalid({ vehicleId: 'validation.invalidOption' });
    values.cityCode = vehicle.cityCode;
  },
  async afterWrite(ctx) {
    const { tx, auth, tenantId, row } = ctx;
    if (ctx.mode === 'add')
      await blockVehicle(tx, auth, tenantId, { id: Number(row!.id), vehicleId: Number(row!.vehicleId), faultTypeId: Number(row!.faultTypeId) });
  },
  events: {
    resolve: { set: () => ({ fixedAt: new Date() }) },
  },
});
