import {
  CABINET_OFFLINE_MINUTES,
  cabinetReportSchema,
  FRAME_FUTURE_TOLERANCE_MS,
  SWAP_STEP_TIMEOUT_MS,
  type CabinetReport,
} from '@kayuh/contract/api/device';
import { Code } from '@kayuh/contract/codes';
import { CardKind } from '@kayuh/contract/resources/cardRules';
import { MemberStatus } from '@kayuh/contract/resources/members';
import { BatteryState, StationStatus, StationType } from '@kayuh/contract/resources/fleet';
import { SwapChannel, SwapFailReason, SwapStatus } from '@kayuh/contract/resources/swapOrders';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { batteries, cities, members, stations, swapOrders } from '../../../db/schema.ts';
import { nextBusinessNo } from '../../../platform/businessNo.ts';
import type { DeviceMessage } from '../../../platform/devices/deviceLink.ts';
import { BizError } from '../../../platform/errors.ts';
import { memberBalances } from '../../../platform/ledger/memberPay.ts';
import { isUniqueViolation } from '../../../platform/resources/writes.ts';
import { usableCards } from '../../payment/passes/cards.ts';
import type { CabinetFacts } from '../../alarm/cabinetRules.ts';
import { baysOf, emptyBay, fullBay, reportedBays, syncBays } from './cabinetBays.ts';
import type { CabinetDoors, DoorOutcome } from './cabinetDoors.ts';
import { completeSwap, packReturned } from './swapPay.ts';
import { failSwap, type SwapRow } from './swapRows.ts';

type Cabinet = typeof stations.$inferSelect;

/** A door that did not open ends the swap: the cabinet said no (1 door fault) or did not answer in time (3 timeout). */
const doorFailure = (outcome: Exclude<DoorOutcome, { opened: true }>) =>
  outcome.reason === 'failed' ? SwapFailReason.doorFault : SwapFailReason.timeout;

/**
 * Battery swaps (docs/swaps.md, DOMAIN §2.5, §3.3): the member scans a cabinet; a bay opens for the pack they carry
 * (0); the cabinet reports it in and the server checks it is theirs (1); the fullest pack's bay opens, and when the
 * cabinet reports it taken the pack is the member's and the swap is paid (2). A member with no pack yet starts at the
 * second door. One swap per member and per cabinet at a time (partial unique indexes); a door not answered, a wrong
 * pack or a member who does not come fails the swap (3) with nothing charged.
 */
export class SwapFlow {
  constructor(
    private readonly deps: {
      db: Db;
      doors: CabinetDoors;
      log: FastifyBaseLogger;
      stepTimeoutMs?: number;
      /** What a report taken says of the cabinet and its packs (the alarm rules read it). */
      onReported?: (facts: CabinetFacts) => Promise<void>;
    },
  ) {}

  private get stepMs() {
    return this.deps.stepTimeoutMs ?? SWAP_STEP_TIMEOUT_MS;
  }

  /** Starts a swap at the cabinet of this code, once per request key; answers when its first door is open (2009 if not). */
  async start(rider: { tenantId: number; memberId: number }, stationCode: string, requestKey: string): Promise<SwapRow> {
    const { db } = this.deps;
    const again = await this.sent(db, rider, requestKey);
    if (again) return again;
    const [cabinet] = await db
      .select()
      .from(stations)
      .where(
        and(
          eq(stations.tenantId, rider.tenantId),
          eq(stations.stationCode, stationCode),
          eq(stations.type, StationType.swapCabinet),
          isNull(stations.deletedAt),
        ),
      );
    if (!cabinet?.deviceSn || cabinet.status !== StationStatus.operating) throw new BizError(Code.notFound, 'swap.cabinetUnknown');
    const heardSince = Date.now() - CABINET_OFFLINE_MINUTES * 60_000;
    if (!cabinet.lastReportedAt || cabinet.lastReportedAt.getTime() < heardSince) throw new BizError(Code.deviceTimeout, 'swap.cabinetOffline');

    let swap: SwapRow;
    try {
      const opened = await db.transaction((tx) => this.open(tx, rider, cabinet, requestKey));
      if (opened.again) return opened.swap;
      swap = opened.swap;
    } catch (err) {
      if (isUniqueViolation(err, 'swap_orders_request_uq')) return this.start(rider, stationCode, requestKey);
      if (isUniqueViolation(err, 'swap_orders_member_open_uq')) throw new BizError(Code.transitionNotAllowed, 'swap.alreadySwapping');
      if (isUniqueViolation(err, 'swap_orders_station_open_uq')) throw new BizError(Code.transitionNotAllowed, 'swap.cabinetBusy');
      throw err;
    }
    const first = swap.status === SwapStatus.initiated ? 'in' : 'out';
    const outcome = await this.deps.doors.open(cabinet.deviceSn, (first === 'in' ? swap.slotIn : swap.slotOut)!, `${swap.orderNo}-${first}`);
    if (outcome.opened) return swap;
    await failSwap(db, swap.id, doorFailure(outcome), [swap.status]);
    throw new BizError(Code.deviceTimeout, outcome.reason === 'failed' ? 'device.commandFailed' : 'swap.cabinetOffline', undefined, {
      reason: outcome.detail ?? '',
    });
  }

