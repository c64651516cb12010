import { Code } from '@kayuh/contract/codes';
import { AlarmStatus } from '@kayuh/contract/api/alarm';
import { StationType } from '@kayuh/contract/resources/fleet';
import { sparePartsCatalogue } from '@kayuh/contract/i18n/spareParts';
import { ticketsCatalogue } from '@kayuh/contract/i18n/tickets';
import { OpState } from '@kayuh/contract/resources/fleet';
import { LOW_SPARE_STOCK, PartMoveReason } from '@kayuh/contract/resources/spareParts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  alarms,
  sparePartMovements,
  spareParts,
  sparePartStocks,
  sparePartTypes,
  stations,
  piecePayEntries,
  ticketItems,
  tickets,
  vehicles,
} from '../src/db/schema.ts';
import { runLedgerAudit } from '../src/modules/payment/ledgerAudit.ts';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';

/**
 * Spare parts (docs/spare-parts.md): every stock change is a movement written with it, stock never goes below zero
 * however many take the last units at once, a fall below the safety stock raises one alarm that a purchase recovers,
 * and a repair's part lines leave the depot with its submit — or the submit does not happen.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const ADMIN = 'kitabike.admin';
const OPS = 'kitabike.ops.jakarta';
const TECH = 'kitabike.tech.jakarta.01';
const JAKARTA = 2001;
const BANDUNG = 2002;
const API = '/api/operations';

const depotOf = async (cityCode: number) =>
  (
    await db()
      .select({ id: stations.id })
      .from(stations)
      .where(and(eq(stations.tenantId, 2), eq(stations.cityCode, cityCode), eq(stations.type, StationType.depot)))
  )[0]!.id;
/** A refusal's words on its field, as the console shows them (Indonesian, without params). */
const said = (key: string) => ({ ...sparePartsCatalogue, ...ticketsCatalogue })[key]!.id;
let made = 0;
/** A new part of the demo tenant with nothing on any shelf, added by whoever `admin` is signed in as. */
async function newPart(admin: Record<string, string>, safetyStock = 0) {
  const [type] = await db().select({ id: sparePartTypes.id }).from(sparePartTypes).where(eq(sparePartTypes.tenantId, 2)).limit(1);
  made += 1;
  const added = await t.call('POST', `${API}/sparePart/add`, {
    headers: admin,
    body: {
      partNo: `TEST-${made}-${Date.now() % 100_000}`,
      name: `Part ${made}`,
      typeId: type!.id,
      unit: 'pcs',
      unitCost: 10_000,
      currency: 'IDR',
      safetyStock,
    },
  });
  expect(added.code, JSON.stringify(added)).toBe(Code.ok);
  return Number(added.data.partId ?? added.data.id);
}
const move = (headers: Record<string, string>, body: Record<string, unknown>) => t.call('POST', `${API}/sparePartMovement/add`, { headers, body });
const stockOf = async (partId: number, depotId: number) =>
  (
    await db()
      .select({ qty: sparePartStocks.qty })
      .from(sparePartStocks)
      .where(and(eq(sparePartStocks.partId, partId), eq(sparePartStocks.depotId, depotId)))
  )[0]?.qty ?? 0;
const movementsOf = (partId: number) =>
  db().select().from(sparePartMovements).where(eq(sparePartMovements.partId, partId)).orderBy(asc(sparePartMovements.id));

