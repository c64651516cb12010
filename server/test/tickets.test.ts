import { Code } from '@kayuh/contract/codes';
import { OpState } from '@kayuh/contract/resources/fleet';
import { isNoticeLink } from '@kayuh/contract/rules/noticeLink';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  batteries,
  batteryEvents,
  staffNotifications,
  ticketEvents,
  ticketItems,
  tickets,
  ticketTemplates,
  users,
  vehicleLiveStatus,
  vehicles,
  vehicleStateLog,
} from '../src/db/schema.ts';
import { ticketSla } from '../src/modules/operations/tickets/ticketJobs.ts';
import { useTestApp } from './harness.ts';

/**
 * Work-order tickets (DOMAIN §3.1, docs/tickets.md): one open ticket per vehicle and type, the SLA's due time, the
 * grab race, the technician's own events, the physical effects of start, submit and cancel, approval by someone else
 * and the close that follows it, every transition a ticket_events row.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const JAKARTA = 2001;
const OPS = 'kitabike.ops.jakarta';
const TECH = 'kitabike.tech.jakarta.01';
const TECH2 = 'kitabike.tech.jakarta.02';
const API = '/api/operations/ticket';
/** A photo as the form's upload stores it (the demo templates ask for one on a swap and a dispatch). */
const PHOTO = '/api/files/uploads/2/2026/11/ticket-photo.jpg';

const userId = async (userName: string) => (await db().select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;
let taken = 0;
/** Available vehicles of Jakarta that no test has used yet. */
async function freeVehicles(n: number) {
  const rows = await db()
    .select({ id: vehicles.id, vehicleNo: vehicles.vehicleNo, batteryId: vehicles.batteryId })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.cityCode, JAKARTA),
        eq(vehicles.opState, OpState.available),
        sql`${vehicles.batteryId} IS NOT NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ticket_items i WHERE i.vehicle_id = ${vehicles.id} AND i.is_open)`,
      ),
    )
    .orderBy(asc(vehicles.id))
    .offset(taken)
    .limit(n);
  taken += n;
  return rows;
}
const ticketRow = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0]!;
const opState = async (id: number) => (await db().select({ s: vehicles.opState }).from(vehicles).where(eq(vehicles.id, id)))[0]!.s;
const eventsOf = async (id: number) =>
  (await db().select().from(ticketEvents).where(eq(ticketEvents.ticketId, id)).orderBy(asc(ticketEvents.id))).map((e) => e.event);

async function open(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.call('POST', `${API}/add`, { headers, body: { cityCode: JAKARTA, ...body } });
}
async function fire(headers: Record<string, string>, event: string, ticketId: number, body: Record<string, unknown> = {}) {
  return t.call('POST', `${API}/${event}`, { headers, body: { ticketId, ...body } });
}

describe('the demo’s tickets', () => {
  it('hold every state but the momentary approved one in each operator, their items open exactly while they are', async () => {
    for (const tenantId of [2, 3]) {
      const states = await db().selectDistinct({ s: tickets.status }).from(tickets).where(eq(tickets.tenantId, tenantId));
      expect(states.map((x) => x.s).sort()).toEqual([0, 1, 2, 3, 4, 6, 7, 8]);
    }
    const mismatched = await db()
      .select({ id: ticketItems.id })
      .from(ticketItems)
      .innerJoin(tickets, eq(tickets.id, ticketItems.ticketId))
      .where(sql`${ticketItems.isOpen} <> (${tickets.status} IN (0, 1, 2, 3, 4, 6))`);
    expect(mismatched).toHaveLength(0);
  });
});