  /** The swap's row, with its bays chosen and its payment decided, in the transaction that holds the cabinet. */
  private async open(
    tx: Db,
    rider: { tenantId: number; memberId: number },
    cabinet: Cabinet,
    requestKey: string,
  ): Promise<{ swap: SwapRow; again: boolean }> {
    const [member] = await tx.select({ status: members.status }).from(members).where(eq(members.id, rider.memberId)).for('update');
    if (member?.status !== MemberStatus.normal) throw new BizError(Code.forbidden, 'ride.memberBlocked');
    // The same request, sent again while the first held the member: its swap, no second door.
    const again = await this.sent(tx, rider, requestKey);
    if (again) return { swap: again, again: true };
    await tx.select({ id: stations.id }).from(stations).where(eq(stations.id, cabinet.id)).for('update');
    const open = await tx
      .select({ memberId: swapOrders.memberId })
      .from(swapOrders)
      .where(
        and(
          inArray(swapOrders.status, [SwapStatus.initiated, SwapStatus.oldBatteryIn]),
          eq(swapOrders.tenantId, rider.tenantId),
          eq(swapOrders.stationId, cabinet.id),
        ),
      );
    if (open.length)
      throw new BizError(Code.transitionNotAllowed, open[0]!.memberId === rider.memberId ? 'swap.alreadySwapping' : 'swap.cabinetBusy');

    const now = new Date();
    const [held] = await tx
      .select({ id: batteries.id })
      .from(batteries)
      .where(and(eq(batteries.memberId, rider.memberId), eq(batteries.state, BatteryState.withMember)))
      .limit(1);
    const bays = await baysOf(tx, cabinet.id);
    const full = fullBay(bays);
    if (!full) throw new BizError(Code.transitionNotAllowed, 'swap.noFullBattery');
    const empty = held ? emptyBay(bays) : undefined;
    if (held && !empty) throw new BizError(Code.transitionNotAllowed, 'swap.noEmptySlot');

    const [city] = await tx.select({ currency: cities.currency }).from(cities).where(eq(cities.cityCode, cabinet.cityCode));
    const currency = city!.currency.trim();
    const plan = (await usableCards(tx, rider.memberId, CardKind.swapPlan, now, cabinet.cityCode)).find(
      ({ card }) => card.swapsLeft === null || card.swapsLeft > 0,
    );
    if (!plan) {
      if (cabinet.swapFee === null) throw new BizError(Code.transitionNotAllowed, 'swap.notSubscribed');
      const balances = await memberBalances(tx, rider.tenantId, rider.memberId, currency);
      if (balances.debt > 0) throw new BizError(Code.insufficientBalance, 'ride.debt', { debt: balances.debt, currency });
      if (balances.wallet + balances.bonus < cabinet.swapFee)
        throw new BizError(Code.insufficientBalance, 'swap.lowBalance', { fee: cabinet.swapFee, currency });
    }

    const { id, no } = await nextBusinessNo(tx, 'swap_orders', 'SW', now);
    const [swap] = await tx
      .insert(swapOrders)
      .values({
        id,
        tenantId: rider.tenantId,
        cityCode: cabinet.cityCode,
        orderNo: no,
        memberId: rider.memberId,
        stationId: cabinet.id,
        channel: SwapChannel.appScan,
        // A member who carries a pack puts it in first; one who carries none takes a full one at once.
        status: held ? SwapStatus.initiated : SwapStatus.oldBatteryIn,
        oldBatteryId: held?.id ?? null,
        slotIn: empty?.slotNo ?? null,
        newBatteryId: held ? null : full.batteryId,
        slotOut: held ? null : full.slotNo,
        userCardId: plan?.card.id ?? null,
        fee: plan ? 0 : cabinet.swapFee!,
        currency,
        requestKey,
        stepDueAt: new Date(now.getTime() + this.stepMs),
        startedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { swap: swap!, again: false };
  }

  /** The swap a request key already started for the member. */
  private async sent(db: Db, rider: { memberId: number }, requestKey: string): Promise<SwapRow | undefined> {
    const [swap] = await db
      .select()
      .from(swapOrders)
      .where(and(eq(swapOrders.memberId, rider.memberId), eq(swapOrders.requestKey, requestKey)));
    return swap;
  }

  /**
   * A cabinet's report (`v1/{imei}/cabinet`): the bays are written as reported, then the swap under way there moves —
   * the member's pack in its bay (1, and the full pack's door opens), or the full pack gone from its bay (2, paid).
   * Once it is committed, the alarm rules hear what it says (beside the door it opens).
   * A report that is not understood, from the future, or from no cabinet is dropped and logged.
   */
  async onReport(message: DeviceMessage): Promise<void> {
    const { db, log } = this.deps;
    let report: CabinetReport;
    try {
      report = cabinetReportSchema.parse(JSON.parse(message.payload.toString('utf8')));
    } catch {
      log.warn({ imei: message.imei }, 'cabinet report not understood, dropped');
      return;
    }
    const at = new Date(report.reportedAt);
    if (Number.isNaN(at.getTime()) || at.getTime() > Date.now() + FRAME_FUTURE_TOLERANCE_MS) {
      log.warn({ imei: message.imei }, 'cabinet report from the future, dropped');
      return;
    }
    const taken = await db.transaction(async (tx) => {
      const [cabinet] = await tx
        .select()
        .from(stations)
        .where(and(eq(stations.deviceSn, message.imei), eq(stations.type, StationType.swapCabinet), isNull(stations.deletedAt)))
        .for('update');
      if (!cabinet) return undefined;
      // An older report than the one the bays already show (a retry that arrived late) moves nothing.
      if (cabinet.lastReportedAt && at < cabinet.lastReportedAt) return undefined;
      await tx.update(stations).set({ online: true, lastReportedAt: at }).where(eq(stations.id, cabinet.id));
      const serials = await syncBays(tx, cabinet, report, at);
      return { next: await this.advance(tx, cabinet, report, serials), facts: factsOf(cabinet, report, serials, at) };
    });
    if (!taken) return;
    const { next, facts } = taken;
    const rules = this.deps.onReported?.(facts).catch((err: unknown) => log.error({ err, imei: message.imei }, 'cabinet alarm rules not evaluated'));
    if (next?.door) {
      const outcome = await this.deps.doors.open(message.imei, next.door.slotNo, `${next.swap.orderNo}-out`);
      if (!outcome.opened) await failSwap(db, next.swap.id, doorFailure(outcome), [SwapStatus.oldBatteryIn]);
    }
    await rules;
  }

  /** The swap under way at the cabinet, moved by what the report shows at its bay; the door to open next, if any. */
  private async advance(
    tx: Db,
    cabinet: Cabinet,
    report: CabinetReport,
    serials: Map<string, number>,
  ): Promise<{ swap: SwapRow; door?: { slotNo: number } } | undefined> {
    const [swap] = await tx
      .select()
      .from(swapOrders)
      .where(and(eq(swapOrders.stationId, cabinet.id), inArray(swapOrders.status, [SwapStatus.initiated, SwapStatus.oldBatteryIn])))
      .for('update');
    if (!swap) return undefined;
    const now = new Date();
    if (swap.status === SwapStatus.initiated) {
      const bay = report.slots.find((s) => s.slotNo === swap.slotIn);
      if (!bay || bay.doorOpen || !bay.batterySn) return undefined;
      // The pack put in must be the one the member carries; any other fails the swap, and staff see it in the bay.
      if (serials.get(bay.batterySn) !== swap.oldBatteryId) {
        await failSwap(tx, swap.id, SwapFailReason.batteryCheckFailed, [SwapStatus.initiated]);
        return undefined;
      }
      await packReturned(tx, swap, { slotNo: bay.slotNo, soc: bay.soc ?? null }, now);
      const full = fullBay(await baysOf(tx, cabinet.id), bay.slotNo);
      if (!full) {
        await failSwap(tx, swap.id, SwapFailReason.noFullBattery, [SwapStatus.initiated]);
        return undefined;
      }
      const [moved] = await tx
        .update(swapOrders)
        .set({
          status: SwapStatus.oldBatteryIn,
          oldSoc: bay.soc ?? null,
          slotOut: full.slotNo,
          newBatteryId: full.batteryId,
          stepDueAt: new Date(now.getTime() + this.stepMs),
          updatedAt: now,
        })
        .where(eq(swapOrders.id, swap.id))
        .returning();
      return { swap: moved!, door: { slotNo: full.slotNo } };
    }
    // Old battery in: done when the full pack's bay reports closed and empty.
    const bay = report.slots.find((s) => s.slotNo === swap.slotOut);
    if (!bay || bay.doorOpen || bay.batterySn) return undefined;
    const [pack] = await tx
      .select({ id: batteries.id, soc: batteries.soc, state: batteries.state })
      .from(batteries)
      .where(eq(batteries.id, swap.newBatteryId!))
      .for('update');
    if (!pack) return undefined;
    return { swap: await completeSwap(tx, swap, pack, now) };
  }

  /** The app gives up before putting its pack in: the swap is cancelled (4), nothing charged. */
  async cancel(swap: SwapRow): Promise<SwapRow> {
    const now = new Date();
    const [cancelled] = await this.deps.db
      .update(swapOrders)
      .set({ status: SwapStatus.cancelled, finishedAt: now, stepDueAt: null, updatedAt: now })
      .where(and(eq(swapOrders.id, swap.id), eq(swapOrders.status, SwapStatus.initiated)))
      .returning();
    if (!cancelled) throw new BizError(Code.transitionNotAllowed, 'swap.notCancellable');
    return cancelled;
  }
}

/** What a cabinet's report says, for the alarm rules: its full bays, and the packs it named that the tenant knows. */
function factsOf(cabinet: Cabinet, report: CabinetReport, serials: Map<string, number>, at: Date): CabinetFacts {
  const bays = reportedBays(cabinet, report);
  return {
    tenantId: cabinet.tenantId,
    cityCode: cabinet.cityCode,
    stationId: cabinet.id,
    stationCode: cabinet.stationCode,
    lat: Number(cabinet.lat),
    lng: Number(cabinet.lng),
    operating: cabinet.status === StationStatus.operating,
    at,
    fullBays: bays.filter((b) => b.state === 'full').length,
    packs: bays.flatMap((b) => {
      const batteryId = b.batterySn ? serials.get(b.batterySn) : undefined;
      return batteryId === undefined ? [] : [{ batteryId, batterySn: b.batterySn!, slotNo: b.slotNo, soh: b.soh ?? null, tempC: b.tempC ?? null }];
    }),
  };
}

/** Swaps whose open door waited past its time: failed with 3 timeout (the swapTask.expire timed task). */
export async function expireSwaps(db: Db, now: Date): Promise<number> {
  const failed = await db
    .update(swapOrders)
    .set({ status: SwapStatus.failed, failReason: SwapFailReason.timeout, finishedAt: now, stepDueAt: null, updatedAt: now })
    .where(and(inArray(swapOrders.status, [SwapStatus.initiated, SwapStatus.oldBatteryIn]), lt(swapOrders.stepDueAt, now)))
    .returning({ id: swapOrders.id });
  return failed.length;
}
