import { OpState } from '@kayuh/contract/resources/fleet';
import { TicketSource } from '@kayuh/contract/resources/tickets';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { alarms, faultTypes, ticketItems, tickets, vehicleFaults, vehicleLiveStatus, vehicles } from '../src/db/schema.ts';
import { raiseAlarm, recoverAlarm } from '../src/modules/alarm/raiseAlarm.ts';
import { AUTO_TICKET_COOLDOWN_MS, ticketsFromAlarms } from '../src/modules/operations/tickets/alarmTickets.ts';
import { ticketSla } from '../src/modules/operations/tickets/ticketJobs.ts';
import { useTestApp } from './harness.ts';

/**
 * Tickets from alarms (DOMAIN §3.1 auto-creation, §6.3 auto_ticket_type; docs/tickets.md): one ticket per alarm and
 * vehicle, none while the vehicle has an open ticket of the type, none within 30 minutes of a cancel, find only after
 * 24 h offline, and an unstarted ticket cancelled when its alarm clears by itself. And from reported faults: one
 * severity-1 fault, or two rider reports within a day.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const JAKARTA = 2001;
const run = (at = new Date()) => ticketSla(t.services, t.app.log, at);
/** Tickets of this file's making (the demo's own history on a vehicle is not asked about). */
const started = new Date();

let taken = 0;
/** Available Jakarta vehicles with no open ticket and no open alarm, that no test has used. */
async function freeVehicle() {
  const [row] = await db()
    .select({ id: vehicles.id, vehicleNo: vehicles.vehicleNo })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.cityCode, JAKARTA),
        eq(vehicles.tenantId, 2),
        eq(vehicles.opState, OpState.available),
        sql`NOT EXISTS (SELECT 1 FROM ticket_items i WHERE i.vehicle_id = ${vehicles.id} AND i.is_open)`,
        sql`NOT EXISTS (SELECT 1 FROM alarms a WHERE a.vehicle_id = ${vehicles.id} AND a.status IN (0, 1))`,
        sql`NOT EXISTS (SELECT 1 FROM vehicle_faults f WHERE f.vehicle_id = ${vehicles.id} AND f.status IN (0, 1))`,
      ),
    )
    .orderBy(vehicles.id)
    .offset(taken++)
    .limit(1);
  return row!;
}
const alarmOn = (v: { id: number; vehicleNo: string }, alarmCode: string, level = 3) =>
  raiseAlarm(t.services, {
    tenantId: 2,
    cityCode: JAKARTA,
    alarmCode,
    level,
    targetType: 1,
    targetId: v.id,
    vehicleId: v.id,
    targetName: v.vehicleNo,
  });
const ticketsOf = (vehicleId: number) =>
  db()
    .select({
      id: tickets.id,
      type: tickets.type,
      status: tickets.status,
      priority: tickets.priority,
      source: tickets.source,
      sourceRefId: tickets.sourceRefId,
      cancelReason: tickets.cancelReason,
    })
    .from(ticketItems)
    .innerJoin(tickets, eq(tickets.id, ticketItems.ticketId))
    .where(and(eq(ticketItems.vehicleId, vehicleId), gte(tickets.createdAt, started)))
    .orderBy(desc(tickets.id));
/** As if the ticket had been cancelled longer ago than the cooldown. */
const cooledDown = (ticketId: number) =>
  db()
    .update(tickets)
    .set({ updatedAt: new Date(Date.now() - AUTO_TICKET_COOLDOWN_MS - 60_000) })
    .where(eq(tickets.id, ticketId));
const alarmRow = async (id: number) => (await db().select().from(alarms).where(eq(alarms.id, id)))[0]!;

