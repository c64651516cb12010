import { Code } from '@kayuh/contract/codes';
import { OPEN_SWAP_STATES, SwapStatus } from '@kayuh/contract/resources/swapOrders';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { swapOrders } from '../../../db/schema.ts';
import { BizError } from '../../../platform/errors.ts';

export type SwapRow = typeof swapOrders.$inferSelect;

/** The member's swap by its number, or 2002. */
export async function memberSwap(db: Db, rider: { tenantId: number; memberId: number }, orderNo: string): Promise<SwapRow> {
  const [swap] = await db
    .select()
    .from(swapOrders)
    .where(and(eq(swapOrders.tenantId, rider.tenantId), eq(swapOrders.memberId, rider.memberId), eq(swapOrders.orderNo, orderNo)));
  if (!swap) throw new BizError(Code.notFound, 'swap.none');
  return swap;
}

/**
 * A swap under way fails (DOMAIN §2.5 fail_reason), charging nothing: the door was not opened, the pack put in was not
 * the member's, no full pack was left, or the member did not come to the door in time. Only from a state under way,
 * once: answers the row if this call failed it.
 */
export async function failSwap(db: Db, id: number, failReason: number, from: readonly number[] = OPEN_SWAP_STATES): Promise<SwapRow | undefined> {
  const now = new Date();
  const [failed] = await db
    .update(swapOrders)
    .set({ status: SwapStatus.failed, failReason, finishedAt: now, stepDueAt: null, updatedAt: now })
    .where(and(eq(swapOrders.id, id), inArray(swapOrders.status, [...from])))
    .returning();
  return failed;
}
