import { BatteryState, batteryResource, FAULT_BLOCKING_FROM, logEventName, OpState, ProductKind, StationType } from '@kayuh/contract/resources/fleet';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { batteries, batteryEvents, cabinetSlots, productModels, stations, vehicles } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { bindResource, type HookContext } from '../../platform/resources/binding.ts';
import { tenantRows } from '../../platform/scope.ts';
import { actorOf } from '../vehicle/actors.ts';
import { logStateChange } from '../vehicle/stateLog.ts';

/** Where a faulty, in-transit or retired pack is: nowhere the location columns name (the CHECK of §3.3). */
export const NOWHERE = { vehicleId: null, stationId: null, slotNo: null, depotId: null, memberId: null };

/** A depot (station type 3) of the battery's tenant and city, or 2001 on the field. */
async function assertDepot(tx: Db, tenantId: number, cityCode: unknown, depotId: unknown, field = 'depotId') {
  const [depot] = await tx
    .select({ id: stations.id })
    .from(stations)
    .where(
      and(
        eq(stations.id, Number(depotId)),
        tenantRows(tenantId, stations),
        eq(stations.type, StationType.depot),
        eq(stations.cityCode, Number(cityCode)),
      ),
    );
  if (!depot) throw invalid({ [field]: 'validation.notDepot' });
}

/** The vehicle a pack goes into: the tenant's, in the pack's city, and not retired. */
async function vehicleFor({ tx, tenantId, current, event }: HookContext) {
  const [vehicle] = await tx
    .select({ id: vehicles.id, batteryId: vehicles.batteryId, opState: vehicles.opState })
    .from(vehicles)
    .where(and(eq(vehicles.id, Number(event!.payload.vehicleId)), tenantRows(tenantId, vehicles), eq(vehicles.cityCode, Number(current!.cityCode))))
    .for('update');
  if (!vehicle || vehicle.opState === OpState.retired) throw invalid({ vehicleId: 'validation.invalidOption' });
  return vehicle;
}

/** The pack leaves the vehicle it was in (the vehicle's battery is cleared where it still names this pack). */
async function leaveVehicle({ tx, tenantId, current }: HookContext) {
  if (!current?.vehicleId) return;
  await tx
    .update(vehicles)
    .set({ batteryId: null, updatedAt: new Date() })
    .where(and(eq(vehicles.id, Number(current.vehicleId)), eq(vehicles.batteryId, Number(current.id)), tenantRows(tenantId, vehicles)));
}

async function install(ctx: HookContext) {
  const { tx, auth, tenantId, current } = ctx;
  const vehicle = await vehicleFor(ctx);
  // The pack it replaces goes into transit with the technician.
  if (vehicle.batteryId && vehicle.batteryId !== Number(current!.id)) {
    const [old] = await tx
      .update(batteries)
      .set({ state: BatteryState.inTransit, ...NOWHERE, updatedAt: new Date() })
      .where(and(eq(batteries.id, vehicle.batteryId), eq(batteries.state, BatteryState.installed)))
      .returning({ id: batteries.id, cityCode: batteries.cityCode, soc: batteries.soc });
    if (old) {
      await tx.insert(batteryEvents).values({
        tenantId,
        cityCode: old.cityCode,
        batteryId: old.id,
        event: 'remove',
        fromState: BatteryState.installed,
        toState: BatteryState.inTransit,
        vehicleId: vehicle.id,
        soc: old.soc,
        ...actorOf(auth),
      });
    }
  }
  await tx
    .update(vehicles)
    .set({ batteryId: Number(current!.id), updatedAt: new Date() })
    .where(eq(vehicles.id, vehicle.id));
}

