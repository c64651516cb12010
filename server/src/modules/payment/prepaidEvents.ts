import { PREPAID_CHECK_MINUTES, PrepaidKind } from '@kayuh/contract/api/prepaid';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepaidOrders } from '../../db/schema.ts';
import { actorUserId } from '../../platform/auth/context.ts';
import { invalid } from '../../platform/errors.ts';
import type { EventRule, HookContext } from '../../platform/resources/binding.ts';
import { parsePlnSn } from './gateways/iak.ts';
import { bookFailure, bookSuccess } from './prepaidOutcome.ts';

const orderOf = async (tx: Db, ctx: HookContext) =>
  (
    await tx
      .select()
      .from(prepaidOrders)
      .where(eq(prepaidOrders.id, Number(ctx.current!.id)))
  )[0]!;

/** What a person settling an order writes on it: who, when, and why (the note), and no more checks. */
const resolvedBy = (ctx: HookContext) => ({
  nextCheckAt: null,
  finishedAt: new Date(),
  resolvedBy: actorUserId(ctx.auth),
  remark: String(ctx.event!.payload.note ?? '').slice(0, 300),
});

/**
 * The serial number as IAK's report shows it. A PLN order's must carry the 20-digit token the member keys in (IAK
 * writes it "0123-4567-…/NAME/R1/…", but the bare digits will do); another product's is kept as typed.
 */
function serialNumberOf(ctx: HookContext): string {
  const sn = String(ctx.event!.payload.sn ?? '').trim();
  if (Number(ctx.current!.kind) !== PrepaidKind.pln) return sn;
  if (parsePlnSn(sn)) return sn;
  const digits = sn.replace(/[\s-]/g, '');
  if (!/^\d{20}$/.test(digits)) throw invalid({ sn: 'prepaid.plnToken' });
  return digits;
}

/**
 * Finance's events on a processing prepaid order (DOMAIN §3.10), each in the engine's transaction with the row locked:
 * - checkStatus asks IAK again: the status-check task takes the order on its next run (within seconds), a stuck one
 *   for one more check; nothing goes over the network while the row is locked;
 * - resolveSuccess settles it as delivered, with the serial number from IAK's report: the money goes to IAK and fee
 *   revenue, and the token to the member;
 * - resolveFailed settles it as failed: the member's wallet is refunded at once (reason 6).
 * A callback or check that arrives meanwhile waits for the lock, then finds the order settled and moves nothing.
 */
export const prepaidEvents: Record<string, EventRule> = {
  checkStatus: {
    set: (ctx) => ({
      nextCheckAt: new Date(),
      checkCount: Math.min(Number(ctx.current!.checkCount), PREPAID_CHECK_MINUTES.length - 1),
    }),
  },
  resolveSuccess: {
    set: (ctx) => ({ ...resolvedBy(ctx), sn: serialNumberOf(ctx) }),
    effects: async (ctx) => void (await bookSuccess(ctx.tx, await orderOf(ctx.tx, ctx))),
  },
  resolveFailed: {
    set: (ctx) => resolvedBy(ctx),
    effects: async (ctx) => void (await bookFailure(ctx.tx, await orderOf(ctx.tx, ctx), actorUserId(ctx.auth))),
  },
};
