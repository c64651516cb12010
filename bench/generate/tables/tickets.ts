// Work-order tickets (DOMAIN §2.2, §3.1, §9.5): per tenant a template for each of the six types, and §9.5's
// 1,500,000 tickets over the 365 days before AS_OF, each city its share by vehicles (every day a little more or
// less than its average), written in time order across every city (ids grow with time, as the server makes them).
// - Types: swap 45%, dispatch 25%, fault 12%, inspection 8%, repair 6%, find 4%; priority mostly normal (3);
//   due_at = created_at + the template's SLA for the priority; source mostly the rule engine (2), then the console (1).
// - Each ticket walks §3.1's machine from its creation as the server records it (server/src/modules/operations/
//   tickets): it waits to be assigned or grabbed, now and then is declined and assigned again, is accepted, started
//   (the technician's queue and the ride there), submitted, approved (a swap by the system when the telemetry agrees,
//   else by the ops manager, who sends a few back for rework) and closed; some are cancelled on the way (the type's
//   reasons) and a rule's ticket nobody takes within a day expires. Each wait is log-normal around a share of the
//   ticket's SLA (assignment a fifth, acceptance a twentieth, the start an eighth, review a tenth), so about four in
//   five are submitted in time. Where the walk has got to at AS_OF is its status: nearly every ticket older than a
//   few days is closed (7) or cancelled (8); the last days' are open in every open state (0, 1, 2, 3, 4, 6), some
//   past due.
// - A ticket has one vehicle row (ticket_items, item_kind 1) and an event per transition (ticket_events). No vehicle
//   holds two tickets of one type at once, then or now: the partial unique index (one open row per vehicle and type)
//   holds, and an open ticket's vehicle is one on the road, in the state its type suggests where one is free.
// - Assigned to the city's technicians (staff.ts); reviewed, assigned and cancelled by the tenant's admin (its ops
//   manager here).
// The three tables replay one plan (ticketPlan) on the tickets' own stream; the items and events draw only their
// details (positions, batteries, SOC, outcomes) from theirs.
import { OpState, StationType } from '@kayuh/contract/resources/fleet';
import {
  DEFAULT_SLA_MINUTES,
  OPEN_TICKET_STATES,
  TicketCancelReason as Cancel,
  TicketOutcome,
  TicketSource as Source,
  TicketStatus,
  TicketType,
  ticketItemResource,
  ticketResource,
  ticketTemplateResource,
} from '@kayuh/contract/resources/tickets';
import { STANDARD_FAULT_TYPES } from '../../../server/src/db/seed/faultTypes.ts';
import { offset } from '../../../server/src/db/seed/demoFleetMap.ts';
import { batteries, ticketEvents, ticketItems, ticketTemplates, tickets, users, vehicles, zones } from '../../../server/src/db/schema.ts';
import { businessNoOf } from '../../../server/src/platform/businessNo.ts';
import { apportion, AS_OF, DAY_MS, stamped, type Context, type PlannedStation } from '../context.ts';
import { rngFor, type Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { faultTypeId } from './faults.ts';
import { technicianPlan, userIdOf } from './staff.ts';
import { onTheRoad } from './vehicles.ts';

export const TICKET_VOLUMES = { tickets: 1_500_000 } as const;
/** The tickets' stream (the table's own): the plan draws from it whichever of the three tables replays it. */
const TICKETS_STREAM = 'tickets';
const HISTORY_DAYS = 365;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** SLA minutes of priorities 1–4: §3.1's default; the swap template tightens it (the template may override). */
type Sla = [number, number, number, number];
const DEFAULT_SLA: Sla = [1, 2, 3, 4].map((p) => DEFAULT_SLA_MINUTES[p]!) as Sla;

interface TemplateSpec {
  type: number;
  name: string;
  /** What a ticket's title starts with (then the vehicle's number). */
  title: string;
  defaultPriority: number;
  sla: Sla;
  requiredPhotos: number;
  autoApprove: boolean;
  expireAfterMinutes: number | null;
  pieceRate: number;
  checklist: string[] | null;
  autoRule: Record<string, unknown> | null;
  /** Share of the year's tickets (%). */
  share: number;
  /** Weights of priorities 1–4. */
  priorities: [number, number, number, number];
  /** Weights of sources 1–5. */
  sources: [number, number, number, number, number];
  /** Share cancelled on the way (before any expiry). */
  cancelRate: number;
  /** [reason, weight] when cancelled. */
  cancelReasons: Array<[number, number]>;
  /** Median minutes on site, from start to submit. */
  workMin: number;
  /** Vehicle states an open ticket of the type is found on, where one is free. */
  states: number[];
}

const INSPECTION_CHECKLIST = ['Rem', 'Ban', 'Lampu', 'Kode QR', 'Baterai'];

/**
 * Per tenant, one template per type (ids: tenants in order, types in order): named, paid and photographed as the demo's
 * (server/src/db/seed/demoTickets.ts); the SLA, expiry and auto rule are the bench's.
 */
const TEMPLATES: TemplateSpec[] = [
  {
    type: TicketType.dispatch,
    name: 'Pemindahan armada',
    title: 'Pemindahan',
    defaultPriority: 3,
    sla: DEFAULT_SLA,
    requiredPhotos: 1,
    autoApprove: false,
    expireAfterMinutes: 1440,
    pieceRate: 7_500,
    checklist: null,
    autoRule: { idleHours: 48, outOfArea: true, noParking: true, zoneTargets: true },
    share: 25,
    priorities: [1, 10, 79, 10],
    sources: [30, 70, 0, 0, 0],
    cancelRate: 0.12,
    cancelReasons: [
      [Cancel.cleared, 60],
      [Cancel.console, 20],
      [Cancel.notFound, 10],
      [Cancel.impounded, 5],
      [Cancel.other, 5],
    ],
    workMin: 25,
    states: [OpState.available, OpState.dispatching],
  },
  {
    type: TicketType.batterySwap,
    name: 'Tukar baterai standar',
    title: 'Tukar baterai',
    defaultPriority: 3,
    sla: [60, 120, 480, 1440],
    requiredPhotos: 1,
    autoApprove: true,
    expireAfterMinutes: 1440,
    pieceRate: 5_000,
    checklist: null,
    autoRule: { socBelow: 20, highBelow: 10 },
    share: 45,
    priorities: [0, 20, 80, 0],
    sources: [8, 92, 0, 0, 0],
    cancelRate: 0.1,
    cancelReasons: [
      [Cancel.cleared, 60],
      [Cancel.console, 15],
      [Cancel.clockedOff, 10],
      [Cancel.faulty, 10],
      [Cancel.other, 5],
    ],
    workMin: 6,
    states: [OpState.lowBattery, OpState.swapping],
  },
  {
    type: TicketType.fault,
    name: 'Penanganan kerusakan',
    title: 'Kerusakan',
    defaultPriority: 2,
    sla: DEFAULT_SLA,
    requiredPhotos: 1,
    autoApprove: false,
    expireAfterMinutes: null,
    pieceRate: 10_000,
    checklist: null,
    autoRule: { severity1Reports: 1, reportsWithin24h: 2, iotFaultBit: true },
    share: 12,
    priorities: [5, 30, 60, 5],
    sources: [15, 40, 15, 25, 5],
    cancelRate: 0.08,
    cancelReasons: [
      [Cancel.duplicate, 50],
      [Cancel.cleared, 25],
      [Cancel.console, 20],
      [Cancel.other, 5],
    ],
    workMin: 30,
    states: [OpState.maintenance],
  },
  {
    type: TicketType.repair,
    name: 'Perbaikan bengkel',
    title: 'Perbaikan',
    defaultPriority: 3,
    sla: DEFAULT_SLA,
    requiredPhotos: 2,
    autoApprove: false,
    expireAfterMinutes: null,
    pieceRate: 25_000,
    checklist: null,
    autoRule: null,
    share: 6,
    priorities: [2, 15, 73, 10],
    sources: [70, 0, 0, 0, 30],
    cancelRate: 0.03,
    cancelReasons: [
      [Cancel.console, 60],
      [Cancel.duplicate, 30],
      [Cancel.other, 10],
    ],
    workMin: 90,
    states: [OpState.maintenance],
  },
  {
    type: TicketType.inspection,
    name: 'Inspeksi berkala',
    title: 'Inspeksi',
    defaultPriority: 4,
    sla: DEFAULT_SLA,
    requiredPhotos: 0,
    autoApprove: false,
    expireAfterMinutes: null,
    pieceRate: 4_000,
    checklist: INSPECTION_CHECKLIST,
    autoRule: { everyDays: 30, everyKm: 500 },
    share: 8,
    priorities: [0, 0, 30, 70],
    sources: [20, 80, 0, 0, 0],
    cancelRate: 0.05,
    cancelReasons: [
      [Cancel.console, 50],
      [Cancel.clockedOff, 30],
      [Cancel.faulty, 20],
    ],
    workMin: 15,
    states: [OpState.available],
  },
  {
    type: TicketType.findVehicle,
    name: 'Cari kendaraan hilang',
    title: 'Cari kendaraan',
    defaultPriority: 2,
    sla: DEFAULT_SLA,
    requiredPhotos: 0,
    autoApprove: false,
    expireAfterMinutes: null,
    pieceRate: 15_000,
    checklist: null,
    autoRule: { offlineHours: 24, illegalMoveHours: 2 },
    share: 4,
    priorities: [5, 25, 70, 0],
    sources: [10, 70, 20, 0, 0],
    cancelRate: 0.15,
    cancelReasons: [
      [Cancel.notFound, 50],
      [Cancel.cleared, 30],
      [Cancel.impounded, 15],
      [Cancel.other, 5],
    ],
    workMin: 45,
    states: [OpState.lost],
  },
];
const templateIdOf = (tenantIndex: number, type: number) => tenantIndex * TEMPLATES.length + type;
/** The type of the ticket template with that id (a list of one type shows no type column: its template says it). */
export const templateTypeOf = (templateId: number) => ((templateId - 1) % TEMPLATES.length) + 1;
/** A ticket type's template's piece rate (IDR per vehicle). */
export const pieceRateOf = (type: number) => TEMPLATES[type - 1]!.pieceRate;
/** Relative tickets per local hour, 0–23: the rules fire around the clock, the console and the crews by day. */
const HOURLY = [0.4, 0.3, 0.3, 0.3, 0.4, 0.7, 1.2, 1.6, 1.8, 1.7, 1.5, 1.4, 1.4, 1.4, 1.4, 1.5, 1.7, 1.8, 1.7, 1.4, 1.1, 0.9, 0.7, 0.5];
const REJECT_REASONS = ['Foto tidak jelas', 'Kendaraan belum di lokasi tujuan', 'Checklist belum lengkap'];
const DECLINE_NOTE = 'Di luar jangkauan';
const CANCEL_NOTE = 'Dibatalkan: lainnya';

/** Picks by weight: an index of `weights` (their running sums made once). */
function chooser(weights: readonly number[]): (rng: Rng) => number {
  const sums: number[] = [];
  weights.reduce((sum, w, i) => (sums[i] = sum + w), 0);
  const total = sums.at(-1)!;
  return (rng) => {
    const x = rng.next() * total;
    let i = 0;
    while (i < sums.length - 1 && x >= sums[i]!) i++;
    return i;
  };
}
/** One of the items, by their weights. */
function weighted<T>(items: ReadonlyArray<readonly [T, number]>): (rng: Rng) => T {
  const pick = chooser(items.map((i) => i[1]));
  return (rng) => items[pick(rng)]![0];
}
/** A log-normal duration: its median, and σ of its log. */
function lognormal(rng: Rng, median: number, sigma: number) {
  const normal = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return median * Math.exp(sigma * normal);
}

/** One transition of a ticket (a ticket_events row): actor null = the system (or, creating, a rule or a rider). */
export interface TicketStep {
  event: string;
  from: number | null;
  to: number;
  at: number;
  actor: number | null;
  /** assign: the technician it went to. */
  assignee?: number;
}

export interface PlannedTicket {
  id: number;
  cityIndex: number;
  tenantIndex: number;
  type: number;
  priority: number;
  source: number;
  createdAt: number;
  dueAt: number;
  createdBy: number | null;
  /** The vehicle's index within its city's fleet. */
  vehicleIndex: number;
  /** The transitions up to AS_OF, the creation first. */
  steps: TicketStep[];
  status: number;
  assignType: number | null;
  assigneeId: number | null;
  reviewerId: number | null;
  cancelReason: number | null;
  rejectReason: string | null;
  deletedAt: number | null;
  /** When the SLA task told of it: the minute after its due time, if it was still open then (and that was by AS_OF). */
  overdueNotifiedAt: number | null;
  /** A dispatch's destination: a parking station of the city (its zone is the ticket's target zone). */
  target: PlannedStation | null;
}

/**
 * Every ticket in time order, with its whole walk: the tickets table writes them, the items and the events replay
 * them (each on the tickets' stream, so all three see the same plan).
 */
export function* ticketPlan(ctx: Context): Generator<PlannedTicket> {
  const rng = rngFor(ctx.seed, TICKETS_STREAM);
  const total = Math.round(TICKET_VOLUMES.tickets * ctx.scale);
  const perCity = apportion(
    total,
    ctx.cities.map((c) => c.vehicles),
  );
  // Each city's tickets over the days, every day within ±15% of its average, adding up to the city's share exactly.
  const perDay = ctx.cities.map((_, i) =>
    apportion(
      perCity[i]!,
      Array.from({ length: HISTORY_DAYS }, () => rng.float(0.85, 1.15)),
    ),
  );
  const tenantIndex = new Map(ctx.tenants.map((t, i) => [t.id, i]));
  const technicians = technicianPlan(ctx);
  const totalVehicles = ctx.cities.reduce((n, c) => n + c.vehicles, 0);
  // Until when each vehicle is held by a ticket of each type (ms; Infinity: open at AS_OF).
  const busy = TEMPLATES.map(() => new Float64Array(totalVehicles));
  // Each city's vehicles by state, for an open ticket to find its vehicle where the type suggests.
  const byState = ctx.cities.map((c) => {
    const map = new Map<number, number[]>();
    const states = ctx.fleet.get(c.cityCode)!.states;
    for (let i = 0; i < c.vehicles; i++) {
      const list = map.get(states[i]!) ?? [];
      list.push(i);
      map.set(states[i]!, list);
    }
    return map;
  });
  const parking = ctx.cities.map((c) =>
    (ctx.maps.get(c.cityCode)?.stations ?? []).filter((s) => s.type === StationType.parking && s.zoneId !== null),
  );
  const asOf = ctx.asOf.getTime();
  const typeOf = weighted(TEMPLATES.map((t) => [t, t.share] as const));
  const picks = TEMPLATES.map((t) => ({ priority: chooser(t.priorities), source: chooser(t.sources), cancelReason: weighted(t.cancelReasons) }));
  const hourOf = chooser(HOURLY);
  // Where on the way a cancelled ticket stops: before assignment, assigned, accepted, started.
  const cancelStageOf = chooser([45, 20, 20, 15]);

  let id = 0;
  for (let day = HISTORY_DAYS; day >= 1; day--) {
    // The UTC day (AS_OF − day, AS_OF − day + 1 day], so the last reaches AS_OF; the hour is the city's local one.
    const dayStart = asOf - day * DAY_MS;
    const today: Array<{ at: number; cityIndex: number }> = [];
    ctx.cities.forEach((c, cityIndex) => {
      const count = perDay[cityIndex]![HISTORY_DAYS - day]!;
      for (let i = 0; i < count; i++) {
        const localHour = hourOf(rng);
        const utcHour = (localHour - c.tz + 24) % 24;
        today.push({ at: dayStart + utcHour * HOUR_MS + rng.int(1, HOUR_MS - 1), cityIndex });
      }
    });
    today.sort((a, b) => a.at - b.at || a.cityIndex - b.cityIndex);
    for (const { at, cityIndex } of today) {
      const c = ctx.cities[cityIndex]!;
      const admin = userIdOf(c.tenantId);
      const crew = technicians.get(c.cityCode)!;
      const fleet = ctx.fleet.get(c.cityCode)!;
      const spec = typeOf(rng);
      const pick = picks[spec.type - 1]!;
      const priority = pick.priority(rng) + 1;
      const source = pick.source(rng) + 1;
      const sla = spec.sla[priority - 1]! * MINUTE_MS;
      const technicianOf = () => crew.firstId + rng.int(0, crew.count - 1);
      let technician = technicianOf();
      const createdBy = source === Source.console ? admin : source === Source.technicianApp ? technician : null;
      id++;

      // The walk (§3.1), in full; what had happened by AS_OF is kept below.
      const w = {
        steps: [{ event: 'create', from: null, to: TicketStatus.created, at, actor: createdBy }] as TicketStep[],
        status: TicketStatus.created as number,
        now: at,
        reviewerId: null as number | null,
        cancelReason: null as number | null,
        rejectReason: null as string | null,
      };
      const step = (event: string, to: number, afterMs: number, actor: number | null, assignee?: number) => {
        w.now += Math.max(afterMs > 0 ? 1_000 : 0, Math.round(afterMs));
        w.steps.push({ event, from: w.status, to, at: w.now, actor, ...(assignee === undefined ? {} : { assignee }) });
        w.status = to;
      };
      const cancel = (afterMs: number, reason: number) => {
        w.cancelReason = reason;
        // Expired, cleared and clocked off are the system's; the rest the ops manager's.
        const bySystem = reason === Cancel.expired || reason === Cancel.cleared || reason === Cancel.clockedOff;
        step('cancel', TicketStatus.cancelled, afterMs, bySystem ? null : admin);
      };
      const wait = Math.min(15 * sla, lognormal(rng, 0.2 * sla, 1));
      const cancelled = rng.chance(spec.cancelRate);
      const cancelStage = cancelled ? cancelStageOf(rng) : -1;
      const cancelWhy = pick.cancelReason(rng);
      const grab = rng.chance(0.3);
      const declined = !grab && rng.chance(0.04);
      const workMs = lognormal(rng, spec.workMin * MINUTE_MS, 0.5);
      const autoApproved = spec.autoApprove && rng.chance(0.9);
      const rejected = !autoApproved && rng.chance(0.04);
      walk: {
        if (cancelStage === 0) {
          cancel(wait * rng.float(0.05, 0.9), cancelWhy);
          break walk;
        }
        if (grab) {
          step('grab', TicketStatus.accepted, wait, technician);
        } else {
          step('assign', TicketStatus.assigned, wait, admin, technician);
          if (declined) {
            // Declined (a note says why), back in the queue a while, then assigned to someone else of the crew.
            step('decline', TicketStatus.created, lognormal(rng, 15 * MINUTE_MS, 0.8), technician);
            const other = technicianOf();
            technician = other === technician && crew.count > 1 ? crew.firstId + ((other - crew.firstId + 1) % crew.count) : other;
            step('assign', TicketStatus.assigned, lognormal(rng, 0.05 * sla, 0.8), admin, technician);
          }
          if (cancelStage === 1) {
            cancel(rng.int(5, 60) * MINUTE_MS, cancelWhy);
            break walk;
          }
          step('accept', TicketStatus.accepted, lognormal(rng, 0.05 * sla, 1), technician);
        }
        if (cancelStage === 1 || cancelStage === 2) {
          cancel(lognormal(rng, 30 * MINUTE_MS, 0.7), cancelWhy);
          break walk;
        }
        step('start', TicketStatus.inProgress, 10 * MINUTE_MS + lognormal(rng, 0.12 * sla, 1), technician);
        if (cancelStage === 3) {
          cancel(workMs * rng.float(0.2, 0.9), cancelWhy);
          break walk;
        }
        step('submit', TicketStatus.submitted, workMs, technician);
        const review = () => (autoApproved ? rng.int(1, 10) * MINUTE_MS : lognormal(rng, 0.1 * sla, 1));
        if (rejected) {
          w.reviewerId = admin;
          w.rejectReason = rng.pick(REJECT_REASONS);
          step('reject', TicketStatus.rejected, review(), admin);
          step('rework', TicketStatus.inProgress, lognormal(rng, 0.3 * sla, 1), technician);
          step('submit', TicketStatus.submitted, lognormal(rng, spec.workMin * MINUTE_MS, 0.5), technician);
        }
        w.reviewerId = autoApproved ? null : admin;
        step('approve', TicketStatus.approved, review(), autoApproved ? null : admin);
        // Closed by the system at once, in the approval's transaction.
        step('close', TicketStatus.closed, 0, null);
      }
      // The SLA task (ticketJobs.ts, each minute) cancels a ticket its template lets expire that is not started
      // (created, assigned or accepted) that long after its creation: from wherever it had got to by then.
      if (spec.expireAfterMinutes !== null) {
        const deadline = at + spec.expireAfterMinutes * MINUTE_MS;
        const settled = w.steps.find((s) => s.event === 'start' || s.event === 'cancel');
        if (!settled || settled.at > deadline) {
          w.steps = w.steps.filter((s) => s.at <= deadline);
          w.status = w.steps.at(-1)!.to;
          w.now = deadline;
          cancel(rng.int(1, 60) * 1_000, Cancel.expired);
        }
      }
      const end = w.steps.at(-1)!.at;
      const open = end > asOf;

      // The vehicle: free of another ticket of the type from now until this one ends; an open one's on the road.
      const held = busy[spec.type - 1]!;
      const free = (i: number) => held[fleet.firstVehicleId - 1 + i]! <= at && (!open || onTheRoad(fleet.states[i]!));
      let vehicleIndex = -1;
      const preferred = open ? spec.states.flatMap((s) => byState[cityIndex]!.get(s) ?? []) : [];
      for (let k = 0; k < 8 && preferred.length && vehicleIndex < 0; k++) {
        const i = rng.pick(preferred);
        if (free(i)) vehicleIndex = i;
      }
      for (let k = 0; k < 8 && vehicleIndex < 0; k++) {
        const i = rng.int(0, c.vehicles - 1);
        if (free(i)) vehicleIndex = i;
      }
      if (vehicleIndex < 0) {
        const from = rng.int(0, c.vehicles - 1);
        for (let k = 0; k < c.vehicles && vehicleIndex < 0; k++) if (free((from + k) % c.vehicles)) vehicleIndex = (from + k) % c.vehicles;
      }
      if (vehicleIndex < 0) {
        // Every vehicle of the city already holds one of the type (a tiny scale): cancelled as a duplicate at once.
        vehicleIndex = rng.int(0, c.vehicles - 1);
        w.steps.length = 1;
        w.status = TicketStatus.created;
        w.now = at;
        w.reviewerId = null;
        w.rejectReason = null;
        cancel(rng.int(1, 5) * MINUTE_MS, Cancel.duplicate);
      } else {
        held[fleet.firstVehicleId - 1 + vehicleIndex] = open ? Infinity : end;
      }

      // What had happened by AS_OF.
      const kept = w.steps.filter((s) => s.at <= asOf);
      const last = kept.at(-1)!;
      const status = last.to;
      const happened = (...events: string[]) => kept.some((s) => events.includes(s.event));
      // Who holds it: assign names them, grab is the grabber, decline takes them off (as ticketEvents.ts sets it).
      let assigneeId: number | null = null;
      let assignType: number | null = null;
      for (const s of kept) {
        if (s.event === 'assign') [assigneeId, assignType] = [s.assignee!, 1];
        else if (s.event === 'grab') [assigneeId, assignType] = [s.actor, 2];
        else if (s.event === 'decline') [assigneeId, assignType] = [null, null];
      }
      const cancelReason = status === TicketStatus.cancelled ? w.cancelReason : null;
      // A duplicate made at the console is sometimes deleted as well as cancelled.
      let deletedAt: number | null = null;
      if (cancelReason === Cancel.duplicate && source === Source.console && rng.chance(0.3)) {
        const gone = last.at + rng.int(1, 30) * MINUTE_MS;
        if (gone <= asOf) deletedAt = gone;
      }
      // Open (0–4, 6) at its due time: approved (5) and cancelled (8) end it.
      const ended = w.steps.find((s) => s.to === TicketStatus.approved || s.to === TicketStatus.cancelled);
      const late = (ended === undefined || ended.at > at + sla) && at + sla < asOf;
      const overdueNotifiedAt = late ? Math.min(asOf, at + sla + rng.int(1, 60) * 1_000) : null;
      const targets = parking[cityIndex]!;
      yield {
        id,
        cityIndex,
        tenantIndex: tenantIndex.get(c.tenantId)!,
        type: spec.type,
        priority,
        source,
        createdAt: at,
        dueAt: at + sla,
        createdBy,
        vehicleIndex,
        steps: kept,
        status,
        assignType,
        assigneeId,
        reviewerId: happened('approve', 'reject') ? w.reviewerId : null,
        cancelReason,
        rejectReason: happened('reject') ? w.rejectReason : null,
        deletedAt,
        overdueNotifiedAt,
        target: spec.type === TicketType.dispatch && targets.length ? rng.pick(targets) : null,
      };
    }
  }
}

/** When the last step of one of these events happened, or null. */
const lastAt = (t: PlannedTicket, ...events: string[]) => t.steps.findLast((s) => events.includes(s.event))?.at ?? null;
const date = (ms: number | null) => (ms === null ? null : new Date(ms));
const isOpen = (status: number) => OPEN_TICKET_STATES.includes(status);
/** The photos a submit carried: as many as the template asks for, at least one (the ticket, its items and the event keep them). */
const photosOf = (t: PlannedTicket, tenantId: number) =>
  Array.from({ length: Math.max(1, TEMPLATES[t.type - 1]!.requiredPhotos) }, (_, n) => `ticket/${tenantId}/bench/${t.id}-${n + 1}.jpg`);
/** The vehicle number, as vehicles.ts makes it. */
const vehicleNo = (abbr: string, index: number) => `${abbr}-${String(index + 1).padStart(6, '0')}`;

const faultOutcome = weighted([
  [TicketOutcome.fixed, 60],
  [TicketOutcome.toWorkshop, 25],
  [TicketOutcome.notReproducible, 15],
] as const);

export const ticketTables = [
  defineTable({
    table: ticketTemplates,
    *rows(_rng, ctx) {
      for (const [ti, t] of ctx.tenants.entries()) {
        for (const spec of TEMPLATES) {
          yield {
            id: templateIdOf(ti, spec.type),
            tenantId: t.id,
            type: spec.type,
            name: spec.name,
            defaultPriority: spec.defaultPriority,
            slaP1Minutes: spec.sla[0],
            slaP2Minutes: spec.sla[1],
            slaP3Minutes: spec.sla[2],
            slaP4Minutes: spec.sla[3],
            requiredPhotos: spec.requiredPhotos,
            checklist: spec.checklist,
            autoRule: spec.autoRule,
            autoApprove: spec.autoApprove,
            expireAfterMinutes: spec.expireAfterMinutes,
            pieceRate: spec.pieceRate,
            currency: 'IDR',
            status: 0,
            createdBy: userIdOf(t.id),
            ...stamped(new Date(ctx.asOf.getTime() - 400 * DAY_MS)),
          };
        }
      }
    },
    rules: [
      {
        name: 'tenant without exactly one template of each ticket type',
        sql: `SELECT count(*) FROM tenants t CROSS JOIN generate_series(1, 6) AS ty(type) WHERE t.id >= 1001
                AND (SELECT count(*) FROM ticket_templates tt WHERE tt.tenant_id = t.id AND tt.type = ty.type AND tt.deleted_at IS NULL) <> 1`,
      },
    ],
    resource: ticketTemplateResource,
  }),
  defineTable({
    table: tickets,
    *rows(_rng, ctx) {
      for (const t of ticketPlan(ctx)) {
        const c = ctx.cities[t.cityIndex]!;
        const last = t.steps.at(-1)!;
        const submittedAt = lastAt(t, 'submit');
        yield {
          id: t.id,
          tenantId: c.tenantId,
          cityCode: c.cityCode,
          ticketNo: businessNoOf('TK', t.id, new Date(t.createdAt)),
          type: t.type,
          templateId: templateIdOf(t.tenantIndex, t.type),
          priority: t.priority,
          dueAt: new Date(t.dueAt),
          status: t.status,
          source: t.source,
          title: `${TEMPLATES[t.type - 1]!.title} ${vehicleNo(c.abbr, t.vehicleIndex)}`,
          assignType: t.assignType,
          assigneeId: t.assigneeId,
          // As the events set them: assign and grab stamp assigned_at, accept and grab accepted_at (a decline clears both).
          assignedAt: t.assigneeId === null ? null : date(lastAt(t, 'assign', 'grab')),
          acceptedAt: t.assigneeId === null ? null : date(lastAt(t, 'accept', 'grab')),
          startedAt: date(lastAt(t, 'start')),
          submittedAt: date(submittedAt),
          approvedAt: date(lastAt(t, 'approve')),
          // close and cancel both stamp closed_at.
          closedAt: date(lastAt(t, 'close', 'cancel')),
          reviewerId: t.reviewerId,
          rejectReason: t.rejectReason,
          cancelReason: t.cancelReason,
          slaMet: submittedAt === null ? null : submittedAt <= t.dueAt,
          overdueNotifiedAt: date(t.overdueNotifiedAt),
          targetZoneId: t.target?.zoneId ?? null,
          photos: submittedAt === null ? null : photosOf(t, c.tenantId),
          remark: t.cancelReason === Cancel.other ? CANCEL_NOTE : null,
          createdAt: new Date(t.createdAt),
          createdBy: t.createdBy,
          updatedAt: new Date(t.deletedAt ?? last.at),
          updatedBy: t.deletedAt !== null ? userIdOf(c.tenantId) : last.actor,
          deletedAt: date(t.deletedAt),
          // Every transition is an UPDATE that moves the version on (and the soft delete one more).
          version: t.steps.length - 1 + (t.deletedAt !== null ? 1 : 0),
        };
      }
    },
    references: [
      [tickets.templateId, ticketTemplates.id],
      [tickets.assigneeId, users.id],
      [tickets.reviewerId, users.id],
      [tickets.createdBy, users.id],
      [tickets.targetZoneId, zones.id],
    ],
    rules: [
      {
        name: 'ticket whose due time is not its creation + its template’s SLA for its priority',
        sql: `SELECT count(*) FROM tickets t JOIN ticket_templates tt ON tt.id = t.template_id
                WHERE t.tenant_id >= 1001 AND (tt.tenant_id <> t.tenant_id OR tt.type <> t.type
                  OR t.due_at <> t.created_at + (CASE t.priority WHEN 1 THEN tt.sla_p1_minutes WHEN 2 THEN tt.sla_p2_minutes
                       WHEN 3 THEN tt.sla_p3_minutes ELSE tt.sla_p4_minutes END) * interval '1 minute')`,
      },
      {
        name: 'ticket whose timestamps do not follow its status (§3.1)',
        sql: `SELECT count(*) FROM tickets WHERE tenant_id >= 1001 AND (
                (status IN (7, 8)) <> (closed_at IS NOT NULL)
                OR (status IN (5, 7)) <> (approved_at IS NOT NULL)
                OR (status IN (4, 5, 6, 7) AND submitted_at IS NULL)
                OR (assignee_id IS NULL) <> (assigned_at IS NULL) OR (assignee_id IS NULL) <> (assign_type IS NULL)
                OR (status IN (1, 2, 3, 4, 5, 6, 7) AND assignee_id IS NULL) OR (status = 0 AND assignee_id IS NOT NULL)
                OR (status IN (2, 3, 4, 5, 6, 7) AND accepted_at IS NULL)
                OR (status IN (3, 4, 5, 6, 7) AND started_at IS NULL)
                OR (submitted_at IS NULL) <> (sla_met IS NULL)
                OR sla_met <> (submitted_at <= due_at)
                OR (status = 6 AND reject_reason IS NULL)
                OR overdue_notified_at < due_at
                OR (status IN (0, 1, 2, 3, 4, 6) AND due_at < '${AS_OF.toISOString()}'::timestamptz - interval '1 minute' AND overdue_notified_at IS NULL)
                OR assigned_at < created_at OR accepted_at < assigned_at OR started_at < accepted_at
                OR submitted_at < started_at OR approved_at < submitted_at OR closed_at < approved_at OR closed_at < created_at
                OR updated_at < created_at OR due_at <= created_at)`,
      },
      {
        name: 'ticket assigned to someone who is not a technician of its city, or reviewed by its assignee',
        sql: `SELECT count(*) FROM tickets t JOIN users u ON u.id = t.assignee_id
                WHERE t.tenant_id >= 1001 AND (u.tenant_id <> t.tenant_id OR u.dept_id <> t.city_code OR t.reviewer_id = t.assignee_id)`,
      },
      {
        name: 'ticket with a target zone of another city',
        sql: `SELECT count(*) FROM tickets t JOIN zones z ON z.id = t.target_zone_id WHERE t.tenant_id >= 1001 AND z.city_code <> t.city_code`,
      },
    ],
    resource: ticketResource,
  }),
  defineTable({
    table: ticketItems,
    // One vehicle row per ticket (its id the ticket's), as openTicket makes it and submit completes it: the swap's
    // packs and charge, the dispatch's way, the fault's types, the inspection's checklist, the outcome.
    *rows(rng, ctx) {
      // The pack each vehicle on the road carries now (vehicles.ts: the city's batteries in order), for the open swaps.
      const installed = new Map(
        ctx.cities.map((c) => {
          const fleet = ctx.fleet.get(c.cityCode)!;
          const packs = new Int32Array(c.vehicles).fill(-1);
          for (let i = 0, n = 0; i < c.vehicles; i++) if (onTheRoad(fleet.states[i]!) && n < c.batteries) packs[i] = fleet.firstBatteryId + n++;
          return [c.cityCode, packs] as const;
        }),
      );
      for (const t of ticketPlan(ctx)) {
        const c = ctx.cities[t.cityIndex]!;
        const fleet = ctx.fleet.get(c.cityCode)!;
        const map = ctx.maps.get(c.cityCode);
        const submittedAt = lastAt(t, 'submit');
        const done = submittedAt !== null;
        const pack = () => (c.batteries ? fleet.firstBatteryId + rng.int(0, c.batteries - 1) : null);
        const row: typeof ticketItems.$inferInsert = {
          id: t.id,
          tenantId: c.tenantId,
          cityCode: c.cityCode,
          ticketId: t.id,
          itemKind: 1,
          ticketType: t.type,
          isOpen: isOpen(t.status),
          vehicleId: fleet.firstVehicleId + t.vehicleIndex,
          photos: done ? photosOf(t, c.tenantId) : null,
          doneAt: date(submittedAt),
          createdAt: new Date(t.createdAt),
          createdBy: t.createdBy,
          updatedAt: new Date(t.deletedAt ?? t.steps.at(-1)!.at),
          deletedAt: date(t.deletedAt),
        };
        switch (t.type) {
          case TicketType.batterySwap: {
            // Opened by the rule below 20% (below 10%: high priority), on the pack the vehicle carried then (an open
            // one's: the pack it carries now); submit swaps in a charged one.
            const now = isOpen(t.status) ? installed.get(c.cityCode)![t.vehicleIndex]! : -1;
            row.oldBatteryId = now > 0 ? now : pack();
            row.socBefore = t.priority <= 2 ? rng.int(3, 9) : rng.int(10, 19);
            if (done) {
              let fresh = pack();
              if (fresh === row.oldBatteryId && c.batteries > 1) fresh = fleet.firstBatteryId + ((fresh! - fleet.firstBatteryId + 1) % c.batteries);
              row.newBatteryId = fresh;
              row.socAfter = rng.int(92, 100);
            }
            break;
          }
          case TicketType.dispatch: {
            // From where the vehicle stood, to the target zone's station; where the technician left it on submit.
            const from = map?.stations.length ? rng.pick(map.stations) : c;
            const at = offset(from, rng.int(-1_500, 1_500), rng.int(-1_500, 1_500));
            row.fromLat = at.lat.toFixed(6);
            row.fromLng = at.lng.toFixed(6);
            row.toZoneId = t.target?.zoneId ?? null;
            if (done && t.target) {
              const left = offset(t.target, rng.int(-40, 40), rng.int(-40, 40));
              row.toLat = left.lat.toFixed(6);
              row.toLng = left.lng.toFixed(6);
            }
            if (done) row.moved = true;
            break;
          }
          case TicketType.fault: {
            const first = rng.int(0, STANDARD_FAULT_TYPES.length - 1);
            const ids = [faultTypeId(ctx, c.tenantId, first)];
            if (rng.chance(0.2))
              ids.push(faultTypeId(ctx, c.tenantId, (first + rng.int(1, STANDARD_FAULT_TYPES.length - 1)) % STANDARD_FAULT_TYPES.length));
            row.faultTypeIds = ids;
            if (done) row.outcome = faultOutcome(rng);
            break;
          }
          case TicketType.repair: {
            if (done) {
              row.outcome = rng.chance(0.95) ? TicketOutcome.fixed : TicketOutcome.toWorkshop;
              row.labourMinutes = rng.int(20, 180);
              row.currency = 'IDR';
            }
            break;
          }
          case TicketType.inspection: {
            if (done) {
              const failed = rng.chance(0.05) ? rng.pick(INSPECTION_CHECKLIST) : null;
              row.checklistResult = Object.fromEntries(INSPECTION_CHECKLIST.map((k) => [k, k !== failed]));
              row.outcome = failed ? TicketOutcome.toWorkshop : TicketOutcome.fixed;
            }
            break;
          }
          case TicketType.findVehicle: {
            // Found (a vehicle not found is cancelled, reason 1): back in service, or to the workshop.
            if (done) row.outcome = rng.chance(0.85) ? TicketOutcome.fixed : TicketOutcome.toWorkshop;
            break;
          }
        }
        yield row;
      }
    },
    references: [
      [ticketItems.ticketId, tickets.id],
      [ticketItems.vehicleId, vehicles.id],
      [ticketItems.oldBatteryId, batteries.id],
      [ticketItems.newBatteryId, batteries.id],
      [ticketItems.toZoneId, zones.id],
    ],
    rules: [
      {
        name: 'item not as its ticket (tenant, city, type, open while the ticket is, done when submitted, deleted with it)',
        sql: `SELECT count(*) FROM ticket_items i JOIN tickets t ON t.id = i.ticket_id
                WHERE i.tenant_id >= 1001 AND (i.tenant_id <> t.tenant_id OR i.city_code <> t.city_code OR i.ticket_type <> t.type
                  OR i.is_open <> (t.status IN (0, 1, 2, 3, 4, 6)) OR i.done_at IS DISTINCT FROM t.submitted_at
                  OR (i.deleted_at IS NULL) <> (t.deleted_at IS NULL))`,
      },
      {
        name: 'ticket without exactly one vehicle row',
        sql: `SELECT count(*) FROM tickets t WHERE t.tenant_id >= 1001
                AND (SELECT count(*) FROM ticket_items i WHERE i.ticket_id = t.id AND i.item_kind = 1) <> 1`,
      },
      {
        name: 'item on a vehicle of another tenant or city, or an open one on a vehicle off the road',
        sql: `SELECT count(*) FROM ticket_items i JOIN vehicles v ON v.id = i.vehicle_id
                WHERE i.tenant_id >= 1001 AND (v.tenant_id <> i.tenant_id OR v.city_code <> i.city_code
                  OR (i.is_open AND v.op_state IN (${OpState.inStock}, ${OpState.retired})))`,
      },
      {
        name: 'swap item without its packs and charge, or a submitted one naming one pack twice',
        sql: `SELECT count(*) FROM ticket_items i WHERE i.tenant_id >= 1001 AND i.ticket_type = ${TicketType.batterySwap}
                AND (i.old_battery_id IS NULL OR i.soc_before IS NULL OR (i.done_at IS NOT NULL) <> (i.new_battery_id IS NOT NULL AND i.soc_after IS NOT NULL)
                  OR i.new_battery_id = i.old_battery_id)`,
      },
      {
        name: 'item whose batteries are not of its city',
        sql: `SELECT count(*) FROM ticket_items i JOIN batteries b ON b.id IN (i.old_battery_id, i.new_battery_id)
                WHERE i.tenant_id >= 1001 AND (b.tenant_id <> i.tenant_id OR b.city_code <> i.city_code)`,
      },
      {
        name: 'fault item naming a fault type of another tenant',
        sql: `SELECT count(*) FROM ticket_items i CROSS JOIN unnest(i.fault_type_ids) AS f(id)
                WHERE i.tenant_id >= 1001 AND NOT EXISTS (SELECT 1 FROM fault_types ft WHERE ft.id = f.id AND ft.tenant_id = i.tenant_id)`,
      },
      {
        name: 'ticket_items.item_kind outside dictionary ticket_items_item_kind',
        sql: `SELECT count(*) FROM ticket_items WHERE tenant_id >= 1001
                AND item_kind::text NOT IN (SELECT dict_value FROM dict_data WHERE dict_type = 'ticket_items_item_kind' AND deleted_at IS NULL)`,
      },
    ],
    resource: ticketItemResource,
  }),
  defineTable({
    table: ticketEvents,
    // Every transition of every ticket in the order it happened, as recordTicketEvent writes it: the actor, where the
    // technician stood when starting, submitting and reworking (by the vehicle: near one of the city's stations),
    // the decline's, reject's and cancel's note, the submit's photos.
    *rows(rng, ctx) {
      let id = 0;
      for (const t of ticketPlan(ctx)) {
        const c = ctx.cities[t.cityIndex]!;
        const stationsOf = ctx.maps.get(c.cityCode)?.stations ?? [];
        let spot: { lat: number; lng: number } | null = null;
        for (const s of t.steps) {
          const onSite = s.event === 'start' || s.event === 'submit' || s.event === 'rework';
          if (onSite && !spot) spot = offset(stationsOf.length ? rng.pick(stationsOf) : c, rng.int(-300, 300), rng.int(-300, 300));
          yield {
            id: ++id,
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            ticketId: t.id,
            fromStatus: s.from,
            toStatus: s.to,
            event: s.event,
            actorId: s.actor,
            lat: onSite ? spot!.lat.toFixed(6) : null,
            lng: onSite ? spot!.lng.toFixed(6) : null,
            note:
              s.event === 'reject'
                ? t.rejectReason
                : s.event === 'decline'
                  ? DECLINE_NOTE
                  : s.event === 'cancel' && t.cancelReason === Cancel.other
                    ? CANCEL_NOTE
                    : null,
            photos: s.event === 'submit' ? photosOf(t, c.tenantId) : null,
            createdAt: new Date(s.at),
            createdBy: s.actor,
          };
        }
      }
    },
    references: [
      [ticketEvents.ticketId, tickets.id],
      [ticketEvents.actorId, users.id],
    ],
    rules: [
      {
        name: 'ticket whose events do not chain from its creation to its status, in time order',
        sql: `SELECT count(*) FROM (
                SELECT e.ticket_id, e.event, e.from_status, e.to_status, e.created_at,
                       lag(e.to_status) OVER w AS prev_status, lag(e.created_at) OVER w AS prev_at,
                       row_number() OVER w AS n, count(*) OVER (PARTITION BY e.ticket_id) AS total
                  FROM ticket_events e WHERE e.tenant_id >= 1001 WINDOW w AS (PARTITION BY e.ticket_id ORDER BY e.id)) x
                JOIN tickets t ON t.id = x.ticket_id
                WHERE (x.n = 1 AND (x.event <> 'create' OR x.from_status IS NOT NULL OR x.to_status <> 0 OR x.created_at <> t.created_at))
                   OR (x.n > 1 AND (x.from_status IS DISTINCT FROM x.prev_status OR x.created_at < x.prev_at))
                   OR (x.n = x.total AND x.to_status <> t.status)`,
      },
      {
        name: 'ticket without events, or events of another tenant or city than their ticket',
        sql: `SELECT count(*) FROM tickets t WHERE t.tenant_id >= 1001 AND (
                NOT EXISTS (SELECT 1 FROM ticket_events e WHERE e.ticket_id = t.id)
                OR EXISTS (SELECT 1 FROM ticket_events e WHERE e.ticket_id = t.id AND (e.tenant_id <> t.tenant_id OR e.city_code <> t.city_code)))`,
      },
      ...(
        [
          ['event', 'ticket_events_event'],
          ['from_status', 'ticket_events_from_status'],
          ['to_status', 'ticket_events_to_status'],
        ] as const
      ).map(([column, dict]) => ({
        name: `ticket_events.${column} outside dictionary ${dict}`,
        sql: `SELECT count(*) FROM ticket_events WHERE tenant_id >= 1001 AND ${column} IS NOT NULL
                AND ${column}::text NOT IN (SELECT dict_value FROM dict_data WHERE dict_type = '${dict}' AND deleted_at IS NULL)`,
      })),
    ],
  }),
];