describe('stock movements', () => {
  it('a purchase, a scrap and a count each write their movement with what the depot held after', async () => {
    const ops = await t.signIn(OPS);
    const part = await newPart(ops);
    const depotId = await depotOf(JAKARTA);
    expect((await move(ops, { move: 'purchaseIn', partId: part, depotId, qty: 25, unitCost: 9_500 })).code).toBe(Code.ok);
    expect((await move(ops, { move: 'scrap', partId: part, depotId, qty: 3, remark: 'Retak' })).code).toBe(Code.ok);
    expect((await move(ops, { move: 'adjust', partId: part, depotId, qty: 20 })).code).toBe(Code.ok);
    expect(await stockOf(part, depotId)).toBe(20);
    const rows = await movementsOf(part);
    expect(rows.map((r) => [r.reason, r.delta, r.qtyAfter, r.cityCode])).toEqual([
      [PartMoveReason.purchaseIn, 25, 25, JAKARTA],
      [PartMoveReason.scrap, -3, 22, JAKARTA],
      [PartMoveReason.adjust, -2, 20, JAKARTA],
    ]);
    expect(rows[0]!.unitCost).toBe(9_500);
    expect(rows[1]!.unitCost).toBe(10_000);

    const same = await move(ops, { move: 'adjust', partId: part, depotId, qty: 20 });
    expect(same.code).toBe(Code.validation);
    expect(same.data.fields.qty).toBe(said('sparePart.sameCount'));
    const list = await t.call('POST', `${API}/sparePart/list`, { headers: ops, body: { partNo: `TEST-${made}` } });
    expect(list.rows.find((r: { partId: number }) => r.partId === part).onHand).toBe(20);
    const stocks = await t.call('POST', `${API}/sparePartStock/list`, { headers: ops, body: { partId: part } });
    expect(stocks.rows.map((r: { qty: number; depotId: number }) => [r.depotId, r.qty])).toEqual([[depotId, 20]]);
  });

  it('never takes a depot below zero: a scrap of more than it holds is refused, naming what is left, and changes nothing', async () => {
    const ops = await t.signIn(OPS);
    const part = await newPart(ops);
    const depotId = await depotOf(JAKARTA);
    await move(ops, { move: 'purchaseIn', partId: part, depotId, qty: 4 });
    const refused = await move(ops, { move: 'scrap', partId: part, depotId, qty: 5 });
    expect(refused.code).toBe(Code.validation);
    expect(refused.data.fields.qty).toContain('4');
    expect(refused.msg).toContain('4');
    expect(await stockOf(part, depotId)).toBe(4);
    expect(await movementsOf(part)).toHaveLength(1);
    const zero = await move(ops, { move: 'scrap', partId: part, depotId, qty: 0 });
    expect(zero.data.fields.qty).toBe(said('sparePart.qtyPositive'));
  });

  it('of 30 scraps of one unit at once against 12 on the shelf, exactly 12 go through', async () => {
    const ops = await t.signIn(OPS);
    const part = await newPart(ops);
    const depotId = await depotOf(JAKARTA);
    await move(ops, { move: 'purchaseIn', partId: part, depotId, qty: 12 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => move(ops, { move: 'scrap', partId: part, depotId, qty: 1 })));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(12);
    expect(answers.filter((a) => a.code !== Code.ok).every((a) => a.code === Code.validation)).toBe(true);
    expect(await stockOf(part, depotId)).toBe(0);
    const scraps = (await movementsOf(part)).filter((m) => m.reason === PartMoveReason.scrap);
    expect(scraps).toHaveLength(12);
    expect(scraps.map((m) => m.qtyAfter).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('a transfer is two movements, out of one depot and into the other; only between depots the caller works in', async () => {
    const admin = await t.signIn(ADMIN);
    const ops = await t.signIn(OPS);
    const part = await newPart(admin);
    const jakarta = await depotOf(JAKARTA);
    const bandung = await depotOf(BANDUNG);
    await move(admin, { move: 'purchaseIn', partId: part, depotId: jakarta, qty: 10 });
    expect((await move(admin, { move: 'transfer', partId: part, depotId: jakarta, toDepotId: bandung, qty: 6 })).code).toBe(Code.ok);
    expect([await stockOf(part, jakarta), await stockOf(part, bandung)]).toEqual([4, 6]);
    const rows = await movementsOf(part);
    expect(rows.slice(1).map((r) => [r.reason, r.depotId, r.delta, r.otherDepotId, r.cityCode])).toEqual([
      [PartMoveReason.transferOut, jakarta, -6, bandung, JAKARTA],
      [PartMoveReason.transferIn, bandung, 6, jakarta, BANDUNG],
    ]);
    const notTheirs = await move(ops, { move: 'transfer', partId: part, depotId: jakarta, toDepotId: bandung, qty: 1 });
    expect(notTheirs.data.fields.toDepotId).toBe(said('sparePart.notDepot'));
    const fromBandung = await move(ops, { move: 'scrap', partId: part, depotId: bandung, qty: 1 });
    expect(fromBandung.data.fields.depotId).toBe(said('sparePart.notDepot'));
    const toItself = await move(admin, { move: 'transfer', partId: part, depotId: jakarta, toDepotId: jakarta, qty: 1 });
    expect(toItself.data.fields.toDepotId).toBe(said('sparePart.toDepotNeeded'));
    expect([await stockOf(part, jakarta), await stockOf(part, bandung)]).toEqual([4, 6]);
    // The Jakarta list shows Jakarta's shelf only.
    const stocks = await t.call('POST', `${API}/sparePartStock/list`, { headers: ops, body: { partId: part } });
    expect(stocks.rows.map((r: { depotId: number }) => r.depotId)).toEqual([jakarta]);
  });
});

describe('the safety stock', () => {
  const lowAlarms = (stockId: number) =>
    db()
      .select()
      .from(alarms)
      .where(and(eq(alarms.alarmCode, LOW_SPARE_STOCK), eq(alarms.targetId, stockId)))
      .orderBy(desc(alarms.id));

  it('a fall below it raises one alarm on the depot’s row, counted on each further fall; a purchase back to it recovers it', async () => {
    const ops = await t.signIn(OPS);
    const part = await newPart(ops, 5);
    const depotId = await depotOf(JAKARTA);
    await move(ops, { move: 'purchaseIn', partId: part, depotId, qty: 6 });
    const [stock] = await db().select().from(sparePartStocks).where(eq(sparePartStocks.partId, part));
    expect(await lowAlarms(stock!.id)).toHaveLength(0);
    await move(ops, { move: 'scrap', partId: part, depotId, qty: 2 });
    await move(ops, { move: 'scrap', partId: part, depotId, qty: 1 });
    const short = await t.call('POST', `${API}/sparePartStock/list`, { headers: ops, body: { belowSafety: true, pageSize: 100 } });
    expect(short.rows.map((r: { stockId: number }) => r.stockId)).toContain(stock!.id);
    expect(short.rows.every((r: { qty: number; safetyStock: number }) => r.qty < r.safetyStock)).toBe(true);
    const [raised] = await lowAlarms(stock!.id);
    expect(raised).toMatchObject({ status: AlarmStatus.open, occurCount: 2, stationId: depotId, cityCode: JAKARTA, level: 3 });
    await move(ops, { move: 'purchaseIn', partId: part, depotId, qty: 1 });
    expect((await lowAlarms(stock!.id))[0]!.status).toBe(AlarmStatus.open);
    await move(ops, { move: 'purchaseIn', partId: part, depotId, qty: 10 });
    const after = await lowAlarms(stock!.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.status).toBe(AlarmStatus.recovered);
  });

  it('the demo’s Jakarta depot has run short of front brake pads, and says so', async () => {
    const [open] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(alarms)
      .where(and(eq(alarms.tenantId, 2), eq(alarms.alarmCode, LOW_SPARE_STOCK), eq(alarms.cityCode, JAKARTA), eq(alarms.status, AlarmStatus.open)));
    expect(open!.n).toBeGreaterThanOrEqual(1);
  });
});

describe('a repair’s part lines', () => {
  /** A repair ticket of a free Jakarta vehicle, opened by `ops`, grabbed and started by the technician. */
  async function startedRepair(ops: Record<string, string>) {
    const tech = await t.signIn(TECH);
    const [v] = await db()
      .select({ id: vehicles.id, vehicleNo: vehicles.vehicleNo })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.cityCode, JAKARTA),
          eq(vehicles.opState, OpState.available),
          sql`NOT EXISTS (SELECT 1 FROM ticket_items i WHERE i.vehicle_id = ${vehicles.id} AND i.is_open)`,
        ),
      )
      .orderBy(asc(vehicles.id))
      .limit(1);
    const made = await t.call('POST', `${API}/ticket/add`, { headers: ops, body: { cityCode: JAKARTA, type: '4', vehicleIds: [v!.id] } });
    expect(made.code, JSON.stringify(made)).toBe(Code.ok);
    const ticketId = Number(made.data.ticketId ?? made.data.id);
    expect((await t.call('POST', `${API}/ticket/grabTicket`, { headers: tech, body: { ticketId } })).code).toBe(Code.ok);
    expect((await t.call('POST', `${API}/ticket/startTicket`, { headers: tech, body: { ticketId, vehicleNo: v!.vehicleNo } })).code).toBe(Code.ok);
    return { ticketId, tech, vehicleId: v!.id };
  }
  const photos = { photo1: '/api/files/uploads/2/a.jpg', photo2: '/api/files/uploads/2/b.jpg' };
  /** New parts bought into the depot, so many of each. */
  async function onTheShelf(ops: Record<string, string>, depotId: number, qtys: number[]) {
    const parts: number[] = [];
    for (const qty of qtys) {
      const partId = await newPart(ops);
      await move(ops, { move: 'purchaseIn', partId, depotId, qty });
      parts.push(partId);
    }
    return parts;
  }
  /** The repair's submit with its part lines ([part, qty]) taken from the depot. */
  const submitWith = (tech: Record<string, string>, ticketId: number, depotId: number, lines: Array<[number, number]>) =>
    t.call('POST', `${API}/ticket/submitTicket`, {
      headers: tech,
      body: { ticketId, outcome: '1', ...photos, depotId, parts: lines.map(([partId, qty]) => ({ partId, qty })) },
    });

  it('leave the depot with the submit, as repair_out movements and part lines with their cost', async () => {
    const ops = await t.signIn(OPS);
    const depotId = await depotOf(JAKARTA);
    const [pads, cable] = await onTheShelf(ops, depotId, [5, 5]);
    const { ticketId, tech, vehicleId } = await startedRepair(ops);
    const submitted = await submitWith(tech, ticketId, depotId, [
      [pads!, 2],
      [cable!, 1],
    ]);
    expect(submitted.code, JSON.stringify(submitted)).toBe(Code.ok);
    expect([await stockOf(pads, depotId), await stockOf(cable, depotId)]).toEqual([3, 4]);
    const out = await db().select().from(sparePartMovements).where(eq(sparePartMovements.ticketId, ticketId));
    expect(out.map((m) => [m.partId, m.delta, m.reason]).sort()).toEqual(
      [
        [pads, -2, PartMoveReason.repairOut],
        [cable, -1, PartMoveReason.repairOut],
      ].sort(),
    );
    const lines = await db()
      .select()
      .from(ticketItems)
      .where(and(eq(ticketItems.ticketId, ticketId), eq(ticketItems.itemKind, 2)));
    expect(lines.map((l) => [l.partId, l.qty, l.partCost, l.vehicleId]).sort()).toEqual(
      [
        [pads, 2, 20_000, vehicleId],
        [cable, 1, 10_000, vehicleId],
      ].sort(),
    );
    const sub = await t.call('POST', `${API}/ticketItem/repair/list`, { headers: ops, body: { ticketId } });
    expect(
      sub.rows
        .filter((r: { itemKind: number }) => r.itemKind === 2)
        .map((r: { partId: number }) => r.partId)
        .sort(),
    ).toEqual([pads, cable].sort());

    // Approved: the technician's piece pay is the repair's one vehicle at its rate (the parts are not pay), posted to
    // their payable; the shelf still holds what the movements say, and every book agrees with its entries.
    expect((await t.call('POST', `${API}/ticket/approveTicket`, { headers: ops, body: { ticketId } })).code).toBe(Code.ok);
    const [pay] = await db().select().from(piecePayEntries).where(eq(piecePayEntries.ticketId, ticketId));
    expect(pay).toMatchObject({ items: 1, amount: 25_000, ticketType: 4 });
    for (const partId of [pads!, cable!]) {
      const [moved] = rowsOf<{ n: string }>(
        await db().execute(sql`SELECT coalesce(sum(delta), 0) AS n FROM spare_part_movements WHERE part_id = ${partId} AND depot_id = ${depotId}`),
      );
      expect(Number(moved!.n)).toBe(await stockOf(partId, depotId));
    }
    const from = new Date(Date.now() - 3_600_000);
    expect(await runLedgerAudit(t.services, 2, { statDate: from.toISOString().slice(0, 10), from, to: new Date(Date.now() + 60_000) })).toBe(0);
  });

  it('a line the shelf cannot cover refuses the whole submit: the ticket stays in progress and nothing moves', async () => {
    const ops = await t.signIn(OPS);
    const depotId = await depotOf(JAKARTA);
    const [plenty, scarce] = await onTheShelf(ops, depotId, [5, 1]);
    const { ticketId, tech } = await startedRepair(ops);
    const refused = await submitWith(tech, ticketId, depotId, [
      [plenty!, 2],
      [scarce!, 2],
    ]);
    expect(refused.code).toBe(Code.validation);
    expect(refused.data.fields.parts).toContain('tinggal 1');
    expect([await stockOf(plenty, depotId), await stockOf(scarce, depotId)]).toEqual([5, 1]);
    const [ticket] = await db().select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.status).toBe(3);

    const bad = async (extra: Record<string, unknown>) =>
      (await t.call('POST', `${API}/ticket/submitTicket`, { headers: tech, body: { ticketId, outcome: '1', ...photos, ...extra } })).data?.fields;
    expect(await bad({ parts: [{ partId: plenty, qty: 1 }] })).toEqual({ depotId: said('ticket.depotRequired') });
    expect(await bad({ depotId, parts: [{ partId: plenty, qty: 0 }] })).toEqual({ parts: expect.stringContaining('10 baris') });
    expect(await bad({ depotId, parts: 'x' })).toEqual({ parts: expect.stringContaining('10 baris') });
    expect(
      await bad({
        depotId,
        parts: [
          { partId: plenty, qty: 1 },
          { partId: null, qty: 1 },
        ],
      }),
    ).toEqual({ parts: said('ticket.partsUnpicked') });
    expect(
      await bad({
        depotId,
        parts: [
          { partId: plenty, qty: 1 },
          { partId: plenty, qty: 1 },
        ],
      }),
    ).toEqual({ parts: said('ticket.partsRepeated') });
    expect(await bad({ depotId: await depotOf(BANDUNG), parts: [{ partId: plenty, qty: 1 }] })).toEqual({ depotId: said('sparePart.notDepot') });
  });
});