describe('opening a ticket', () => {
  it('takes its due time from the priority, lists its vehicles, and holds one open ticket per vehicle and type', async () => {
    const ops = await t.signIn(OPS, { lang: 'EN' });
    const [a, b] = await freeVehicles(2);
    const made = await open(ops, { type: '1', vehicleIds: [a!.id, b!.id], priority: '2', title: 'Move to Sudirman' });
    expect(made.code, JSON.stringify(made)).toBe(Code.ok);
    const row = await ticketRow(made.data.id ?? made.data.ticketId);
    expect(row).toMatchObject({ status: 0, type: 1, priority: 2, source: 1 });
    expect(row.ticketNo).toMatch(/^TK\d{14}$/);
    expect(row.dueAt.getTime() - row.createdAt.getTime()).toBe(240 * 60_000);
    expect(await eventsOf(row.id)).toEqual(['create']);

    const listed = await t.call('POST', `${API}/list`, { headers: ops, body: { ticketNo: row.ticketNo } });
    expect(listed.rows).toHaveLength(1);
    expect(listed.rows[0]).toMatchObject({ vehicleNos: `${a!.vehicleNo}, ${b!.vehicleNo}`, overdue: false, status: 0 });
    const byVehicle = await t.call('POST', `${API}/dispatch/list`, { headers: ops, body: { vehicleNos: b!.vehicleNo } });
    expect(byVehicle.rows.map((r: { ticketNo: string }) => r.ticketNo)).toEqual([row.ticketNo]);

    const again = await open(ops, { type: '1', vehicleIds: [b!.id] });
    expect(again.code).toBe(Code.duplicate);
    expect(again.msg).toContain(row.ticketNo);
    expect(again.msg).toContain(b!.vehicleNo);
    // Another type is another slot.
    expect((await open(ops, { type: '3', vehicleIds: [b!.id] })).code).toBe(Code.ok);
  });

  it('gives one ticket to twenty clerks opening the same vehicle and type at once', async () => {
    const ops = await t.signIn(OPS);
    const [v] = await freeVehicles(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(ops, { type: '5', vehicleIds: [v!.id] })));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.duplicate)).toHaveLength(19);
    const items = await db()
      .select()
      .from(ticketItems)
      .where(and(eq(ticketItems.vehicleId, v!.id), eq(ticketItems.ticketType, 5)));
    expect(items).toHaveLength(1);
  });

  it('refuses a vehicle of another city, a swap for two vehicles, and no vehicle', async () => {
    const ops = await t.signIn('kitabike.admin', { lang: 'EN' });
    const [bandung] = await db().select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.cityCode, 2002)).limit(1);
    const away = await open(ops, { type: '5', vehicleIds: [bandung!.id] });
    expect(away.code).toBe(Code.validation);
    const [a, b] = await freeVehicles(2);
    expect((await open(ops, { type: '2', vehicleIds: [a!.id, b!.id] })).code).toBe(Code.validation);
    expect((await open(ops, { type: '2', vehicleIds: [] })).code).toBe(Code.validation);
  });
});

