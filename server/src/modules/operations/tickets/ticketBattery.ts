import { Code } from '@kayuh/contract/codes';
import { BatteryState } from '@kayuh/contract/resources/fleet';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { batteries, batteryEvents, vehicles } from '../../../db/schema.ts';
import type { AuthContext } from '../../../platform/auth/context.ts';
import { BizError } from '../../../platform/errors.ts';
import { tenantRows } from '../../../platform/scope.ts';
import { actorOf } from '../../vehicle/actors.ts';
import { NOWHERE } from '../batteries.ts';
import type { TicketRef, TicketVehicle } from './ticketVehicles.ts';

/**
 * A swap ticket's submit (DOMAIN §3.3 install): the pack the technician carries (in transit, in the ticket's city)
 * goes into the vehicle, and the pack it replaces goes into transit with the technician — each a battery_events row
 * naming the ticket. Answers the two packs and the new one's SOC.
 */
export async function swapBattery(tx: Db, auth: AuthContext, ticket: TicketRef, vehicle: TicketVehicle, batterySn: string) {
  const [fresh] = await tx
    .select({ id: batteries.id, soc: batteries.soc })
    .from(batteries)
    .where(
      and(
        eq(batteries.batterySn, batterySn),
        tenantRows(ticket.tenantId, batteries),
        eq(batteries.cityCode, ticket.cityCode),
        eq(batteries.state, BatteryState.inTransit),
      ),
    )
    .for('update');
  if (!fresh)
    throw new BizError(Code.validation, 'ticket.batteryNotCarried', { fields: { newBatterySn: 'ticket.batteryNotCarried' } }, { batterySn });
  const now = new Date();
  const event = (batteryId: number, name: string, from: number, to: number, soc: number | null) => ({
    tenantId: ticket.tenantId,
    cityCode: ticket.cityCode,
    batteryId,
    event: name,
    fromState: from,
    toState: to,
    vehicleId: vehicle.id,
    ticketId: ticket.id,
    soc,
    ...actorOf(auth),
  });
  let oldId: number | null = null;
  if (vehicle.batteryId && vehicle.batteryId !== fresh.id) {
    const [old] = await tx
      .update(batteries)
      .set({ state: BatteryState.inTransit, ...NOWHERE, updatedAt: now })
      .where(and(eq(batteries.id, vehicle.batteryId), eq(batteries.state, BatteryState.installed)))
      .returning({ id: batteries.id, soc: batteries.soc });
    if (old) {
      oldId = old.id;
      await tx.insert(batteryEvents).values(event(old.id, 'remove', BatteryState.installed, BatteryState.inTransit, old.soc));
    }
  }
  await tx
    .update(batteries)
    .set({ state: BatteryState.installed, ...NOWHERE, vehicleId: vehicle.id, lastSwapAt: now, updatedAt: now })
    .where(eq(batteries.id, fresh.id));
  await tx.insert(batteryEvents).values(event(fresh.id, 'install', BatteryState.inTransit, BatteryState.installed, fresh.soc));
  await tx.update(vehicles).set({ batteryId: fresh.id, updatedAt: now }).where(eq(vehicles.id, vehicle.id));
  return { oldBatteryId: oldId ?? vehicle.batteryId, newBatteryId: fresh.id, socAfter: fresh.soc };
}
