import { Code } from '@kayuh/contract/codes';
import { OpState } from '@kayuh/contract/resources/fleet';
import { TicketSource, TicketStatus, TicketType } from '@kayuh/contract/resources/tickets';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { ticketItems, tickets, vehicleLiveStatus, vehicles, zones, zoneTargets } from '../src/db/schema.ts';
import { cityClock, ticketsFromZoneTargets } from '../src/modules/operations/tickets/zoneTargetTickets.ts';
import { useTestApp } from './harness.ts';

/**
 * Zone targets (DOMAIN §1.2 zone_targets, §3.1 dispatch; docs/zone-targets.md): set on a parking zone from
 * area_scheduling_list, counted in the list, and a zone short of its minimum or over its maximum in its window gets
 * one dispatch ticket for the difference, however many runs ask at once.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const ADMIN = 'kitabike.admin';
const JAKARTA = 2001;
const ALL_WEEK = ['1', '2', '3', '4', '5', '6', '7'];

const zoneByCode = async (code: string) =>
  (
    await db()
      .select()
      .from(zones)
      .where(and(eq(zones.tenantId, 2), eq(zones.zoneCode, code)))
  )[0]!;
async function addTarget(body: Record<string, unknown>) {
  const admin = await t.signIn(ADMIN);
  return t.call('POST', '/api/operations/zoneTarget/add', {
    headers: admin,
    body: { weekdays: ALL_WEEK, startTime: '00:00', endTime: '24:00', minVehicles: 0, ...body },
  });
}
/** Rentable vehicles whose live position is in the zone, as the rule counts them. */
const liveIn = async (zoneId: number) =>
  (
    await db()
      .select({ id: vehicleLiveStatus.vehicleId })
      .from(vehicleLiveStatus)
      .where(and(eq(vehicleLiveStatus.zoneId, zoneId), eq(vehicleLiveStatus.opState, OpState.available)))
  ).map((r) => r.id);
/** Parks `n` more of the city's available vehicles (none held by a ticket) in the zone, at its centre. */
async function park(zone: typeof zones.$inferSelect, n: number) {
  const free = await db()
    .select({ id: vehicles.id })
    .from(vehicles)
    .innerJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .where(
      and(
        eq(vehicles.tenantId, 2),
        eq(vehicles.cityCode, JAKARTA),
        eq(vehicles.opState, OpState.available),
        sql`${vehicleLiveStatus.zoneId} IS DISTINCT FROM ${zone.id}`,
        sql`NOT EXISTS (SELECT 1 FROM ticket_items i WHERE i.vehicle_id = ${vehicles.id} AND i.is_open)`,
      ),
    )
    .limit(n);
  const lat = (Number(zone.bboxMinLat) + Number(zone.bboxMaxLat)) / 2;
  const lng = (Number(zone.bboxMinLng) + Number(zone.bboxMaxLng)) / 2;
  await db()
    .update(vehicleLiveStatus)
    .set({ zoneId: zone.id, lat: String(lat), lng: String(lng) })
    .where(
      inArray(
        vehicleLiveStatus.vehicleId,
        free.map((r) => r.id),
      ),
    );
}
const targetTickets = (targetId: number) =>
  db()
    .select({ id: tickets.id, targetZoneId: tickets.targetZoneId, title: tickets.title, status: tickets.status })
    .from(tickets)
    .where(and(eq(tickets.source, TicketSource.rule), eq(tickets.sourceRefId, targetId), eq(tickets.type, TicketType.dispatch)));
const vehiclesOf = async (ticketId: number) =>
  (await db().select({ id: ticketItems.vehicleId }).from(ticketItems).where(eq(ticketItems.ticketId, ticketId))).map((r) => r.id!);

// The demo's own targets stay out of the counts: each test sets the one it reads.
beforeAll(async () => {
  await db().update(zoneTargets).set({ status: 1 });
});
// Each test's target stops, and its tickets are cancelled, so the next starts from the zone as it is.
afterEach(async () => {
  const open = await db()
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.source, TicketSource.rule), eq(tickets.type, TicketType.dispatch), inArray(tickets.status, [0, 1, 2, 3])));
  await db().update(zoneTargets).set({ status: 1 }).where(isNull(zoneTargets.deletedAt));
  if (!open.length) return;
  const ids = open.map((r) => r.id);
  await db().update(tickets).set({ status: TicketStatus.cancelled, cancelReason: 5 }).where(inArray(tickets.id, ids));
  await db().update(ticketItems).set({ isOpen: false }).where(inArray(ticketItems.ticketId, ids));
});