describe('working a ticket', () => {
  it('lets one of two technicians grabbing at once win; the other hears it is taken', async () => {
    const ops = await t.signIn(OPS);
    const [v] = await freeVehicles(1);
    const made = await open(ops, { type: '5', vehicleIds: [v!.id] });
    const id = made.data.ticketId as number;
    const [one, two] = [await t.signIn(TECH), await t.signIn(TECH2)];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => fire(i % 2 ? one : two, 'grabTicket', id)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(
      answers.filter((a) => a.code === Code.ok).length +
        answers.filter((a) => a.code === Code.transitionNotAllowed || a.code === Code.versionConflict).length,
    ).toBe(10);
    const row = await ticketRow(id);
    expect(row).toMatchObject({ status: 2, assignType: 2 });
    expect([await userId(TECH), await userId(TECH2)]).toContain(row.assigneeId);
    expect(await eventsOf(id)).toEqual(['create', 'grab']);
  });

  it('swaps a battery: assigned, accepted, started on the scanned bike, submitted with the pack carried, approved and closed', async () => {
    const ops = await t.signIn(OPS, { lang: 'EN' });
    const tech = await t.signIn(TECH, { lang: 'EN' });
    const other = await t.signIn(TECH2, { lang: 'EN' });
    const [v] = await freeVehicles(1);
    const id = (await open(ops, { type: '2', vehicleIds: [v!.id] })).data.ticketId as number;

    expect((await fire(ops, 'assignTicket', id, { assigneeId: await userId('kitabike.tech.bandung.01') })).code).toBe(Code.validation);
    expect((await fire(ops, 'assignTicket', id, { assigneeId: await userId(TECH) })).code).toBe(Code.ok);
    expect((await fire(other, 'acceptTicket', id)).code).toBe(Code.forbidden);
    expect((await fire(tech, 'acceptTicket', id)).code).toBe(Code.ok);

    const wrong = await fire(tech, 'startTicket', id, { vehicleNo: 'NOPE-1' });
    expect(wrong.code).toBe(Code.validation);
    expect(wrong.msg).toContain('NOPE-1');
    expect((await fire(tech, 'startTicket', id, { vehicleNo: v!.vehicleNo.toLowerCase(), lat: -6.2, lng: 106.82 })).code).toBe(Code.ok);
    expect(await opState(v!.id)).toBe(OpState.swapping);

    const bare = await fire(tech, 'submitTicket', id, {});
    expect(bare.code).toBe(Code.validation);
    expect(bare.data.fields).toHaveProperty('photo1');
    expect((await fire(tech, 'submitTicket', id, { photo1: PHOTO })).data.fields).toHaveProperty('newBatterySn');
    const [pack] = await db()
      .update(batteries)
      .set({ state: 20, depotId: null, soc: 97 })
      .where(sql`${batteries.id} = (SELECT id FROM batteries WHERE city_code = ${JAKARTA} AND state = 10 ORDER BY id LIMIT 1)`)
      .returning();
    const submitted = await fire(tech, 'submitTicket', id, { newBatterySn: pack!.batterySn, photo1: PHOTO, note: 'Swapped at the kerb' });
    expect(submitted.code, JSON.stringify(submitted)).toBe(Code.ok);
    expect(await opState(v!.id)).toBe(OpState.available);
    const [vehicle] = await db().select().from(vehicles).where(eq(vehicles.id, v!.id));
    expect(vehicle!.batteryId).toBe(pack!.id);
    const [old] = await db().select().from(batteries).where(eq(batteries.id, v!.batteryId!));
    expect(old).toMatchObject({ state: 20, vehicleId: null });
    const [item] = await db().select().from(ticketItems).where(eq(ticketItems.ticketId, id));
    expect(item).toMatchObject({ oldBatteryId: v!.batteryId, newBatteryId: pack!.id, socAfter: 97, isOpen: true });
    expect(await db().select({ e: batteryEvents.event }).from(batteryEvents).where(eq(batteryEvents.ticketId, id))).toHaveLength(2);
    expect((await ticketRow(id)).slaMet).toBe(true);

    const own = await fire(tech, 'approveTicket', id);
    expect(own.code).toBe(Code.forbidden);
    expect((await fire(ops, 'approveTicket', id)).code).toBe(Code.ok);
    expect(await ticketRow(id)).toMatchObject({ status: 7 });
    const [closedItem] = await db().select().from(ticketItems).where(eq(ticketItems.ticketId, id));
    expect(closedItem!.isOpen).toBe(false);
    expect(await eventsOf(id)).toEqual(['create', 'assign', 'accept', 'start', 'submit', 'approve', 'close']);

    const timeline = await t.call('GET', `${API}/${id}/events`, { headers: ops });
    expect(timeline.rows.map((r: { event: string }) => r.event)).toEqual([
      'closeTicket',
      'approveTicket',
      'submitTicket',
      'startTicket',
      'acceptTicket',
      'assignTicket',
      'createTicket',
    ]);
    expect(timeline.rows[2].payload).toEqual({ note: 'Swapped at the kerb', photos: [PHOTO] });
    // The slot is free again: the vehicle may have a new swap ticket.
    expect((await open(ops, { type: '2', vehicleIds: [v!.id] })).code).toBe(Code.ok);
  });

  it('rejects and reworks; cancelling puts a dispatched vehicle back as it was; a closed ticket refuses, naming its state', async () => {
    const ops = await t.signIn(OPS, { lang: 'EN' });
    const tech = await t.signIn(TECH, { lang: 'EN' });
    const [v] = await freeVehicles(1);
    const id = (await open(ops, { type: '1', vehicleIds: [v!.id] })).data.ticketId as number;
    expect((await fire(tech, 'grabTicket', id)).code).toBe(Code.ok);
    expect((await fire(tech, 'startTicket', id, { vehicleNo: v!.vehicleNo })).code).toBe(Code.ok);
    expect(await opState(v!.id)).toBe(OpState.dispatching);
    expect((await fire(tech, 'submitTicket', id, { lat: -6.21, lng: 106.81, photo1: PHOTO })).code).toBe(Code.ok);
    expect(await opState(v!.id)).toBe(OpState.available);
    const [moved] = await db().select().from(ticketItems).where(eq(ticketItems.ticketId, id));
    expect(moved).toMatchObject({ moved: true, toLat: '-6.210000', toLng: '106.810000' });

    expect((await fire(ops, 'rejectTicket', id, { rejectReason: 'Still on the pavement' })).code).toBe(Code.ok);
    expect((await ticketRow(id)).rejectReason).toBe('Still on the pavement');
    expect((await fire(tech, 'reworkTicket', id)).code).toBe(Code.ok);
    expect((await ticketRow(id)).status).toBe(3);

    // Started again elsewhere: cancel puts the vehicle back where the start found it.
    const [w] = await freeVehicles(1);
    const second = (await open(ops, { type: '1', vehicleIds: [w!.id] })).data.ticketId as number;
    await fire(tech, 'grabTicket', second);
    await fire(tech, 'startTicket', second, { vehicleNo: w!.vehicleNo });
    expect(await opState(w!.id)).toBe(OpState.dispatching);
    const noNote = await fire(ops, 'cancelTicket', second, { cancelReason: '9' });
    expect(noNote.code).toBe(Code.validation);
    expect((await fire(ops, 'cancelTicket', second, { cancelReason: '1' })).code).toBe(Code.ok);
    expect(await opState(w!.id)).toBe(OpState.available);
    const released = await db()
      .select({ event: vehicleStateLog.event })
      .from(vehicleStateLog)
      .where(and(eq(vehicleStateLog.vehicleId, w!.id), eq(vehicleStateLog.refId, second)));
    expect(released.map((r) => r.event)).toEqual(['ticket_started', 'ticket_released']);
    expect(await ticketRow(second)).toMatchObject({ status: 8, cancelReason: 1 });

    const late = await fire(ops, 'cancelTicket', second, { cancelReason: '5' });
    expect(late.code).toBe(Code.transitionNotAllowed);
    expect(late.msg).toContain('Cancelled');
  });

  it('assigns a selection at once; a ticket taken meanwhile is named as refused, the others are assigned', async () => {
    const ops = await t.signIn(OPS, { lang: 'EN' });
    const vs = await freeVehicles(3);
    const ids: number[] = [];
    for (const v of vs) ids.push((await open(ops, { type: '5', vehicleIds: [v.id] })).data.ticketId as number);
    await fire(await t.signIn(TECH2), 'grabTicket', ids[1]!);
    const items = await Promise.all(ids.map(async (id) => ({ id, version: (await ticketRow(id)).version })));
    const res = await t.call('POST', `${API}/assignTicket/bulk`, { headers: ops, body: { items, assigneeId: await userId(TECH) } });
    expect(res.data).toMatchObject({ done: 2, refused: 1 });
    expect(res.data.results[1].code).toBe(Code.transitionNotAllowed);
    expect((await ticketRow(ids[0]!)).assigneeId).toBe(await userId(TECH));
    expect((await ticketRow(ids[2]!)).status).toBe(1);
  });

  it('keeps technicians to the events of their own tickets and their own city', async () => {
    const ops = await t.signIn(OPS);
    const tech = await t.signIn(TECH);
    const [v] = await freeVehicles(1);
    const id = (await open(ops, { type: '6', vehicleIds: [v!.id] })).data.ticketId as number;
    // A technician may not assign, approve or cancel (no permission).
    expect((await fire(tech, 'assignTicket', id, { assigneeId: await userId(TECH) })).code).toBe(Code.forbidden);
    expect((await fire(tech, 'cancelTicket', id, { cancelReason: '5' })).code).toBe(Code.forbidden);
    // Bandung's technician does not see Jakarta's ticket at all.
    const bandung = await t.signIn('kitabike.tech.bandung.01');
    expect((await fire(bandung, 'grabTicket', id)).code).toBe(Code.notFound);
    // A find ticket needs its outcome; "not found" marks the vehicle lost.
    await fire(tech, 'grabTicket', id);
    await fire(tech, 'startTicket', id, { vehicleNo: v!.vehicleNo });
    expect((await fire(tech, 'submitTicket', id, {})).code).toBe(Code.validation);
    expect((await fire(tech, 'submitTicket', id, { outcome: '4' })).code).toBe(Code.ok);
    expect(await opState(v!.id)).toBe(OpState.lost);
  });
});

