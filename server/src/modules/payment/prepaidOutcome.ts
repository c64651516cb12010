import { PrepaidStatus } from '@kayuh/contract/api/prepaid';
import { RefundStatus } from '@kayuh/contract/api/wallet';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { members, messageDeliveries, prepaidOrders, refunds } from '../../db/schema.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { platformAccounts } from '../../platform/ledger/accounts.ts';
import { post, type PostingLine } from '../../platform/ledger/posting.ts';
import { recoverAlarm } from '../alarm/raiseAlarm.ts';
import type { IakTransaction } from './gateways/iak.ts';
import { parsePlnSn } from './gateways/iak.ts';
import { postRefundDone, postRefundStart, PREPAID_ORDER_BIZ, RefundDestination, RefundReason } from './refundPostings.ts';

export type PrepaidOrder = typeof prepaidOrders.$inferSelect;

/** The alarm a prepaid order raises when IAK leaves it processing past the last check (DOMAIN §3.10, §6.3). */
export const PREPAID_STUCK = 'PREPAID_STUCK';
/** message_deliveries: an SMS (channel 3) to a member (recipient 1), queued (status 0) for the message centre. */
const TOKEN_SMS = { channel: 3, recipientType: 1, queued: 0, template: 'prepaid.token' } as const;

/** Who settled an order: IAK (its answer, callback or status check), or a staff member resolving it by hand. */
export type SettledBy = ({ by: 'iak' } | { by: 'staff'; userId: number }) & {
  /** When it was settled: now, or an earlier time for the demo's history. */
  at?: Date;
};

const settledFields = (t: Partial<IakTransaction>, who: SettledBy) => ({
  ...(t.trId ? { trId: t.trId.slice(0, 64) } : {}),
  ...(t.rc ? { rc: t.rc.slice(0, 8) } : {}),
  ...(t.message ? { message: t.message.slice(0, 300) } : {}),
  nextCheckAt: null,
  finishedAt: who.at ?? new Date(),
  resolvedBy: who.by === 'staff' ? who.userId : null,
  updatedAt: new Date(),
  version: sql`${prepaidOrders.version} + 1`,
});

/** Claims a processing order for its final state; undefined when another answer settled it first. */
async function claim(tx: Db, orderId: number, set: PgUpdateSetSource<typeof prepaidOrders>) {
  const [row] = await tx
    .update(prepaidOrders)
    .set(set)
    .where(and(eq(prepaidOrders.id, orderId), eq(prepaidOrders.status, PrepaidStatus.processing)))
    .returning();
  return row;
}

/** A stuck order's alarm is over once the order is settled, by whoever settled it. */
const recoverStuck = (tx: Db, o: PrepaidOrder) =>
  recoverAlarm(tx, { tenantId: o.tenantId, targetType: AlarmTarget.system, targetId: o.id, alarmCode: PREPAID_STUCK }, new Date(), {
    status: o.status,
  });

/**
 * IAK delivered (§3.10 0 → 1): the serial number is kept (a PLN token), the money held in PREPAID_IN_TRANSIT goes to
 * IAK for what it charged our deposit, and the rest is fee revenue (DOMAIN §4.4). The token goes to the member by SMS
 * (queued for the message centre) and in the app. Once: a second answer finds the order settled and moves nothing.
 */
export async function settleSuccess(tx: Db, orderId: number, t: Partial<IakTransaction>, who: SettledBy): Promise<PrepaidOrder | undefined> {
  const price = t.price && t.price > 0 ? t.price : undefined;
  const o = await claim(tx, orderId, {
    ...settledFields(t, who),
    status: PrepaidStatus.success,
    sn: t.sn?.slice(0, 300) ?? null,
    ...(price ? { price } : {}),
  });
  return o && bookSuccess(tx, o);
}

