import { Code } from '@kayuh/contract/codes';
import { backInService } from '@kayuh/contract/rules/inService';
import { FAULT_BLOCKING_FROM, OpState } from '@kayuh/contract/resources/fleet';
import { TICKET_BIZ, TicketOutcome, TicketType } from '@kayuh/contract/resources/tickets';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ticketItems, vehicleLiveStatus, vehicles, vehicleStateLog } from '../../../db/schema.ts';
import type { AuthContext } from '../../../platform/auth/context.ts';
import { BizError } from '../../../platform/errors.ts';
import { logStateChange } from '../../vehicle/stateLog.ts';

const STARTED = 'ticket_started';

export interface TicketRef {
  id: number;
  tenantId: number;
  cityCode: number;
  type: number;
}

/** The ticket's vehicles (its vehicle rows), locked, with their state and last reported SOC and position. */
export async function ticketVehicles(tx: Db, ticket: TicketRef) {
  return tx
    .select({
      itemId: ticketItems.id,
      id: vehicles.id,
      vehicleNo: vehicles.vehicleNo,
      opState: vehicles.opState,
      batteryId: vehicles.batteryId,
      soc: vehicleLiveStatus.soc,
      lat: vehicleLiveStatus.lat,
      lng: vehicleLiveStatus.lng,
      zoneId: vehicleLiveStatus.zoneId,
      imei: vehicles.imei,
    })
    .from(ticketItems)
    .innerJoin(vehicles, eq(vehicles.id, ticketItems.vehicleId))
    .leftJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .where(and(eq(ticketItems.ticketId, ticket.id), eq(ticketItems.itemKind, 1), isNull(ticketItems.deletedAt)))
    .orderBy(ticketItems.id)
    .for('update', { of: vehicles });
}
export type TicketVehicle = Awaited<ReturnType<typeof ticketVehicles>>[number];

/** Moves a vehicle from its state to `to` (DOMAIN §3.2), with its state-log row naming the ticket. */
async function move(tx: Db, auth: AuthContext, ticket: TicketRef, vehicle: TicketVehicle, to: number, event: string) {
  if (vehicle.opState === to) return;
  await tx.update(vehicles).set({ opState: to, updatedAt: new Date() }).where(eq(vehicles.id, vehicle.id));
  await logStateChange(tx, auth, {
    tenantId: ticket.tenantId,
    cityCode: ticket.cityCode,
    vehicleId: vehicle.id,
    fromState: vehicle.opState,
    toState: to,
    event,
    ref: { type: TICKET_BIZ, id: ticket.id },
  });
  vehicle.opState = to;
}

/** The state a ticket's start takes its vehicles to, and the states it may take them from (DOMAIN §3.2). */
const ON_START: Partial<Record<number, { to: number; from: readonly number[] }>> = {
  [TicketType.dispatch]: { to: OpState.dispatching, from: [OpState.available, OpState.lowBattery, OpState.dispatching] },
  [TicketType.batterySwap]: { to: OpState.swapping, from: [OpState.available, OpState.lowBattery, OpState.swapping] },
  [TicketType.repair]: { to: OpState.maintenance, from: [...FAULT_BLOCKING_FROM, OpState.maintenance] },
};

/**
 * start: the technician is at the vehicle. A dispatch hides it from riders (70), a swap takes it out of service for
 * the swap (60), a repair to maintenance (80); a vehicle in another state (in a ride, reserved) refuses the start,
 * naming its state. Fault, inspection and find tickets leave the state as it is.
 */
export async function startVehicles(tx: Db, auth: AuthContext, ticket: TicketRef, rows: TicketVehicle[], stateLabel: (s: number) => string) {
  const rule = ON_START[ticket.type];
  if (!rule) return;
  const busy = rows.find((v) => !rule.from.includes(v.opState));
  if (busy)
    throw new BizError(Code.transitionNotAllowed, 'ticket.vehicleBusy', undefined, { vehicleNo: busy.vehicleNo, state: stateLabel(busy.opState) });
  for (const v of rows) await move(tx, auth, ticket, v, rule.to, STARTED);
}

/**
 * submit: the physical effects (DOMAIN §3.1 design) — the vehicle back in service after a swap or a dispatch, out of
 * maintenance when a fault, inspection or repair fixed it, into maintenance when it must go to the workshop, lost
 * when a find did not find it, in maintenance for a check when it did.
 */
export async function finishVehicles(
  tx: Db,
  auth: AuthContext,
  ticket: TicketRef,
  rows: TicketVehicle[],
  outcome: number | null,
  socAfter?: number | null,
) {
  for (const v of rows) {
    switch (ticket.type) {
      case TicketType.batterySwap:
        if (v.opState === OpState.swapping) await move(tx, auth, ticket, v, backInService(socAfter ?? v.soc), 'soc_recovered');
        break;
      case TicketType.dispatch:
        if (v.opState === OpState.dispatching) await move(tx, auth, ticket, v, backInService(v.soc), 'ticket_submitted');
        break;
      case TicketType.findVehicle:
        if (outcome === TicketOutcome.notFound && [OpState.available, OpState.lowBattery, OpState.maintenance].includes(v.opState as 20))
          await move(tx, auth, ticket, v, OpState.lost, 'mark_lost');
        else if (outcome !== TicketOutcome.notFound && v.opState === OpState.lost) await move(tx, auth, ticket, v, OpState.maintenance, 'found');
        break;
      default:
        if (outcome === TicketOutcome.toWorkshop && FAULT_BLOCKING_FROM.includes(v.opState))
          await move(tx, auth, ticket, v, OpState.maintenance, 'fault_blocking');
        else if (outcome !== TicketOutcome.toWorkshop && v.opState === OpState.maintenance)
          await move(tx, auth, ticket, v, backInService(v.soc), 'repair_done');
    }
  }
}

/**
 * cancel: a vehicle this ticket's start took to 60, 70 or 80 goes back to the state it had before (§3.2
 * ticket_released, read from its state log), unless something has moved it since.
 */
export async function releaseVehicles(tx: Db, auth: AuthContext, ticket: TicketRef, rows: TicketVehicle[]) {
  if (!ON_START[ticket.type]) return;
  const started = await tx
    .select({ vehicleId: vehicleStateLog.vehicleId, fromState: vehicleStateLog.fromState, toState: vehicleStateLog.toState })
    .from(vehicleStateLog)
    .where(
      and(
        inArray(
          vehicleStateLog.vehicleId,
          rows.map((v) => v.id),
        ),
        eq(vehicleStateLog.refType, TICKET_BIZ),
        eq(vehicleStateLog.refId, ticket.id),
        eq(vehicleStateLog.event, STARTED),
      ),
    )
    .orderBy(desc(vehicleStateLog.id));
  for (const v of rows) {
    const log = started.find((s) => s.vehicleId === v.id);
    if (log?.fromState != null && v.opState === log.toState) await move(tx, auth, ticket, v, log.fromState, 'ticket_released');
  }
}