describe('the SLA task', () => {
  const run = (at = new Date()) => ticketSla(t.services, t.app.log, at);

  it('approves a submitted swap once the vehicle reports a charged pack, and leaves one the telemetry does not confirm', async () => {
    const ops = await t.signIn(OPS);
    const tech = await t.signIn(TECH);
    const [a, b] = await freeVehicles(2);
    const swapped: number[] = [];
    for (const v of [a!, b!]) {
      const id = (await open(ops, { type: '2', vehicleIds: [v.id] })).data.ticketId as number;
      await fire(tech, 'grabTicket', id);
      await fire(tech, 'startTicket', id, { vehicleNo: v.vehicleNo });
      const [pack] = await db()
        .update(batteries)
        .set({ state: 20, depotId: null, soc: 95 })
        .where(sql`${batteries.id} = (SELECT id FROM batteries WHERE city_code = ${JAKARTA} AND state = 10 ORDER BY id LIMIT 1)`)
        .returning();
      expect((await fire(tech, 'submitTicket', id, { newBatterySn: pack!.batterySn, photo1: PHOTO })).code).toBe(Code.ok);
      swapped.push(id);
    }
    // Only the first vehicle reports after the swap, with its new pack's charge.
    await db()
      .update(vehicleLiveStatus)
      .set({ soc: 95, lastReportedAt: new Date(Date.now() + 1_000) })
      .where(eq(vehicleLiveStatus.vehicleId, a!.id));
    await db()
      .update(vehicleLiveStatus)
      .set({ soc: 95, lastReportedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(vehicleLiveStatus.vehicleId, b!.id));
    expect((await run()).approved).toBe(1);
    expect(await ticketRow(swapped[0]!)).toMatchObject({ status: 7, reviewerId: null });
    expect(await eventsOf(swapped[0]!)).toEqual(['create', 'grab', 'start', 'submit', 'approve', 'close']);
    expect((await ticketRow(swapped[1]!)).status).toBe(4);
    expect((await run()).approved).toBe(0);
  });

  it('cancels a ticket not started within its template’s time, and tells of an overdue one once', async () => {
    const ops = await t.signIn(OPS);
    const [v, w] = await freeVehicles(2);
    const [template] = await db()
      .select()
      .from(ticketTemplates)
      .where(and(eq(ticketTemplates.tenantId, 2), eq(ticketTemplates.type, 5)));
    await db().update(ticketTemplates).set({ expireAfterMinutes: 30 }).where(eq(ticketTemplates.id, template!.id));
    try {
      const stale = (await open(ops, { type: '5', vehicleIds: [v!.id] })).data.ticketId as number;
      await db()
        .update(tickets)
        .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
        .where(eq(tickets.id, stale));
      const late = (await open(ops, { type: '6', vehicleIds: [w!.id], priority: '1' })).data.ticketId as number;
      await db()
        .update(tickets)
        .set({ dueAt: new Date(Date.now() - 60_000) })
        .where(eq(tickets.id, late));

      const first = await run();
      expect(first.expired).toBeGreaterThanOrEqual(1);
      expect(await ticketRow(stale)).toMatchObject({ status: 8, cancelReason: 6 });
      expect(first.overdue).toBeGreaterThanOrEqual(1);
      const lateNo = (await ticketRow(late)).ticketNo;
      const told = await db()
        .select()
        .from(staffNotifications)
        .where(like(staffNotifications.message, `%${lateNo}%`));
      expect(told.map((n) => n.userId)).toContain(await userId(OPS));
      expect(told.map((n) => n.userId)).not.toContain(await userId(TECH));
      // The notice opens the ticket list on the ticket: a route of the console.
      expect(told[0]!.url).toBe(`/Ticket/list?ticketNo=${lateNo}`);
      expect(isNoticeLink(told[0]!.url)).toBe(true);
      await run();
      expect(
        await db()
          .select()
          .from(staffNotifications)
          .where(like(staffNotifications.message, `%${lateNo}%`)),
      ).toHaveLength(told.length);
      const listed = await t.call('POST', `${API}/list`, { headers: ops, body: { ticketNo: lateNo } });
      expect(listed.rows[0].overdue).toBe(true);
    } finally {
      await db().update(ticketTemplates).set({ expireAfterMinutes: null }).where(eq(ticketTemplates.id, template!.id));
    }
  });
});

describe('the operations Home', () => {
  it('counts open tickets by type and status in the caller’s city, those past due, and vehicles needing work', async () => {
    const ops = await t.signIn(OPS);
    const res = await t.call('GET', '/api/operations/dashboard', { headers: ops });
    expect(res.code).toBe(Code.ok);
    const open = await db()
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.cityCode, JAKARTA), sql`${tickets.status} IN (0, 1, 2, 3, 4, 6)`));
    expect(res.data.openByTypeStatus.reduce((sum: number, r: { count: number }) => sum + r.count, 0)).toBe(open.length);
    const late = await db()
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.cityCode, JAKARTA), sql`${tickets.status} IN (0, 1, 2, 3, 4, 6) AND ${tickets.dueAt} < now()`));
    expect(res.data.overdue).toBe(late.length);
    const low = await db()
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.cityCode, JAKARTA), eq(vehicles.opState, OpState.lowBattery)));
    expect(res.data.lowBattery).toBe(low.length);
    // Jakarta's manager asking for Bandung sees nothing of it.
    const away = await t.call('GET', '/api/operations/dashboard?cityCode=2002', { headers: ops });
    expect(away.data).toMatchObject({ openByTypeStatus: [], overdue: 0, lowBattery: 0 });
  });

  it('puts the city’s open tickets on the map where their first vehicle reported, most urgent first', async () => {
    const ops = await t.signIn(OPS);
    const [v] = await freeVehicles(1);
    const made = await open(ops, { type: '3', vehicleIds: [v!.id], priority: '1' });
    const [live] = await db().select().from(vehicleLiveStatus).where(eq(vehicleLiveStatus.vehicleId, v!.id));
    const res = await t.call('GET', '/api/operations/dashboard/ticketMap', { headers: ops });
    expect(res.code).toBe(Code.ok);
    const openRows = await db()
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.cityCode, JAKARTA), sql`${tickets.status} IN (0, 1, 2, 3, 4, 6)`));
    expect(res.data.total).toBe(openRows.length);
    const onMap: Array<{ ticketId: number; ticketNo: string; priority: number; vehicleNo: string; lat: number; lng: number }> = res.data.tickets;
    expect(onMap.find((x) => x.ticketNo === made.data.ticketNo)).toMatchObject({
      vehicleNo: v!.vehicleNo,
      lat: Number(live!.lat),
      lng: Number(live!.lng),
    });
    const priorities = onMap.map((x) => x.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    const ids = new Set(openRows.map((x) => x.id));
    expect(onMap.every((x) => ids.has(x.ticketId))).toBe(true);
    expect((await t.call('GET', '/api/operations/dashboard/ticketMap?cityCode=2002', { headers: ops })).data).toEqual({ tickets: [], total: 0 });
  });
});
