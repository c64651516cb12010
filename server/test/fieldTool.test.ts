import { Code } from '@kayuh/contract/codes';
import { CommandSource, IotCommand } from '@kayuh/contract/api/device';
import { OpState } from '@kayuh/contract/resources/fleet';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { iotCommands, ticketEvents, ticketItems, tickets, ticketTemplates, users, vehicleLiveStatus, vehicles } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';

/**
 * The field tool (docs/field-tool.md): a technician's tickets nearest first, a scanned vehicle, its commands, and the
 * ticket events fired from the phone — a submit sent again with its Idempotency-Key answers the first answer and
 * moves nothing twice, however many copies arrive at once.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const JAKARTA = 2001;
const OPS = 'kitabike.ops.jakarta';
const TECH = 'kitabike.tech.jakarta.01';
const TECH2 = 'kitabike.tech.jakarta.02';
const TOOL = '/api/operations/operation_tool';
const PHOTO = '/api/files/uploads/2/2026/11/field-photo.jpg';

const userId = async (userName: string) => (await db().select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;
let taken = 0;
/** Available Jakarta vehicles no test has used, where their boxes put them. */
async function freeVehicles(n: number) {
  const rows = await db()
    .select({ id: vehicles.id, vehicleNo: vehicles.vehicleNo, lat: vehicleLiveStatus.lat, lng: vehicleLiveStatus.lng })
    .from(vehicles)
    .innerJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .where(
      and(
        eq(vehicles.cityCode, JAKARTA),
        eq(vehicles.opState, OpState.available),
        sql`${vehicleLiveStatus.lat} IS NOT NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ticket_items i WHERE i.vehicle_id = ${vehicles.id} AND i.is_open)`,
      ),
    )
    .orderBy(desc(vehicles.id))
    .offset(taken)
    .limit(n);
  taken += n;
  return rows.map((r) => ({ ...r, lat: Number(r.lat), lng: Number(r.lng) }));
}
const open = (headers: Record<string, string>, body: Record<string, unknown>) =>
  t.call('POST', '/api/operations/ticket/add', { headers, body: { cityCode: JAKARTA, ...body } });
const fire = (headers: Record<string, string>, event: string, body: Record<string, unknown>, key?: string) =>
  t.call('POST', `${TOOL}/ticket/${event}`, { headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, body });
const submits = async (ticketId: number) =>
  (
    await db()
      .select()
      .from(ticketEvents)
      .where(and(eq(ticketEvents.ticketId, ticketId), eq(ticketEvents.event, 'submit')))
  ).length;

/** An inspection ticket of one vehicle, grabbed and started by the technician: ready to submit. */
async function startedInspection(tech: Record<string, string>) {
  const ops = await t.signIn(OPS);
  const [v] = await freeVehicles(1);
  const made = await open(ops, { type: '5', vehicleIds: [v!.id] });
  expect(made.code, JSON.stringify(made)).toBe(Code.ok);
  const ticketId = Number(made.data.ticketId ?? made.data.id);
  expect((await fire(tech, 'grabTicket', { ticketId })).code).toBe(Code.ok);
  expect((await fire(tech, 'startTicket', { ticketId, vehicleNo: v!.vehicleNo.toLowerCase() })).code).toBe(Code.ok);
  return { ticketId, vehicle: v! };
}

