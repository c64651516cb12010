import { BatteryState } from '@kayuh/contract/resources/fleet';
import { OwnerType } from '@kayuh/contract/resources/partners';
import { SWAP_ORDER_BIZ, SwapStatus } from '@kayuh/contract/resources/swapOrders';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { batteries, batteryEvents, stations, swapOrders, userCards } from '../../../db/schema.ts';
import { platformAccounts } from '../../../platform/ledger/accounts.ts';
import { payFromBalances } from '../../../platform/ledger/memberPay.ts';
import { shareRevenue } from '../partners/shareEntries.ts';
import { ACTOR } from './cabinetBays.ts';
import type { SwapRow } from './swapRows.ts';

/** The member's pack is in the bay opened for it: §3.3 member_returns (50 → 45, charging there). */
export async function packReturned(tx: Db, swap: SwapRow, bay: { slotNo: number; soc: number | null }, at: Date): Promise<void> {
  await tx
    .update(batteries)
    .set({ state: BatteryState.charging, memberId: null, stationId: swap.stationId, slotNo: bay.slotNo, soc: bay.soc, updatedAt: at })
    .where(eq(batteries.id, swap.oldBatteryId!));
  await tx.insert(batteryEvents).values({
    tenantId: swap.tenantId,
    cityCode: swap.cityCode,
    batteryId: swap.oldBatteryId!,
    event: 'member_returns',
    fromState: BatteryState.withMember,
    toState: BatteryState.charging,
    stationId: swap.stationId,
    memberId: swap.memberId,
    swapOrderId: swap.id,
    soc: bay.soc,
    actorType: ACTOR.member,
    actorId: swap.memberId,
    createdAt: at,
  });
}

/**
 * The member took the full pack: it is theirs (§3.3 member_takes, 40/45 → 50), and the swap is paid in the same
 * transaction — by the swap plan it started on (one of its swaps; no posting, DOMAIN §4.4) or the cabinet's fee from
 * the balances (Dr BONUS/WALLET / Cr REV_SWAP, SWAP_PAY; the pack is in the member's hands, so the wallet may go into
 * debt as after a ride).
 */
export async function completeSwap(tx: Db, swap: SwapRow, pack: { id: number; soc: number | null; state: number }, at: Date): Promise<SwapRow> {
  await tx
    .update(batteries)
    .set({
      state: BatteryState.withMember,
      memberId: swap.memberId,
      stationId: null,
      slotNo: null,
      swapCount: sql`${batteries.swapCount} + 1`,
      lastSwapAt: at,
      updatedAt: at,
    })
    .where(eq(batteries.id, pack.id));
  await tx.insert(batteryEvents).values({
    tenantId: swap.tenantId,
    cityCode: swap.cityCode,
    batteryId: pack.id,
    event: 'member_takes',
    fromState: pack.state,
    toState: BatteryState.withMember,
    stationId: swap.stationId,
    memberId: swap.memberId,
    swapOrderId: swap.id,
    soc: pack.soc,
    actorType: ACTOR.member,
    actorId: swap.memberId,
    createdAt: at,
  });
  let ledgerTxnId: number | null = null;
  if (swap.userCardId !== null) {
    await tx
      .update(userCards)
      .set({
        swapsLeft: sql`CASE WHEN ${userCards.swapsLeft} IS NULL THEN NULL ELSE greatest(${userCards.swapsLeft} - 1, 0) END`,
        updatedAt: at,
        version: sql`${userCards.version} + 1`,
      })
      .where(eq(userCards.id, swap.userCardId));
  } else if (swap.fee > 0) {
    const revenue = await platformAccounts(tx, swap.tenantId, swap.currency, ['REV_SWAP']);
    const paid = await payFromBalances(tx, swap.tenantId, {
      memberId: swap.memberId,
      currency: swap.currency,
      amount: swap.fee,
      allowDebt: true,
      creditAccountId: revenue.REV_SWAP,
      kind: 'SWAP_PAY',
      idempotencyKey: `swap:${swap.id}:pay`,
      bizType: SWAP_ORDER_BIZ,
      bizId: swap.id,
      cityCode: swap.cityCode,
      occurredAt: at,
    });
    ledgerTxnId = paid.posted.txnId;
    await shareSwap(tx, swap, pack.id, at);
  }
  const [done] = await tx
    .update(swapOrders)
    .set({ status: SwapStatus.completed, newSoc: pack.soc, finishedAt: at, stepDueAt: null, ledgerTxnId, updatedAt: at })
    .where(eq(swapOrders.id, swap.id))
    .returning();
  return done!;
}

/**
 * The shares a swap paid from the balances earns (docs/profit-sharing.md): its host is the cabinet's merchant, its
 * investor the owner of the pack it handed out. A swap a plan paid earns none (the plan's sale was shared).
 */
async function shareSwap(tx: Db, swap: SwapRow, packId: number, at: Date) {
  const [station] = await tx.select({ merchantId: stations.merchantId }).from(stations).where(eq(stations.id, swap.stationId));
  const [pack] = await tx
    .select({ ownerType: batteries.ownerType, ownerPartnerId: batteries.ownerPartnerId })
    .from(batteries)
    .where(eq(batteries.id, packId));
  await shareRevenue(tx, {
    tenantId: swap.tenantId,
    cityCode: swap.cityCode,
    sourceType: 'swap',
    sourceId: swap.id,
    orderNo: swap.orderNo,
    revenueType: 'SWAP',
    paidAt: at,
    gross: swap.fee,
    channelFee: 0,
    currency: swap.currency,
    hostMerchantId: station?.merchantId ?? null,
    investorId: pack?.ownerType === OwnerType.investor ? pack.ownerPartnerId : null,
  });
}
