import type { CabinetReport } from '@kayuh/contract/api/device';
import { BatteryState } from '@kayuh/contract/resources/fleet';
import { SlotState } from '@kayuh/contract/resources/swapOrders';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { batteries, batteryEvents, cabinetSlots } from '../../../db/schema.ts';

/** DOMAIN §0.2 actor_type of a battery event: 2 the member (a swap), 4 the cabinet (its report). */
export const ACTOR = { member: 2, device: 4 } as const;

/** A bay as a swap reads it: its state, door and the pack in it (with that pack's state and charge). */
export interface Bay {
  slotNo: number;
  state: number;
  doorOpen: boolean;
  batteryId: number | null;
  batteryState: number | null;
  soc: number | null;
}

/** The cabinet's bays, by slot number (read after the station row is locked, so a swap's choice holds). */
export async function baysOf(tx: Db, stationId: number): Promise<Bay[]> {
  return tx
    .select({
      slotNo: cabinetSlots.slotNo,
      state: cabinetSlots.state,
      doorOpen: cabinetSlots.doorOpen,
      batteryId: cabinetSlots.batteryId,
      batteryState: batteries.state,
      soc: batteries.soc,
    })
    .from(cabinetSlots)
    .leftJoin(batteries, eq(batteries.id, cabinetSlots.batteryId))
    .where(and(eq(cabinetSlots.stationId, stationId), isNull(cabinetSlots.deletedAt)))
    .orderBy(asc(cabinetSlots.slotNo));
}

/** The full pack a member takes: in a closed full bay, idle in the cabinet (state 40), the most charged, lowest bay first. */
export function fullBay(bays: Bay[], except?: number | null): Bay | undefined {
  return bays
    .filter(
      (b) => b.slotNo !== except && b.state === SlotState.full && !b.doorOpen && b.batteryId !== null && b.batteryState === BatteryState.inCabinet,
    )
    .sort((a, b) => (b.soc ?? 0) - (a.soc ?? 0) || a.slotNo - b.slotNo)[0];
}

/** The bay a member's pack goes into: empty, closed, holding nothing, the lowest. */
export const emptyBay = (bays: Bay[]) => bays.find((b) => b.state === SlotState.empty && !b.doorOpen && b.batteryId === null);

const SLOT_STATE = {
  empty: SlotState.empty,
  charging: SlotState.charging,
  full: SlotState.full,
  fault: SlotState.fault,
  disabled: SlotState.disabled,
};

/** The bays of a report that the cabinet has (a bay past its slot count is no bay). */
export const reportedBays = (cabinet: { slotCount: number | null }, report: CabinetReport) =>
  report.slots.filter((slot) => cabinet.slotCount === null || slot.slotNo <= cabinet.slotCount);

/**
 * A cabinet's report is the truth of its bays: each reported bay's state, door and pack (named by serial number: a
 * pack the tenant does not know leaves the bay with none) is written to cabinet_slots, and what the cabinet read of
 * each pack it names — charge, health, temperature — is the pack's latest reading (batteries.soc, soh, temperature_c,
 * reading_at; an older reading than the pack's stays behind). A pack charging to full in the bay the pack's row puts
 * it in is a §3.3 charge_full (45 → 40). Where packs go — in by a swap or a technician, out by a swap — the swap and
 * the battery events decide, not the report.
 */
export async function syncBays(
  tx: Db,
  cabinet: { id: number; tenantId: number; cityCode: number; slotCount: number | null },
  report: CabinetReport,
  at: Date,
): Promise<Map<string, number>> {
  const serials = [...new Set(report.slots.flatMap((s) => (s.batterySn ? [s.batterySn] : [])))];
  const known = new Map(
    serials.length
      ? (
          await tx
            .select({ id: batteries.id, sn: batteries.batterySn })
            .from(batteries)
            .where(and(eq(batteries.tenantId, cabinet.tenantId), inArray(batteries.batterySn, serials), isNull(batteries.deletedAt)))
        ).map((b) => [b.sn, b.id])
      : [],
  );
  for (const slot of reportedBays(cabinet, report)) {
    const batteryId = slot.batterySn ? (known.get(slot.batterySn) ?? null) : null;
    await tx
      .update(cabinetSlots)
      .set({ state: SLOT_STATE[slot.state], batteryId, doorOpen: slot.doorOpen, updatedFromDeviceAt: at, updatedAt: new Date() })
      .where(and(eq(cabinetSlots.stationId, cabinet.id), eq(cabinetSlots.slotNo, slot.slotNo), isNull(cabinetSlots.deletedAt)));
    // What the cabinet read of the pack; a reading it does not take (undefined) leaves the pack's as it was.
    const read = { soc: slot.soc ?? undefined, soh: slot.soh ?? undefined, temperatureC: slot.tempC ?? undefined };
    if (batteryId === null || Object.values(read).every((v) => v === undefined)) continue;
    const [pack] = await tx
      .select({ state: batteries.state, stationId: batteries.stationId, slotNo: batteries.slotNo, readingAt: batteries.readingAt })
      .from(batteries)
      .where(eq(batteries.id, batteryId))
      .for('update');
    if (!pack) continue;
    // The pack's latest readings, unless it was read later elsewhere.
    const fresh = pack.readingAt === null || pack.readingAt <= at;
    // charge_full only for a pack this cabinet holds in that bay, charging, reported full with its charge.
    const here = pack.stationId === cabinet.id && pack.slotNo === slot.slotNo;
    const chargedFull = here && read.soc !== undefined && slot.state === 'full' && pack.state === BatteryState.charging;
    if (!fresh && !chargedFull) continue;
    await tx
      .update(batteries)
      .set({ ...(fresh ? { ...read, readingAt: at } : {}), ...(chargedFull ? { state: BatteryState.inCabinet } : {}), updatedAt: new Date() })
      .where(eq(batteries.id, batteryId));
    if (chargedFull) await chargeFullEvent(tx, cabinet, batteryId, read.soc!, at);
  }
  return known;
}

/** §3.3 charge_full (45 → 40) of a pack in a cabinet's bay, as the cabinet reported it. */
export async function chargeFullEvent(
  tx: Db,
  cabinet: { id: number; tenantId: number; cityCode: number },
  batteryId: number,
  soc: number,
  at: Date,
): Promise<void> {
  await tx.insert(batteryEvents).values({
    tenantId: cabinet.tenantId,
    cityCode: cabinet.cityCode,
    batteryId,
    event: 'charge_full',
    fromState: BatteryState.charging,
    toState: BatteryState.inCabinet,
    stationId: cabinet.id,
    soc,
    actorType: ACTOR.device,
    actorId: null,
    createdAt: at,
  });
}