describe('the target form', () => {
  it('takes a parking zone of the city, its window and its bounds; refuses each wrong one on its field', async () => {
    const gambir = await zoneByCode('JKT-PK-01');
    const saved = await addTarget({ zoneId: gambir.id, weekdays: ['1', '5'], startTime: '07:00', endTime: '10:00', minVehicles: 2, maxVehicles: 30 });
    expect(saved.code, JSON.stringify(saved)).toBe(Code.ok);
    const [row] = await db()
      .select()
      .from(zoneTargets)
      .where(eq(zoneTargets.id, Number(saved.data.targetId ?? saved.data.id)));
    expect(row).toMatchObject({ cityCode: JAKARTA, zoneId: gambir.id, weekdays: ['1', '5'], startTime: '07:00', endTime: '10:00' });

    const noParking = await zoneByCode('JKT-NP-01');
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ zoneId: noParking.id }, 'zoneId'],
      [{ zoneId: gambir.id, startTime: '10:00', endTime: '07:00' }, 'endTime'],
      [{ zoneId: gambir.id, startTime: '25:00' }, 'startTime'],
      [{ zoneId: gambir.id, endTime: '24:30' }, 'endTime'],
      [{ zoneId: gambir.id, minVehicles: 10, maxVehicles: 4 }, 'maxVehicles'],
      [{ zoneId: gambir.id, weekdays: ['8'] }, 'weekdays.0'],
      [{ zoneId: gambir.id, weekdays: [] }, 'weekdays'],
      [{ zoneId: gambir.id, minVehicles: -1 }, 'minVehicles'],
    ];
    for (const [body, field] of refusals) {
      const refused = await addTarget(body);
      expect(refused.code, JSON.stringify(body)).toBe(Code.validation);
      expect(Object.keys(refused.data.fields), JSON.stringify(body)).toEqual([field]);
    }
  });

  it('lists each target with what its zone holds now', async () => {
    const hi = await zoneByCode('JKT-PK-02');
    await park(hi, 2);
    const saved = await addTarget({ zoneId: hi.id, minVehicles: 1 });
    const admin = await t.signIn(ADMIN);
    const list = await t.call('POST', '/api/operations/zoneTarget/list', { headers: admin, body: { zoneId: hi.id } });
    const row = list.rows.find((r: { targetId: number }) => r.targetId === saved.data.targetId);
    expect(row).toMatchObject({ zoneName: 'Bundaran HI', liveCount: (await liveIn(hi.id)).length });
    expect(row.liveCount).toBeGreaterThanOrEqual(2);
  });
});

describe('a zone short of its minimum', () => {
  it('gets one dispatch bringing in the nearest vehicles from outside it, and no second while they are on their way', async () => {
    const sarinah = await zoneByCode('JKT-PK-03');
    const held = (await liveIn(sarinah.id)).length;
    const saved = await addTarget({ zoneId: sarinah.id, minVehicles: held + 3 });
    expect(await ticketsFromZoneTargets(t.services, t.app.log)).toBe(1);
    const [ticket] = await targetTickets(saved.data.targetId);
    expect(ticket).toMatchObject({ targetZoneId: sarinah.id, title: `ZONE JKT-PK-03 < ${held + 3}` });
    const moved = await vehiclesOf(ticket!.id);
    expect(moved).toHaveLength(3);
    const inside = await liveIn(sarinah.id);
    expect(moved.some((id) => inside.includes(id))).toBe(false);
    expect(await ticketsFromZoneTargets(t.services, t.app.log)).toBe(0);
  });

  it('of twenty runs at once, one ticket', async () => {
    const gambir = await zoneByCode('JKT-PK-01');
    const saved = await addTarget({ zoneId: gambir.id, minVehicles: (await liveIn(gambir.id)).length + 2 });
    const opened = await Promise.all(Array.from({ length: 20 }, () => ticketsFromZoneTargets(t.services, t.app.log)));
    expect(opened.reduce((a, b) => a + b, 0)).toBe(1);
    const [ticket] = await targetTickets(saved.data.targetId);
    expect(await vehiclesOf(ticket!.id)).toHaveLength(2);
  });

  it('is left alone outside its window', async () => {
    const gambir = await zoneByCode('JKT-PK-01');
    const now = new Date();
    const today = cityClock(now, 7).weekday;
    const saved = await addTarget({ zoneId: gambir.id, weekdays: ALL_WEEK.filter((d) => d !== String(today)), minVehicles: 50 });
    expect(await ticketsFromZoneTargets(t.services, t.app.log, now)).toBe(0);
    expect(await targetTickets(saved.data.targetId)).toEqual([]);
  });
});

describe('a zone over its maximum', () => {
  it('gets one dispatch taking out the surplus, with no destination set', async () => {
    const hi = await zoneByCode('JKT-PK-02');
    await park(hi, 4);
    const inside = await liveIn(hi.id);
    const saved = await addTarget({ zoneId: hi.id, minVehicles: 0, maxVehicles: inside.length - 2 });
    expect(await ticketsFromZoneTargets(t.services, t.app.log)).toBe(1);
    const [ticket] = await targetTickets(saved.data.targetId);
    expect(ticket).toMatchObject({ targetZoneId: null, title: `ZONE JKT-PK-02 > ${inside.length - 2}` });
    const moved = await vehiclesOf(ticket!.id);
    expect(moved).toHaveLength(2);
    expect(moved.every((id) => inside.includes(id))).toBe(true);
    expect(await ticketsFromZoneTargets(t.services, t.app.log)).toBe(0);
  });
});

describe("the city's clock", () => {
  it('reads the weekday and time where the city is', () => {
    // Sunday 2026-11-29 18:30 UTC is Monday 01:30 in Jakarta (UTC+7).
    expect(cityClock(new Date('2026-11-29T18:30:00Z'), 7)).toEqual({ weekday: 1, time: '01:30' });
    expect(cityClock(new Date('2026-11-29T10:05:00Z'), 8)).toEqual({ weekday: 7, time: '18:05' });
  });
});
