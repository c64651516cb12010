import { appHeaders } from '@kayuh/contract/api/appAuth';
import { startSwapRequest, swapsQuery, type SwapView } from '@kayuh/contract/api/swaps';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { stations, swapOrders } from '../../../db/schema.ts';
import { memberOf } from '../../../platform/access.ts';
import { ok } from '../../../platform/envelope.ts';
import { MEMBER_SECURITY } from '../../../platform/openapi.ts';
import type { Services } from '../../../platform/services.ts';
import { idempotentAppHeaders } from '../../payment/walletRoutes.ts';
import type { SwapFlow } from './swapFlow.ts';
import { memberSwap, type SwapRow } from './swapRows.ts';

/** Swaps as the rider app shows them, with their cabinets' codes and names. */
async function viewsOf(db: Db, swaps: SwapRow[]): Promise<SwapView[]> {
  const ids = [...new Set(swaps.map((s) => s.stationId))];
  const cabinets = new Map(
    ids.length
      ? (await db.select({ id: stations.id, code: stations.stationCode, name: stations.name }).from(stations).where(inArray(stations.id, ids))).map(
          (c) => [c.id, c],
        )
      : [],
  );
  return swaps.map((s) => ({
    orderNo: s.orderNo,
    status: s.status,
    stationCode: cabinets.get(s.stationId)?.code ?? '',
    stationName: cabinets.get(s.stationId)?.name ?? '',
    cityCode: s.cityCode,
    slotIn: s.slotIn,
    slotOut: s.slotOut,
    oldSoc: s.oldSoc,
    newSoc: s.newSoc,
    userCardId: s.userCardId,
    fee: s.fee,
    currency: s.currency.trim(),
    failReason: s.failReason,
    startedAt: s.startedAt.toISOString(),
    finishedAt: s.finishedAt?.toISOString() ?? null,
    stepDueAt: s.stepDueAt?.toISOString() ?? null,
  }));
}

const orderParams = z.object({ orderNo: z.string().min(1).max(40) });

/** The rider app's battery swaps (docs/swaps.md), each call the signed-in member's own. */
export const swapRoutes: FastifyPluginAsyncZod<{ services: Services; swaps: SwapFlow }> = async (app, { services, swaps }) => {
  const { db } = services;
  const route = (summary: string, description?: string) => ({ tags: ['app'], summary, description, security: MEMBER_SECURITY });
  const member = { config: { access: 'member' as const } };
  const one = async (swap: SwapRow) => (await viewsOf(db, [swap]))[0]!;

  app.post(
    '/app/swaps',
    {
      ...member,
      schema: {
        headers: idempotentAppHeaders,
        body: startSwapRequest,
        ...route(
          'Swap my battery at a cabinet',
          'Answers once the first door is open: status 0, put your pack in bay slotIn; status 1 (no pack carried), take the full pack from bay slotOut. Follow the swap with GET /api/app/swaps/{orderNo}. Paid by your swap plan, or the cabinet’s fee from your balances when it is done. 2009: the cabinet is away or its door did not open (nothing charged). 2004: a swap under way, the cabinet busy, no full pack, no empty bay, or no plan where the cabinet takes plan holders only. 2008: the balances do not cover the fee.',
        ),
      },
    },
    async (req) => ok(await one(await swaps.start(memberOf(req), req.body.stationCode, req.headers['idempotency-key']))),
  );

  app.get(
    '/app/swaps/:orderNo',
    {
      ...member,
      schema: {
        headers: appHeaders,
        params: orderParams,
        ...route('One of my swaps', 'Where it stands; the app polls it while the doors are open.'),
      },
    },
    async (req) => ok(await one(await memberSwap(db, memberOf(req), req.params.orderNo))),
  );

  app.post(
    '/app/swaps/:orderNo/cancel',
    { ...member, schema: { headers: appHeaders, params: orderParams, ...route('Cancel my swap before my pack is in', '2004 once the pack is in.') } },
    async (req) => ok(await one(await swaps.cancel(await memberSwap(db, memberOf(req), req.params.orderNo)))),
  );

  app.get(
    '/app/swaps',
    { ...member, schema: { headers: appHeaders, querystring: swapsQuery, ...route('My swaps', 'Newest first.') } },
    async (req) => {
      const rider = memberOf(req);
      const before = req.query.before ? await memberSwap(db, rider, req.query.before) : undefined;
      const rows = await db
        .select()
        .from(swapOrders)
        .where(
          and(eq(swapOrders.tenantId, rider.tenantId), eq(swapOrders.memberId, rider.memberId), before ? lt(swapOrders.id, before.id) : undefined),
        )
        .orderBy(desc(swapOrders.id))
        .limit(req.query.size);
      return ok(await viewsOf(db, rows));
    },
  );
};