describe('the catalogue and its types', () => {
  it('a type cannot go under its own sub-type; a type with parts, or a part on a shelf, is not removed', async () => {
    const admin = await t.signIn(ADMIN);
    const [brake] = await db()
      .select()
      .from(sparePartTypes)
      .where(and(eq(sparePartTypes.tenantId, 2), eq(sparePartTypes.code, 'BRAKE')));
    const [pads] = await db()
      .select()
      .from(sparePartTypes)
      .where(and(eq(sparePartTypes.tenantId, 2), eq(sparePartTypes.code, 'BRAKE_PAD')));
    const cycle = await t.call('POST', `${API}/sparePartType/edit`, {
      headers: admin,
      body: { typeId: brake!.id, parentId: pads!.id, version: brake!.version },
    });
    expect(cycle.data.fields.parentId).toBe(said('sparePartType.cycle'));
    const withParts = await t.call('POST', `${API}/sparePartType/remove`, { headers: admin, form: { ids: String(pads!.id) } });
    expect(withParts.msg).toBe(said('sparePartType.hasParts'));
    expect(withParts.code).toBe(Code.transitionNotAllowed);
    const [stocked] = await db()
      .select({ id: spareParts.id })
      .from(spareParts)
      .where(and(eq(spareParts.tenantId, 2), eq(spareParts.partNo, 'BRK-PAD-R')));
    const removed = await t.call('POST', `${API}/sparePart/remove`, { headers: admin, form: { ids: String(stocked!.id) } });
    expect(removed.code).toBe(Code.transitionNotAllowed);
    expect(removed.msg).toBe(said('sparePart.hasStock'));
  });
});