/** A delivered order's postings, the token's SMS and the end of its stuck alarm, in the caller's transaction. */
export async function bookSuccess(tx: Db, o: PrepaidOrder): Promise<PrepaidOrder> {
  const p = await platformAccounts(tx, o.tenantId, o.currency, ['PREPAID_IN_TRANSIT', 'IAK_DEPOSIT', 'REV_FEE', 'EXP_PROMO']);
  const margin = o.sellPrice - o.price;
  const lines: PostingLine[] = [
    { accountId: p.PREPAID_IN_TRANSIT, direction: 'D', amount: o.sellPrice, memoKey: 'ledger.memo.prepaidDone' },
    { accountId: p.IAK_DEPOSIT, direction: 'C', amount: o.price, memoKey: 'ledger.memo.prepaidDone' },
  ];
  if (margin > 0) lines.push({ accountId: p.REV_FEE, direction: 'C', amount: margin, memoKey: 'ledger.memo.prepaidFee' });
  // IAK charged more than the member paid (its price rose after the order): the difference is ours to carry.
  if (margin < 0) lines.push({ accountId: p.EXP_PROMO, direction: 'D', amount: -margin, memoKey: 'ledger.memo.prepaidFee' });
  await post(tx, o.tenantId, {
    kind: 'PREPAID',
    idempotencyKey: `prepaid:${o.orderNo}:success`,
    bizType: PREPAID_ORDER_BIZ,
    bizId: o.id,
    cityCode: o.cityCode,
    occurredAt: o.finishedAt ?? undefined,
    lines,
  });
  const token = o.sn ? (parsePlnSn(o.sn)?.token ?? o.sn) : null;
  if (token) {
    const [member] = await tx.select({ phone: members.phone }).from(members).where(eq(members.id, o.memberId));
    if (member?.phone)
      await tx.insert(messageDeliveries).values({
        tenantId: o.tenantId,
        channel: TOKEN_SMS.channel,
        recipientType: TOKEN_SMS.recipientType,
        recipientId: o.memberId,
        toAddress: member.phone,
        templateCode: TOKEN_SMS.template,
        params: { orderNo: o.orderNo, productCode: o.productCode, customerId: o.customerId, token },
        status: TOKEN_SMS.queued,
      });
  }
  await recoverStuck(tx, o);
  return o;
}

/**
 * IAK failed it (§3.10 0 → 2), or staff found it failed: the member gets the money back in the wallet at once, by a
 * system refund (reason 6, service failed) that is recorded on the refund list like any other.
 */
export async function settleFailure(tx: Db, orderId: number, t: Partial<IakTransaction>, who: SettledBy): Promise<PrepaidOrder | undefined> {
  const o = await claim(tx, orderId, { ...settledFields(t, who), status: PrepaidStatus.failed });
  return o && bookFailure(tx, o, who.by === 'staff' ? who.userId : null);
}

/** A failed order's refund to the wallet and the end of its stuck alarm, in the caller's transaction. */
export async function bookFailure(tx: Db, o: PrepaidOrder, staff: number | null): Promise<PrepaidOrder> {
  const { id, no } = await nextBusinessNo(tx, 'refunds', 'RF');
  const [refund] = await tx
    .insert(refunds)
    .values({
      id,
      tenantId: o.tenantId,
      cityCode: o.cityCode,
      refundNo: no,
      bizType: PREPAID_ORDER_BIZ,
      bizId: o.id,
      memberId: o.memberId,
      amount: o.sellPrice,
      currency: o.currency,
      reason: RefundReason.serviceFailed,
      destination: RefundDestination.wallet,
      status: RefundStatus.succeeded,
      requestedByType: staff ? 2 : 3,
      approvedBy: staff,
      succeededAt: o.finishedAt ?? new Date(),
      idempotencyKey: `prepaid:${o.orderNo}:refund`,
      remark: o.orderNo,
      createdAt: o.finishedAt ?? new Date(),
      updatedAt: o.finishedAt ?? new Date(),
      createdBy: staff,
      updatedBy: staff,
    })
    .returning();
  await postRefundStart(tx, refund!, undefined);
  await postRefundDone(tx, refund!, undefined);
  const [settled] = await tx.update(prepaidOrders).set({ refundId: refund!.id }).where(eq(prepaidOrders.id, o.id)).returning();
  await recoverStuck(tx, settled!);
  return settled!;
}

/** IAK still says processing: what it told us so far is kept (its transaction id, the price it charged). */
export async function noteProcessing(tx: Db, orderId: number, t: Partial<IakTransaction>) {
  await tx
    .update(prepaidOrders)
    .set({
      ...(t.trId ? { trId: t.trId.slice(0, 64) } : {}),
      ...(t.rc ? { rc: t.rc.slice(0, 8) } : {}),
      ...(t.message ? { message: t.message.slice(0, 300) } : {}),
      ...(t.price && t.price > 0 ? { price: t.price } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(prepaidOrders.id, orderId), eq(prepaidOrders.status, PrepaidStatus.processing)));
}

/** Whatever IAK answered about an order — first reply, callback or status check — applied once, in one transaction. */
export function applyIakAnswer(db: Db, orderId: number, t: IakTransaction): Promise<PrepaidOrder | undefined> {
  return db.transaction(async (tx) => {
    if (t.status === 'success') return settleSuccess(tx, orderId, t, { by: 'iak' });
    if (t.status === 'failed') return settleFailure(tx, orderId, t, { by: 'iak' });
    await noteProcessing(tx, orderId, t);
    return undefined;
  });
}
