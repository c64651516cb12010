import { Code } from '@kayuh/contract/codes';
import { businessDayOf } from '@kayuh/contract/rules/zone';
import { OPEN_TICKET_STATES } from '@kayuh/contract/resources/tickets';
import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rideOrders, tickets, vehicles } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';

/** The console home's figures of today (contract/api/home): the selected city's, on its business day, in scope. */
const t = useTestApp();
const today = (headers: Record<string, string>, cityCode?: number) =>
  t.call('GET', `/api/home/today${cityCode ? `?cityCode=${cityCode}` : ''}`, { headers });

const jakartaDay = () => businessDayOf(new Date(), 7);
const fleetOf = async (opState: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, 2), eq(vehicles.cityCode, 2001), eq(vehicles.opState, opState)))
  )[0]!.n;

describe("the home's figures of today", () => {
  it("counts the city's rides of its business day, its vehicles available and in use, in the tenant's currency", async () => {
    const admin = await t.signIn('kitabike.admin');
    const ridesToday = async () =>
      (
        await t.database.db
          .select({ n: count(), paid: sql<number>`coalesce(sum(paid - refunded), 0)`.mapWith(Number) })
          .from(rideOrders)
          .where(and(eq(rideOrders.tenantId, 2), eq(rideOrders.cityCode, 2001), gte(rideOrders.createdAt, jakartaDay().from)))
      )[0]!;
    const figures = await today(admin, 2001);
    expect(figures.code).toBe(Code.ok);
    const expected = await ridesToday();
    // The demo's rides under way started minutes ago: today's rides are at least those.
    expect(figures.data).toMatchObject({
      rides: expected.n,
      rideRevenue: expected.paid,
      currency: 'IDR',
      availableVehicles: await fleetOf(20),
      inUseVehicles: await fleetOf(40),
    });
    expect(figures.data.rides).toBeGreaterThan(0);
    const openTickets = and(
      eq(tickets.tenantId, 2),
      eq(tickets.cityCode, 2001),
      inArray(tickets.status, [...OPEN_TICKET_STATES]),
      isNull(tickets.deletedAt),
    );
    const [open] = await t.database.db.select({ n: count() }).from(tickets).where(openTickets);
    const [late] = await t.database.db
      .select({ n: count() })
      .from(tickets)
      .where(and(openTickets, lt(tickets.dueAt, new Date())));
    expect(figures.data).toMatchObject({ openTickets: open!.n, overdueTickets: late!.n });
    expect(figures.data.openTickets).toBeGreaterThan(0);
    expect(figures.data.openAlarms).toBeGreaterThan(0);

    // A ride of yesterday is not today's.
    const [one] = await t.database.db
      .select({ id: rideOrders.id })
      .from(rideOrders)
      .where(and(eq(rideOrders.cityCode, 2001), gte(rideOrders.createdAt, jakartaDay().from)))
      .limit(1);
    await t.database.db
      .update(rideOrders)
      .set({ createdAt: new Date(jakartaDay().from.getTime() - 60_000) })
      .where(eq(rideOrders.id, one!.id));
    expect((await today(admin, 2001)).data.rides).toBe(figures.data.rides - 1);
  });

  it("shows only the figures of the user's pages, and nothing of another operator's city", async () => {
    const technician = await t.signIn('kitabike.tech.jakarta.01');
    const theirs = (await today(technician)).data;
    expect(theirs).toMatchObject({ rides: null, rideRevenue: null, openAlarms: null, newMembers: null });
    // A technician opens the ticket list (the city's work orders, to grab and to work): that figure is theirs.
    expect(theirs.openTickets).not.toBeNull();

    const other = await t.signIn('gowesbali.admin');
    expect((await today(other, 2001)).data).toMatchObject({
      rides: 0,
      rideRevenue: 0,
      availableVehicles: 0,
      inUseVehicles: 0,
      openTickets: 0,
      overdueTickets: 0,
      openAlarms: 0,
      newMembers: 0,
    });
  });

  it('refuses a city code that is not a number, with 2001', async () => {
    const admin = await t.signIn('kitabike.admin');
    expect((await t.call('GET', '/api/home/today?cityCode=jakarta', { headers: admin })).code).toBe(Code.validation);
  });
});