/** A faulty pack leaves its vehicle, which goes to maintenance, or its cabinet bay, which shows the fault. */
async function takeOutFaulty(ctx: HookContext) {
  const { tx, auth, tenantId, current } = ctx;
  if (current?.vehicleId) {
    await leaveVehicle(ctx);
    const [vehicle] = await tx
      .select({ id: vehicles.id, cityCode: vehicles.cityCode, opState: vehicles.opState })
      .from(vehicles)
      .where(and(eq(vehicles.id, Number(current.vehicleId)), tenantRows(tenantId, vehicles)))
      .for('update');
    if (vehicle && FAULT_BLOCKING_FROM.includes(vehicle.opState)) {
      await tx.update(vehicles).set({ opState: OpState.maintenance, updatedAt: new Date() }).where(eq(vehicles.id, vehicle.id));
      await logStateChange(tx, auth, {
        tenantId,
        cityCode: vehicle.cityCode,
        vehicleId: vehicle.id,
        fromState: vehicle.opState,
        toState: OpState.maintenance,
        event: 'fault_blocking',
        ref: { type: 'battery', id: Number(current.id) },
      });
    }
  }
  if (current?.stationId) {
    await tx
      .update(cabinetSlots)
      .set({ state: 3, batteryId: null, updatedAt: new Date() })
      .where(
        and(eq(cabinetSlots.stationId, Number(current.stationId)), eq(cabinetSlots.batteryId, Number(current.id)), isNull(cabinetSlots.deletedAt)),
      );
  }
}

/**
 * Batteries through the engine: a new pack is received into a depot of its city; every state change of §3.3 that
 * staff fire here is a battery_events row in the same transaction, and moves what goes with it (the vehicle's
 * battery, a cabinet bay, a vehicle to maintenance). The location columns always match the state (a CHECK).
 */
export const batteryBinding = bindResource(batteryResource, batteries, {
  async check({ tx, mode, tenantId, values, next }) {
    if (values.modelId !== undefined) {
      const [model] = await tx
        .select({ kind: productModels.kind })
        .from(productModels)
        .where(eq(productModels.id, Number(next.modelId)));
      if (model?.kind !== ProductKind.battery) throw invalid({ modelId: 'validation.notBatteryModel' });
    }
    if (mode === 'add') await assertDepot(tx, tenantId, next.cityCode, next.depotId);
    // A received pack's city is where its depot is; moving it is a dispatch, not an edit.
    if (mode === 'edit' && values.cityCode !== undefined && Number(values.cityCode) !== Number(next.cityCode))
      throw invalid({ cityCode: 'validation.invalidOption' });
  },
  async afterWrite({ tx, auth, tenantId, mode, row, event, current }) {
    if (!row || (mode !== 'add' && !event)) return;
    await tx.insert(batteryEvents).values({
      tenantId,
      cityCode: Number(row.cityCode),
      batteryId: Number(row.id),
      event: event ? logEventName(event.name) : 'receive_lot',
      fromState: event ? Number(event.from) : null,
      toState: Number(row.state),
      vehicleId: (row.vehicleId ?? current?.vehicleId ?? null) as number | null,
      stationId: (row.stationId ?? current?.stationId ?? null) as number | null,
      soc: (row.soc ?? null) as number | null,
      ...actorOf(auth),
    });
  },
  events: {
    dispatchOut: { set: () => ({ depotId: null }) },
    returnToDepot: {
      guard: ({ tx, tenantId, current, event }) => assertDepot(tx, tenantId, current!.cityCode, event!.payload.depotId),
      set: ({ event }) => ({ depotId: Number(event!.payload.depotId) }),
    },
    install: {
      guard: async (ctx) => void (await vehicleFor(ctx)),
      set: ({ event }) => ({ vehicleId: Number(event!.payload.vehicleId) }),
      effects: install,
    },
    removeFromVehicle: { set: () => ({ vehicleId: null }), effects: leaveVehicle },
    faultDetected: { set: () => ({ ...NOWHERE, health: 2 }), effects: takeOutFaulty },
    repaired: {
      guard: ({ tx, tenantId, current, event }) => assertDepot(tx, tenantId, current!.cityCode, event!.payload.depotId),
      set: ({ event }) => ({ depotId: Number(event!.payload.depotId), health: 0 }),
    },
    retire: { set: () => ({ ...NOWHERE, retiredAt: new Date() }) },
  },
});
