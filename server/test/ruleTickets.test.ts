import { Code } from '@kayuh/contract/codes';
import { OpState } from '@kayuh/contract/resources/fleet';
import { TicketSource, TicketType } from '@kayuh/contract/resources/tickets';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { rideOrders, ticketItems, tickets, ticketTemplates, vehicles } from '../src/db/schema.ts';
import { AUTO_TICKET_COOLDOWN_MS } from '../src/modules/operations/tickets/alarmTickets.ts';
import { ticketsFromRules } from '../src/modules/operations/tickets/ruleTickets.ts';
import { useTestApp } from './harness.ts';

/**
 * Tickets from the templates' auto rules (DOMAIN §3.1; docs/tickets.md): a dispatch for a vehicle not ridden for the
 * rule's hours, an inspection every so many days or km since the last one; once per vehicle while open, none within
 * the cooldown after a cancel, none while the rule is off.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const ADMIN = 'kitabike.admin';
const JAKARTA = 2001;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Runs until the rules hold for no more vehicles (a run takes 200 per template; the demo's idle fleet is larger). */
async function run(at = new Date()) {
  while ((await ticketsFromRules(t.services, t.app.log, at)) > 0);
}

const templateOf = async (type: number) =>
  (
    await db()
      .select()
      .from(ticketTemplates)
      .where(and(eq(ticketTemplates.tenantId, 2), eq(ticketTemplates.type, type)))
  )[0]!;
/** The rule set through the console's template form, as an ops manager would. */
async function setRule(type: number, autoRule: Record<string, number> | null) {
  const admin = await t.signIn(ADMIN);
  const template = await templateOf(type);
  return t.call('POST', '/api/operations/ticketModel/edit', {
    headers: admin,
    body: { templateId: template.id, version: template.version, autoRule },
  });
}
let taken = 0;
/** Available Jakarta vehicles no test has used, with no open ticket of the type. */
async function availableVehicles(n: number, type: number) {
  const rows = await db()
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.tenantId, 2),
        eq(vehicles.cityCode, JAKARTA),
        eq(vehicles.opState, OpState.available),
        sql`NOT EXISTS (SELECT 1 FROM ticket_items i WHERE i.vehicle_id = ${vehicles.id} AND i.is_open AND i.ticket_type = ${type})`,
      ),
    )
    .orderBy(desc(vehicles.id))
    .offset(taken)
    .limit(n);
  taken += n;
  return rows.map((r) => r.id);
}
/** When the vehicle last moved, as the idle rule reads it: its rides, its state changes and its arrival. */
async function lastUsed(vehicleId: number, at: Date) {
  await db().update(rideOrders).set({ createdAt: at }).where(eq(rideOrders.vehicleId, vehicleId));
  await db().execute(sql`UPDATE vehicle_state_log SET created_at = ${at} WHERE vehicle_id = ${vehicleId}`);
  await db().update(vehicles).set({ createdAt: at }).where(eq(vehicles.id, vehicleId));
}
const ruleTickets = (vehicleId: number, type: number) =>
  db()
    .select({ id: tickets.id, status: tickets.status, source: tickets.source, templateId: tickets.templateId, title: tickets.title })
    .from(tickets)
    .innerJoin(ticketItems, eq(ticketItems.ticketId, tickets.id))
    .where(and(eq(ticketItems.vehicleId, vehicleId), eq(tickets.type, type), eq(tickets.source, TicketSource.rule)));

describe('the template form', () => {
  it('takes a rule its type knows, and refuses any other with a reason', async () => {
    expect((await setRule(TicketType.dispatch, { everyDays: 3 })).data.fields.autoRule).toBeTruthy();
    expect((await setRule(TicketType.dispatch, { idleHours: 0 })).data.fields.autoRule).toBeTruthy();
    const none = await setRule(TicketType.fault, { idleHours: 48 });
    expect(none.code).toBe(Code.validation);
    expect(none.data.fields.autoRule).toContain('alarm');
    expect((await setRule(TicketType.inspection, { everyDays: 30, everyKm: 500 })).code).toBe(Code.ok);
    expect((await setRule(TicketType.inspection, null)).code).toBe(Code.ok);
  });
});

