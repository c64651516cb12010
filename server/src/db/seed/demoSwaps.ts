import { CardKind } from '@kayuh/contract/resources/cardRules';
import { BatteryState, StationType } from '@kayuh/contract/resources/fleet';
import { SlotState, SwapChannel, SwapFailReason, SwapStatus } from '@kayuh/contract/resources/swapOrders';
import { and, eq, isNull, isNotNull } from 'drizzle-orm';
import { buyCard, usableCards } from '../../modules/payment/passes/cards.ts';
import { baysOf, chargeFullEvent, emptyBay, fullBay } from '../../modules/operations/swaps/cabinetBays.ts';
import { completeSwap, packReturned } from '../../modules/operations/swaps/swapPay.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { BizError } from '../../platform/errors.ts';
import { memberBalances } from '../../platform/ledger/memberPay.ts';
import type { Db } from '../client.ts';
import { batteries, cabinetSlots, cardRules, cities, members, stations, swapOrders } from '../schema.ts';
import { prng } from './demoFleetMap.ts';
import type { DemoTenant } from './demoOrg.ts';

/**
 * The demo's battery swaps (DOMAIN §9.4, scaled like its rides): swap subscribers trading packs at the city's cabinets
 * over the last 30 days, each through the same steps as a live swap — the pack they carry into an empty bay, the
 * fullest pack out — and paid by the same completion (a few on the swap plan they bought, the rest the cabinet's fee
 * from the wallet, posted), so the bays, the packs with members and the ledger agree. A few ran out of time at the
 * door. Deterministic: a seeded PRNG, times relative to `now`.
 */
const SWAPS = { 2: 60, 3: 30 } as Record<number, number>;
/** The members who swap: after the ones the pass and coupon seeds picked, among those with top-ups; the first few on a plan. */
const SWAPPERS = { from: 40, count: 20, onPlan: 6 };
const DAY_MS = 86_400_000;
/** A returned pack is full this long after it went in (the bay's charger). */
const CHARGE_MS = 3 * 3_600_000;

export async function seedDemoSwaps(db: Db, t: DemoTenant, now: Date) {
  const rng = prng(0x73776170 ^ t.id);
  const swappers = (
    await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.tenantId, t.id), isNull(members.deletedAt)))
      .orderBy(members.id)
  ).slice(SWAPPERS.from, SWAPPERS.from + SWAPPERS.count);
  const cabinets = await db
    .select()
    .from(stations)
    .where(and(eq(stations.tenantId, t.id), eq(stations.type, StationType.swapCabinet), eq(stations.online, true), isNotNull(stations.swapFee)));
  if (!swappers.length || !cabinets.length) return;
  const [plan] = await db
    .select({ id: cardRules.id })
    .from(cardRules)
    .where(and(eq(cardRules.tenantId, t.id), eq(cardRules.kind, CardKind.swapPlan)));
  if (plan)
    for (const member of swappers.slice(0, SWAPPERS.onPlan))
      await buyCard(db, { tenantId: t.id, memberId: member.id }, plan.id, `demo-swap-plan-${member.id}`, new Date(now.getTime() - 29 * DAY_MS)).catch(
        (err: unknown) => {
          // A member whose wallet cannot pay for it swaps per swap.
          if (!(err instanceof BizError)) throw err;
        },
      );

  const times = Array.from({ length: SWAPS[t.id] ?? 0 }, () => now.getTime() - 28 * DAY_MS + rng.next() * 28 * DAY_MS).sort((a, b) => a - b);
  for (const time of times) {
    const member = rng.pick(swappers);
    const cabinet = rng.pick(cabinets);
    await db.transaction((tx) => swapAt(tx, rng.next(), member.id, cabinet, new Date(time), 8 + Math.floor(rng.next() * 25), now));
  }
}

/** One swap as the cabinet would have reported it: in, out, paid; or left at the open door (`chance` < 0.05). */
async function swapAt(tx: Db, chance: number, memberId: number, cabinet: typeof stations.$inferSelect, at: Date, returnedSoc: number, now: Date) {
  const [held] = await tx
    .select({ id: batteries.id })
    .from(batteries)
    .where(and(eq(batteries.memberId, memberId), eq(batteries.state, BatteryState.withMember)));
  const bays = await baysOf(tx, cabinet.id);
  const full = fullBay(bays);
  const empty = held ? emptyBay(bays) : undefined;
  if (!full || (held && !empty)) return;
  const [city] = await tx.select({ currency: cities.currency }).from(cities).where(eq(cities.cityCode, cabinet.cityCode));
  const currency = city!.currency.trim();
  const card = (await usableCards(tx, memberId, CardKind.swapPlan, at, cabinet.cityCode)).find(
    (c) => c.card.swapsLeft === null || c.card.swapsLeft > 0,
  );
  const fee = card ? 0 : cabinet.swapFee!;
  if (!card) {
    const balances = await memberBalances(tx, cabinet.tenantId, memberId, currency);
    if (balances.debt > 0 || balances.wallet + balances.bonus < fee) return;
  }
  const failed = chance < 0.05;
  const { id, no } = await nextBusinessNo(tx, 'swap_orders', 'SW', at);
  const [swap] = await tx
    .insert(swapOrders)
    .values({
      id,
      tenantId: cabinet.tenantId,
      cityCode: cabinet.cityCode,
      orderNo: no,
      memberId,
      stationId: cabinet.id,
      channel: SwapChannel.appScan,
      status: failed ? SwapStatus.failed : SwapStatus.oldBatteryIn,
      failReason: failed ? SwapFailReason.timeout : null,
      oldBatteryId: held?.id ?? null,
      slotIn: empty?.slotNo ?? null,
      oldSoc: failed || !held ? null : returnedSoc,
      newBatteryId: failed ? null : full.batteryId,
      slotOut: failed ? null : full.slotNo,
      userCardId: card?.card.id ?? null,
      fee,
      currency,
      requestKey: `demo-${id}`,
      startedAt: at,
      finishedAt: failed ? new Date(at.getTime() + 120_000) : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (failed) return;
  const slot = (slotNo: number, values: Partial<typeof cabinetSlots.$inferInsert>) =>
    tx
      .update(cabinetSlots)
      .set({ ...values, doorOpen: false, updatedFromDeviceAt: at })
      .where(and(eq(cabinetSlots.stationId, cabinet.id), eq(cabinetSlots.slotNo, slotNo)));
  if (held && empty) {
    await packReturned(tx, swap!, { slotNo: empty.slotNo, soc: returnedSoc }, new Date(at.getTime() + 40_000));
    // Charged to full a few hours later, as the cabinet would report it (§3.3 charge_full), unless that is still ahead.
    const charged = new Date(at.getTime() + CHARGE_MS);
    if (charged < now) {
      await tx.update(batteries).set({ state: BatteryState.inCabinet, soc: 100, updatedAt: charged }).where(eq(batteries.id, held.id));
      await chargeFullEvent(tx, cabinet, held.id, 100, charged);
    }
    await slot(empty.slotNo, { state: charged < now ? SlotState.full : SlotState.charging, batteryId: held.id });
  }
  await completeSwap(tx, swap!, { id: full.batteryId!, soc: full.soc, state: BatteryState.inCabinet }, new Date(at.getTime() + 80_000));
  await slot(full.slotNo, { state: SlotState.empty, batteryId: null });
}