describe('tickets from alarms', () => {
  it('opens one swap ticket for a low battery, named on the alarm; the next runs open no other', async () => {
    const v = await freeVehicle();
    const raised = await alarmOn(v, 'LOW_SOC');
    await run();
    const [ticket, ...more] = await ticketsOf(v.id);
    expect(more).toEqual([]);
    expect(ticket).toMatchObject({ type: 2, status: 0, priority: 3, source: TicketSource.alarm, sourceRefId: raised.alarmId });
    expect((await alarmRow(raised.alarmId)).ticketId).toBe(ticket!.id);
    // The alarm list names the work order it opened.
    const [number] = await db().select({ no: tickets.ticketNo }).from(tickets).where(eq(tickets.id, ticket!.id));
    const listed = await t.call('POST', '/api/alarm/alarm/list', {
      headers: await t.signIn('kitabike.admin'),
      body: { pageSize: 5, alarmNo: (await alarmRow(raised.alarmId)).alarmNo },
    });
    expect(listed.rows).toEqual([expect.objectContaining({ ticketId: ticket!.id, ticketIdLabel: number!.no })]);
    await run();
    await alarmOn(v, 'LOW_SOC');
    await run();
    expect(await ticketsOf(v.id)).toHaveLength(1);
  });

  it('makes a critical alarm’s ticket P1 and a major one’s P2', async () => {
    const cut = await freeVehicle();
    const tamper = await freeVehicle();
    await alarmOn(cut, 'POWER_CUT', 1);
    await alarmOn(tamper, 'TAMPER', 2);
    await run();
    expect(await ticketsOf(cut.id)).toMatchObject([{ type: 3, priority: 1 }]);
    expect(await ticketsOf(tamper.id)).toMatchObject([{ type: 3, priority: 2 }]);
  });

  it('answers an alarm with the vehicle’s open ticket of the type rather than a second one', async () => {
    const v = await freeVehicle();
    const ops = await t.signIn('kitabike.ops.jakarta');
    const made = await t.call('POST', '/api/operations/ticket/add', { headers: ops, body: { cityCode: JAKARTA, type: '2', vehicleIds: [v.id] } });
    const raised = await alarmOn(v, 'LOW_SOC');
    await run();
    expect(await ticketsOf(v.id)).toHaveLength(1);
    expect((await alarmRow(raised.alarmId)).ticketId).toBe(Number(made.data.ticketId ?? made.data.id));
  });

  it('looks for a vehicle only once it has been offline for a day', async () => {
    const v = await freeVehicle();
    await db()
      .update(vehicleLiveStatus)
      .set({ isOnline: false, lastReportedAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(vehicleLiveStatus.vehicleId, v.id));
    await alarmOn(v, 'OFFLINE');
    await run();
    expect(await ticketsOf(v.id)).toEqual([]);
    await db()
      .update(vehicleLiveStatus)
      .set({ lastReportedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(vehicleLiveStatus.vehicleId, v.id));
    await run();
    expect(await ticketsOf(v.id)).toMatchObject([{ type: 6, status: 0 }]);
  });

  it('waits 30 minutes after a cancel before opening another ticket of the type', async () => {
    const v = await freeVehicle();
    const first = await alarmOn(v, 'LOW_SOC');
    await run();
    const [ticket] = await ticketsOf(v.id);
    const ops = await t.signIn('kitabike.ops.jakarta');
    const cancelled = await t.call('POST', '/api/operations/ticket/cancelTicket', {
      headers: ops,
      body: { ticketId: ticket!.id, cancelReason: '5' },
    });
    expect(cancelled.code).toBe(1000);
    // The alarm is dealt with and raised again: the cooldown holds the new one back.
    await db().update(alarms).set({ status: 2 }).where(eq(alarms.id, first.alarmId));
    const second = await alarmOn(v, 'LOW_SOC');
    expect(second.alarmId).not.toBe(first.alarmId);
    await run();
    expect(await ticketsOf(v.id)).toHaveLength(1);
    await cooledDown(ticket!.id);
    await run();
    const now = await ticketsOf(v.id);
    expect(now).toHaveLength(2);
    expect(now[0]).toMatchObject({ type: 2, status: 0, sourceRefId: second.alarmId });
  });

  it('cancels an unstarted ticket when its alarm clears by itself (reason 7 condition cleared)', async () => {
    const v = await freeVehicle();
    const raised = await alarmOn(v, 'LOW_SOC');
    await run();
    await db().transaction(async (tx) => {
      await recoverAlarm(tx as unknown as Db, { tenantId: 2, targetType: 1, targetId: v.id, alarmCode: 'LOW_SOC' }, new Date());
    });
    expect((await alarmRow(raised.alarmId)).status).toBe(3);
    await run();
    expect(await ticketsOf(v.id)).toMatchObject([{ status: 8, cancelReason: 7 }]);
  });

  it('gives an alarm one ticket however many runs go at once', async () => {
    const v = await freeVehicle();
    await alarmOn(v, 'OUT_OF_AREA');
    await Promise.all(Array.from({ length: 8 }, () => ticketsFromAlarms(t.services, t.app.log)));
    expect(await ticketsOf(v.id)).toMatchObject([{ type: 1 }]);
  });
});

describe('tickets from reported faults', () => {
  const faultType = async (critical: boolean) =>
    (
      await db()
        .select({ id: faultTypes.id })
        .from(faultTypes)
        .where(and(eq(faultTypes.tenantId, 2), critical ? eq(faultTypes.severity, 1) : sql`${faultTypes.severity} > 1`))
        .limit(1)
    )[0]!.id;
  const report = async (v: { id: number }, critical: boolean, source = 1) =>
    (
      await db()
        .insert(vehicleFaults)
        .values({ tenantId: 2, cityCode: JAKARTA, vehicleId: v.id, faultTypeId: await faultType(critical), source })
        .returning()
    )[0]!;
  const faultRow = async (id: number) => (await db().select().from(vehicleFaults).where(eq(vehicleFaults.id, id)))[0]!;

  it('opens a P1 fault ticket for one severity-1 fault, which the fault goes with; once', async () => {
    const v = await freeVehicle();
    const fault = await report(v, true, 2);
    await run();
    const [ticket, ...more] = await ticketsOf(v.id);
    expect(more).toEqual([]);
    expect(ticket).toMatchObject({ type: 3, priority: 1, status: 0, source: TicketSource.rule });
    expect(await faultRow(fault.id)).toMatchObject({ status: 1, ticketId: ticket!.id });
    await run();
    expect(await ticketsOf(v.id)).toHaveLength(1);
  });

  it('waits for a second rider report of a minor fault within a day, then opens a P3 ticket from rider feedback', async () => {
    const v = await freeVehicle();
    const first = await report(v, false);
    await run();
    expect(await ticketsOf(v.id)).toEqual([]);
    const second = await report(v, false);
    await run();
    const [ticket] = await ticketsOf(v.id);
    expect(ticket).toMatchObject({ type: 3, priority: 3, source: TicketSource.riderFeedback });
    for (const f of [first, second]) expect((await faultRow(f.id)).ticketId).toBe(ticket!.id);
  });

  it('lets go of its faults when cancelled, and opens the next only after the cooldown', async () => {
    const v = await freeVehicle();
    const fault = await report(v, true);
    await run();
    const [ticket] = await ticketsOf(v.id);
    const ops = await t.signIn('kitabike.ops.jakarta');
    expect(
      (await t.call('POST', '/api/operations/ticket/cancelTicket', { headers: ops, body: { ticketId: ticket!.id, cancelReason: '5' } })).code,
    ).toBe(1000);
    expect(await faultRow(fault.id)).toMatchObject({ status: 0, ticketId: null });
    await run();
    expect(await ticketsOf(v.id)).toHaveLength(1);
    await cooledDown(ticket!.id);
    await run();
    expect(await ticketsOf(v.id)).toHaveLength(2);
  });
});