describe('dispatch for an idle vehicle', () => {
  it('opens one for a vehicle not ridden for the rule’s hours, none for one ridden since, and none while the rule is off', async () => {
    const [idle, ridden] = await availableVehicles(2, TicketType.dispatch);
    const now = new Date();
    await lastUsed(idle!, new Date(now.getTime() - 50 * HOUR));
    await lastUsed(ridden!, new Date(now.getTime() - 3 * HOUR));
    await run(now);
    expect(await ruleTickets(idle!, TicketType.dispatch)).toHaveLength(0);

    expect((await setRule(TicketType.dispatch, { idleHours: 48 })).code).toBe(Code.ok);
    await run(now);
    const [opened] = await ruleTickets(idle!, TicketType.dispatch);
    expect(opened).toMatchObject({ source: TicketSource.rule, templateId: (await templateOf(TicketType.dispatch)).id, title: 'IDLE 48 h' });
    expect(await ruleTickets(ridden!, TicketType.dispatch)).toHaveLength(0);
    await run(now);
    expect(await ruleTickets(idle!, TicketType.dispatch)).toHaveLength(1);
  });

  it('waits out the cooldown after its ticket was cancelled', async () => {
    const [idle] = await availableVehicles(1, TicketType.dispatch);
    const now = new Date();
    await lastUsed(idle!, new Date(now.getTime() - 72 * HOUR));
    await setRule(TicketType.dispatch, { idleHours: 48 });
    await run(now);
    const [first] = await ruleTickets(idle!, TicketType.dispatch);
    const admin = await t.signIn(ADMIN);
    const cancelled = await t.call('POST', '/api/operations/ticket/cancelTicket', {
      headers: admin,
      body: { ticketId: first!.id, cancelReason: '5' },
    });
    expect(cancelled.code, JSON.stringify(cancelled)).toBe(Code.ok);
    await run(new Date(now.getTime() + 60_000));
    expect(await ruleTickets(idle!, TicketType.dispatch)).toHaveLength(1);
    await run(new Date(Date.now() + AUTO_TICKET_COOLDOWN_MS + 60_000));
    expect(await ruleTickets(idle!, TicketType.dispatch)).toHaveLength(2);
  });

  it('of five runs at once, one ticket per vehicle', async () => {
    const [idle] = await availableVehicles(1, TicketType.dispatch);
    const now = new Date();
    await lastUsed(idle!, new Date(now.getTime() - 100 * HOUR));
    await setRule(TicketType.dispatch, { idleHours: 48 });
    await Promise.all(Array.from({ length: 5 }, () => run(now)));
    expect(await ruleTickets(idle!, TicketType.dispatch)).toHaveLength(1);
  });
});

describe('inspection every so many days or km', () => {
  it('opens one for a vehicle ridden 500 km since it came, none for one ridden less', async () => {
    await setRule(TicketType.dispatch, null);
    const [near] = await availableVehicles(1, TicketType.inspection);
    // A vehicle with a ride to make long: the demo's rides are a few km each.
    const [ride] = await db()
      .select({ id: rideOrders.id, vehicleId: rideOrders.vehicleId })
      .from(rideOrders)
      .innerJoin(vehicles, eq(vehicles.id, rideOrders.vehicleId))
      .where(
        and(
          eq(vehicles.tenantId, 2),
          eq(vehicles.opState, OpState.available),
          sql`${vehicles.id} <> ${near!}`,
          sql`NOT EXISTS (SELECT 1 FROM ticket_items i WHERE i.vehicle_id = ${vehicles.id} AND i.is_open AND i.ticket_type = ${TicketType.inspection})`,
        ),
      )
      .limit(1);
    const far = ride!.vehicleId;
    const now = new Date();
    await lastUsed(far, new Date(now.getTime() - 5 * DAY));
    await lastUsed(near!, new Date(now.getTime() - 5 * DAY));
    await db()
      .update(rideOrders)
      .set({ distanceM: 0 })
      .where(sql`${rideOrders.vehicleId} IN (${far}, ${near!})`);
    await db()
      .update(rideOrders)
      .set({ distanceM: 510_000, createdAt: new Date(now.getTime() - DAY) })
      .where(eq(rideOrders.id, ride!.id));
    expect((await setRule(TicketType.inspection, { everyKm: 500 })).code).toBe(Code.ok);
    await run(now);
    const [opened] = await ruleTickets(far, TicketType.inspection);
    expect(opened?.title).toBe('INSPECTION 500 km');
    expect(await ruleTickets(near!, TicketType.inspection)).toHaveLength(0);
  });

  it('opens one for a vehicle in the fleet longer than the days and never inspected, none for a newer one', async () => {
    const [old, young] = await availableVehicles(2, TicketType.inspection);
    const now = new Date();
    await lastUsed(old!, new Date(now.getTime() - 40 * DAY));
    await lastUsed(young!, new Date(now.getTime() - 10 * DAY));
    await db()
      .update(rideOrders)
      .set({ distanceM: 0 })
      .where(sql`${rideOrders.vehicleId} IN (${old!}, ${young!})`);
    await db()
      .update(ticketItems)
      .set({ doneAt: null })
      .where(and(sql`${ticketItems.vehicleId} IN (${old!}, ${young!})`, eq(ticketItems.ticketType, TicketType.inspection)));
    expect((await setRule(TicketType.inspection, { everyDays: 30 })).code).toBe(Code.ok);
    await run(now);
    const [opened] = await ruleTickets(old!, TicketType.inspection);
    expect(opened?.title).toBe('INSPECTION 30 d');
    expect(await ruleTickets(young!, TicketType.inspection)).toHaveLength(0);
  });
});