describe("the technician's tickets", () => {
  it('lists their own at work first, then the unassigned of their city, each nearest first; never another’s', async () => {
    const ops = await t.signIn(OPS);
    const tech = await t.signIn(TECH);
    const [near, far, other] = await freeVehicles(3);
    const farTicket = await open(ops, { type: '1', vehicleIds: [far!.id] });
    const nearTicket = await open(ops, { type: '1', vehicleIds: [near!.id] });
    const othersTicket = await open(ops, { type: '1', vehicleIds: [other!.id] });
    const mineTicket = await open(ops, { type: '3', vehicleIds: [far!.id] });
    const id = (answer: { data: { ticketId?: number; id?: number } }) => Number(answer.data.ticketId ?? answer.data.id);
    await t.call('POST', '/api/operations/ticket/assignTicket', { headers: ops, body: { ticketId: id(mineTicket), assigneeId: await userId(TECH) } });
    await t.call('POST', '/api/operations/ticket/assignTicket', {
      headers: ops,
      body: { ticketId: id(othersTicket), assigneeId: await userId(TECH2) },
    });

    const answer = await t.call('GET', `${TOOL}/tickets?lat=${near!.lat}&lng=${near!.lng}`, { headers: tech });
    expect(answer.code).toBe(Code.ok);
    expect(answer.data.may).toEqual(['grab', 'accept', 'submit', 'lock', 'unlock', 'ring']);
    const rows: Array<{ ticketId: number; mine: boolean; distanceM: number | null; status: number; vehicles: Array<{ vehicleNo: string }> }> =
      answer.data.tickets;
    const mineFirst = rows.findIndex((r) => !r.mine);
    expect(rows.slice(0, mineFirst).every((r) => r.mine)).toBe(true);
    expect(rows.slice(mineFirst).every((r) => !r.mine && r.status === 0)).toBe(true);
    expect(rows.find((r) => r.ticketId === id(mineTicket))).toMatchObject({ mine: true, status: 1, vehicles: [{ vehicleNo: far!.vehicleNo }] });
    expect(rows.some((r) => r.ticketId === id(othersTicket))).toBe(false);
    const unassigned = rows.filter((r) => !r.mine);
    const distances = unassigned.map((r) => r.distanceM ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(unassigned[0]).toMatchObject({ ticketId: id(nearTicket), distanceM: 0 });
    expect(unassigned.findIndex((r) => r.ticketId === id(farTicket))).toBeGreaterThan(0);
    // Only Jakarta's: the technician sees no other city.
    const cities = await db()
      .selectDistinct({ c: tickets.cityCode })
      .from(tickets)
      .where(sql`${tickets.id} IN ${rows.map((r) => r.ticketId)}`);
    expect(cities.map((c) => c.c)).toEqual([JAKARTA]);
  });

  it('is the tool’s: customer service without it is refused, a bad position is a validation error', async () => {
    const cs = await t.signIn('kitabike.cs.01');
    expect((await t.call('GET', `${TOOL}/tickets`, { headers: cs })).code).toBe(Code.forbidden);
    const tech = await t.signIn(TECH);
    expect((await t.call('GET', `${TOOL}/tickets?lat=91&lng=0`, { headers: tech })).code).toBe(Code.validation);
    expect((await t.call('GET', `${TOOL}/tickets?lat=abc&lng=0`, { headers: tech })).code).toBe(Code.validation);
    expect((await t.call('GET', `${TOOL}/tickets`)).code).not.toBe(Code.ok);
  });
});

describe('a scanned vehicle', () => {
  it('is found by its number, typed in any case or read from a link, with its open tickets', async () => {
    const ops = await t.signIn(OPS);
    const tech = await t.signIn(TECH);
    const [v] = await freeVehicles(1);
    const made = await open(ops, { type: '6', vehicleIds: [v!.id] });
    for (const code of [v!.vehicleNo, v!.vehicleNo.toLowerCase(), `https://kayuh.id/v/${v!.vehicleNo}`, `https://kayuh.id/scan?no=${v!.vehicleNo}`]) {
      const answer = await t.call('GET', `${TOOL}/vehicle?code=${encodeURIComponent(code)}`, { headers: tech });
      expect(answer.code, code).toBe(Code.ok);
      expect(answer.data).toMatchObject({ vehicleId: v!.id, vehicleNo: v!.vehicleNo, cityCode: JAKARTA, opState: OpState.available });
      expect(answer.data.tickets.map((x: { ticketNo: string }) => x.ticketNo)).toEqual([made.data.ticketNo]);
    }
  });

  it('answers 2002 naming an unknown number, and 2001 for a code that is no number', async () => {
    const tech = await t.signIn(TECH, { lang: 'EN' });
    const unknown = await t.call('GET', `${TOOL}/vehicle?code=NO-SUCH-9`, { headers: tech });
    expect(unknown.code).toBe(Code.notFound);
    expect(unknown.msg).toContain('NO-SUCH-9');
    for (const code of ['%%%', 'https://', 'a b c', '<script>']) {
      const answer = await t.call('GET', `${TOOL}/vehicle?code=${encodeURIComponent(code)}`, { headers: tech });
      expect(answer.code, code).toBe(Code.validation);
    }
    expect((await t.call('GET', `${TOOL}/vehicle?code=${'x'.repeat(301)}`, { headers: tech })).code).toBe(Code.validation);
  });

  it('takes a command from the tool, recorded as the technician’s (2009 at once: its box is not connected)', async () => {
    const tech = await t.signIn(TECH);
    const [v] = await freeVehicles(1);
    const answer = await t.call('POST', `${TOOL}/command`, { headers: tech, body: { vehicleId: v!.id, command: 'ring' } });
    expect(answer.code).toBe(Code.deviceTimeout);
    const [row] = await db().select().from(iotCommands).where(eq(iotCommands.vehicleId, v!.id)).orderBy(desc(iotCommands.id)).limit(1);
    expect(row).toMatchObject({ command: IotCommand.ring, source: CommandSource.technician, requestedById: await userId(TECH) });
    expect((await t.call('POST', `${TOOL}/command`, { headers: tech, body: { vehicleId: v!.id, command: 'setSpeedLimit' } })).code).toBe(
      Code.validation,
    );
  });
});

describe('a submit from the phone', () => {
  it('runs once per Idempotency-Key: a repeat answers the first answer, another body with the key 2010', async () => {
    const tech = await t.signIn(TECH);
    const { ticketId } = await startedInspection(tech);
    const body = { ticketId, outcome: '3', note: 'tidak ada masalah', photo1: PHOTO };
    const key = 'field-submit-0001';
    const first = await fire(tech, 'submitTicket', body, key);
    expect(first.code, JSON.stringify(first)).toBe(Code.ok);
    const again = await fire(tech, 'submitTicket', body, key);
    expect(again).toEqual(first);
    expect(await submits(ticketId)).toBe(1);
    expect((await fire(tech, 'submitTicket', { ...body, note: 'lain' }, key)).code).toBe(Code.idempotencyReused);
    // Without the key, a second submit is simply not allowed from "submitted".
    expect((await fire(tech, 'submitTicket', body)).code).toBe(Code.transitionNotAllowed);
    expect((await fire(tech, 'submitTicket', body, 'short')).code).toBe(Code.validation);
    expect((await fire(tech, 'submitTicket', body, 'bad key with spaces')).code).toBe(Code.validation);
  });

  it('moves the ticket once when twenty copies of one submit arrive together', async () => {
    const tech = await t.signIn(TECH);
    const { ticketId } = await startedInspection(tech);
    const body = { ticketId, outcome: '1', photo1: PHOTO };
    const answers = await Promise.all(Array.from({ length: 20 }, () => fire(tech, 'submitTicket', body, 'field-submit-race-01')));
    // Each copy gets the first answer, or "still working on it" (retry later); none a second submit.
    expect(answers.every((a) => a.code === Code.ok || a.code === Code.transitionNotAllowed)).toBe(true);
    expect(answers.filter((a) => a.code === Code.ok).length).toBeGreaterThanOrEqual(1);
    expect(await submits(ticketId)).toBe(1);
    expect((await db().select({ s: tickets.status }).from(tickets).where(eq(tickets.id, ticketId)))[0]!.s).toBe(4);
    expect((await fire(tech, 'submitTicket', body, 'field-submit-race-01')).code).toBe(Code.ok);
  });

  it('keeps the ticked checklist on the item, and refuses items the template does not have', async () => {
    const tech = await t.signIn(TECH);
    const { ticketId } = await startedInspection(tech);
    const [template] = await db()
      .select({ checklist: ticketTemplates.checklist })
      .from(ticketTemplates)
      .innerJoin(tickets, eq(tickets.templateId, ticketTemplates.id))
      .where(eq(tickets.id, ticketId));
    const items = template!.checklist as string[];
    expect(items.length).toBeGreaterThan(1);
    const base = { ticketId, outcome: '1', photo1: PHOTO };
    for (const checklist of [{ Nope: true }, { [items[0]!]: 'yes' }, [items[0]], 'Rem'])
      expect((await fire(tech, 'submitTicket', { ...base, checklist })).code, JSON.stringify(checklist)).toBe(Code.validation);
    const ticked = Object.fromEntries(items.map((item, i) => [item, i > 0]));
    expect((await fire(tech, 'submitTicket', { ...base, checklist: ticked })).code).toBe(Code.ok);
    const [item] = await db()
      .select({ c: ticketItems.checklistResult })
      .from(ticketItems)
      .where(eq(ticketItems.ticketId, ticketId))
      .orderBy(asc(ticketItems.id));
    expect(item!.c).toEqual(ticked);
  });

  it('is the assignee’s alone, and a key is the user’s own', async () => {
    const tech = await t.signIn(TECH);
    const tech2 = await t.signIn(TECH2);
    const { ticketId } = await startedInspection(tech);
    const body = { ticketId, outcome: '1', photo1: PHOTO };
    expect((await fire(tech2, 'submitTicket', body, 'field-shared-key-1')).code).toBe(Code.forbidden);
    expect((await fire(tech, 'submitTicket', body, 'field-shared-key-1')).code).toBe(Code.ok);
  });
});
