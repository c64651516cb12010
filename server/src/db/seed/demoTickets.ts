import { OpState } from '@kayuh/contract/resources/fleet';
import { DEFAULT_SLA_MINUTES, TicketStatus, TicketType } from '@kayuh/contract/resources/tickets';
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import { accruePiecePay } from '../../modules/operations/tickets/piecePay.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import type { Db } from '../client.ts';
import { batteries, ticketEvents, ticketItems, tickets, ticketTemplates, users, vehicles } from '../schema.ts';
import { prng } from './demoFleetMap.ts';
import type { DemoTenant } from './demoOrg.ts';

/** Each type's template (DOMAIN §2.2 ticketModel): a swap asks for one photo and pays its technician by the swap. */
const TEMPLATES = [
  { type: TicketType.dispatch, name: 'Pemindahan armada', requiredPhotos: 1, pieceRate: 7_500, checklist: null },
  { type: TicketType.batterySwap, name: 'Tukar baterai standar', requiredPhotos: 1, pieceRate: 5_000, autoApprove: true, checklist: null },
  { type: TicketType.fault, name: 'Penanganan kerusakan', requiredPhotos: 1, pieceRate: 10_000, checklist: ['Rem', 'Lampu', 'Kunci IoT'] },
  { type: TicketType.repair, name: 'Perbaikan bengkel', requiredPhotos: 2, pieceRate: 25_000, checklist: null },
  {
    type: TicketType.inspection,
    name: 'Inspeksi berkala',
    requiredPhotos: 0,
    pieceRate: 4_000,
    checklist: ['Rem', 'Ban', 'Lampu', 'Kode QR', 'Baterai'],
  },
  { type: TicketType.findVehicle, name: 'Cari kendaraan hilang', requiredPhotos: 0, pieceRate: 15_000, checklist: null },
];
/** Tickets per city over the last 30 days (DOMAIN §9.4 scaled like the demo's rides), and the open ones among them. */
const PER_CITY = 40;
/** The open tickets of a city, by state: every open state of §3.1 is seen (5 approved closes at once, so it is not). */
const OPEN: Array<{ status: number; type: number }> = [
  { status: TicketStatus.created, type: TicketType.batterySwap },
  { status: TicketStatus.created, type: TicketType.dispatch },
  { status: TicketStatus.created, type: TicketType.inspection },
  { status: TicketStatus.assigned, type: TicketType.batterySwap },
  { status: TicketStatus.assigned, type: TicketType.fault },
  { status: TicketStatus.accepted, type: TicketType.inspection },
  { status: TicketStatus.inProgress, type: TicketType.fault },
  { status: TicketStatus.inProgress, type: TicketType.findVehicle },
  { status: TicketStatus.submitted, type: TicketType.batterySwap },
  { status: TicketStatus.rejected, type: TicketType.dispatch },
];
/** The path to each state, as ticket_events records it. */
const PATH: Record<number, string[]> = {
  0: ['create'],
  1: ['create', 'assign'],
  2: ['create', 'assign', 'accept'],
  3: ['create', 'grab', 'start'],
  4: ['create', 'assign', 'accept', 'start', 'submit'],
  6: ['create', 'assign', 'accept', 'start', 'submit', 'reject'],
  7: ['create', 'assign', 'accept', 'start', 'submit', 'approve', 'close'],
  8: ['create', 'assign', 'cancel'],
};
const TO: Record<string, number> = { create: 0, assign: 1, grab: 2, accept: 2, start: 3, submit: 4, approve: 5, reject: 6, close: 7, cancel: 8 };
const MIN = 60_000;
const DAY = 86_400_000;
const TYPES = [1, 2, 2, 2, 3, 5, 5, 6, 4];

/**
 * The demo's work orders: each type's template, then per city a month of tickets — most closed after the whole path,
 * some cancelled with a reason — and the open ones of every open state, on vehicles whose state they leave as it is
 * (a ticket in progress is a fault, inspection or find, which move no vehicle). Items and events agree with the
 * states; deterministic (a seeded PRNG, times relative to `now`).
 */
export async function seedDemoTickets(db: Db, t: DemoTenant, now: Date) {
  const rng = prng(0x7469636b ^ t.id);
  const templates = await db
    .insert(ticketTemplates)
    .values(TEMPLATES.map((x) => ({ tenantId: t.id, defaultPriority: 3, currency: 'IDR', status: 0, autoApprove: false, ...x })))
    .returning({ id: ticketTemplates.id, type: ticketTemplates.type });
  const templateOf = (type: number) => templates.find((x) => x.type === type)!.id;

  for (const city of t.cities) {
    const techs = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, t.id), eq(users.deptId, city.code), like(users.userName, `${t.prefix}.tech.%`)))
      .orderBy(asc(users.id));
    const [ops] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, `${t.prefix}.ops.${city.slug}`));
    const fleet = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, t.id), eq(vehicles.cityCode, city.code), eq(vehicles.opState, OpState.available), isNull(vehicles.deletedAt)))
      .orderBy(asc(vehicles.id));
    // Swaps of the past name packs of the city (which have moved on since).
    const packs = await db
      .select({ id: batteries.id })
      .from(batteries)
      .where(and(eq(batteries.tenantId, t.id), eq(batteries.cityCode, city.code)))
      .orderBy(asc(batteries.id));
    if (!techs.length || !ops || fleet.length < OPEN.length || packs.length < 2) continue;
    // Open tickets take the city's last available vehicles, one each, so no vehicle holds two open of a type.
    const openVehicles = fleet.slice(-OPEN.length);
    const plan = [
      ...Array.from({ length: PER_CITY - OPEN.length }, () => ({
        status: rng.next() < 0.85 ? TicketStatus.closed : TicketStatus.cancelled,
        type: TYPES[rng.int(0, TYPES.length - 1)]!,
        vehicleId: fleet[rng.int(0, fleet.length - 1)]!.id,
        at: now.getTime() - 2 * DAY - rng.next() * 28 * DAY,
      })),
      ...OPEN.map((o, i) => ({ ...o, vehicleId: openVehicles[i]!.id, at: now.getTime() - rng.next() * 2 * DAY })),
    ].sort((a, b) => a.at - b.at);

    for (const p of plan) {
      const createdAt = new Date(p.at);
      const priority = rng.next() < 0.15 ? 2 : 3;
      const due = new Date(p.at + DEFAULT_SLA_MINUTES[priority]! * MIN);
      const path = PATH[p.status]!;
      const assignee = path.includes('assign') || path.includes('grab') ? rng.pick(techs).id : null;
      // Each step 20–120 minutes after the one before (close at once after approve); a cancel's reason among the first eight.
      let clock = p.at;
      const steps = path.map((event) => ({
        event,
        at: new Date(event === 'create' || event === 'close' ? clock : (clock += rng.int(20, 120) * MIN)),
      }));
      const stamp = (event: string) => steps.find((s) => s.event === event)?.at ?? null;
      const submittedAt = stamp('submit');
      const { id, no } = await nextBusinessNo(db, 'tickets', 'TK', createdAt);
      const [ticket] = await db
        .insert(tickets)
        .values({
          id,
          tenantId: t.id,
          cityCode: city.code,
          ticketNo: no,
          type: p.type,
          templateId: templateOf(p.type),
          priority,
          dueAt: due,
          status: p.status,
          source: rng.next() < 0.6 ? 2 : 1,
          assignType: assignee ? (path.includes('grab') ? 2 : 1) : null,
          assigneeId: assignee,
          assignedAt: stamp('assign') ?? stamp('grab'),
          acceptedAt: stamp('accept') ?? stamp('grab'),
          startedAt: stamp('start'),
          submittedAt,
          approvedAt: stamp('approve'),
          closedAt: stamp('close') ?? stamp('cancel'),
          reviewerId: stamp('approve') || stamp('reject') ? ops.id : null,
          rejectReason: stamp('reject') ? 'Foto tidak menunjukkan kendaraan' : null,
          cancelReason: p.status === TicketStatus.cancelled ? rng.int(1, 8) : null,
          slaMet: submittedAt ? submittedAt <= due : null,
          createdAt,
          updatedAt: steps[steps.length - 1]!.at,
          createdBy: ops.id,
        })
        .returning();
      const open = p.status !== TicketStatus.closed && p.status !== TicketStatus.cancelled;
      await db.insert(ticketItems).values({
        tenantId: t.id,
        cityCode: city.code,
        ticketId: id,
        ticketType: p.type,
        isOpen: open,
        vehicleId: p.vehicleId,
        ...(p.type === TicketType.batterySwap && submittedAt
          ? { oldBatteryId: rng.pick(packs).id, newBatteryId: rng.pick(packs).id, socBefore: rng.int(5, 19), socAfter: rng.int(90, 100) }
          : {}),
        ...(p.type === TicketType.dispatch && submittedAt ? { moved: true } : {}),
        ...(p.type !== TicketType.batterySwap && p.type !== TicketType.dispatch && submittedAt ? { outcome: 1 } : {}),
        doneAt: submittedAt,
        createdAt,
      });
      let from: number | null = null;
      await db.insert(ticketEvents).values(
        steps.map((s) => {
          const row = {
            tenantId: t.id,
            cityCode: city.code,
            ticketId: id,
            fromStatus: from,
            toStatus: TO[s.event]!,
            event: s.event,
            actorId: s.event === 'close' ? null : ['assign', 'approve', 'reject', 'cancel', 'create'].includes(s.event) ? ops.id : assignee,
            createdAt: s.at,
          };
          from = row.toStatus;
          return row;
        }),
      );
      // An approved ticket earned its technician the template's piece rate that day, as the approve accrues it live.
      const approvedAt = stamp('approve');
      if (approvedAt) await accruePiecePay(db, ticket!, approvedAt);
    }
  }
}
