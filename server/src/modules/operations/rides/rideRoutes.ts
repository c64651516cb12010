import { appHeaders } from '@kayuh/contract/api/appAuth';
import { endRequest, rateRequest, ridesQuery, unlockRequest, reserveRequest, type RideView } from '@kayuh/contract/api/rides';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { rideOrders, vehicles } from '../../../db/schema.ts';
import { memberOf } from '../../../platform/access.ts';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { MEMBER_SECURITY } from '../../../platform/openapi.ts';
import type { Services } from '../../../platform/services.ts';
import type { RideLifecycle } from './lifecycle.ts';
import { memberRide, rideUnderWay, type RideRow } from './rideRows.ts';

/** Rides as the rider app shows them, their vehicles' numbers read at once; a ride under way counts its time so far. */
export async function viewsOf(db: Db, rides: RideRow[]): Promise<RideView[]> {
  const ids = [...new Set(rides.map((r) => r.vehicleId))];
  const numbers = new Map(
    ids.length
      ? (await db.select({ id: vehicles.id, no: vehicles.vehicleNo }).from(vehicles).where(inArray(vehicles.id, ids))).map((v) => [v.id, v.no])
      : [],
  );
  return rides.map((ride) => viewOf(ride, numbers.get(ride.vehicleId) ?? ''));
}

function viewOf(ride: RideRow, vehicleNo: string): RideView {
  const underWay = ride.status === RideStatus.riding || ride.status === RideStatus.paused;
  return {
    orderNo: ride.orderNo,
    status: ride.status,
    vehicleNo,
    cityCode: ride.cityCode,
    reservedAt: ride.reservedAt?.toISOString() ?? null,
    startAt: ride.startAt?.toISOString() ?? null,
    endAt: ride.endAt?.toISOString() ?? null,
    durationS: underWay && ride.startAt ? Math.max(0, Math.round((Date.now() - ride.startAt.getTime()) / 1000)) : ride.durationS,
    pausedS: ride.pausedS,
    distanceM: ride.distanceM,
    currency: ride.currency,
    fare: {
      unlockFee: ride.unlockFee,
      timeFee: ride.timeFee,
      pauseFee: ride.pauseFee,
      capDiscount: ride.capDiscount,
      penaltyFee: ride.penaltyFee,
      cardDiscount: ride.cardDiscount,
      levelDiscount: ride.levelDiscount,
      couponDiscount: ride.couponDiscount,
      payable: ride.payable,
    },
    paid: ride.paid,
    refunded: ride.refunded,
    payMethod: ride.payMethod,
    userCardId: ride.userCardId,
    userCouponId: ride.userCouponId,
    abnormalReason: ride.abnormalReason,
    rating: ride.rating,
  };
}

/** The rider app's rides (docs/rides.md), each call the signed-in member's own. */
export const rideRoutes: FastifyPluginAsyncZod<{ services: Services; rides: RideLifecycle }> = async (app, { services, rides }) => {
  const { db } = services;
  const one = async (ride: RideRow) => ok((await viewsOf(db, [ride]))[0]);
  const route = (summary: string, description?: string) => ({ tags: ['app'], summary, description, security: MEMBER_SECURITY });
  const member = { config: { access: 'member' as const } };

  app.post(
    '/app/rides/unlock',
    {
      ...member,
      schema: {
        headers: appHeaders,
        body: unlockRequest,
        ...route(
          'Unlock a vehicle and start riding',
          "Answers the ride once the vehicle's lock opened. 2009: the vehicle did not answer in 15 s, no ride was made. 2008: a debt to repay, or less than the city's minimum balance. 2004: the vehicle is not available, or a ride is under way.",
        ),
      },
    },
    async (req) => one(await rides.unlock(memberOf(req), req.body.vehicleNo, req.body.userCouponId)),
  );

  app.post(
    '/app/rides/reserve',
    {
      ...member,
      schema: {
        headers: appHeaders,
        body: reserveRequest,
        ...route(
          'Reserve a vehicle',
          "Holds the vehicle for me (status 0): free for the city's free reservation minutes, then charged per minute; it expires 10 minutes after them. Unlock it to ride, or cancel. 2008: a debt to repay, or less than the minimum balance. 2004: the vehicle is not available, or a ride is under way.",
        ),
      },
    },
    async (req) => one(await rides.reserve(memberOf(req), req.body.vehicleNo)),
  );

  app.post(
    '/app/rides/current/cancel',
    {
      ...member,
      schema: {
        headers: appHeaders,
        ...route(
          'Cancel my reservation',
          'Answers the reservation, cancelled (status 7), with what the minutes held past the free ones cost (paid).',
        ),
      },
    },
    async (req) => one(await rides.cancelReservation(memberOf(req))),
  );

  app.post(
    '/app/rides/current/pause',
    {
      ...member,
      schema: {
        headers: appHeaders,
        ...route('Pause the ride (a temporary lock)', 'Charged at the pause price until resumed. 2009: the lock did not answer.'),
      },
    },
    async (req) => one(await rides.pause(memberOf(req))),
  );

  app.post('/app/rides/current/resume', { ...member, schema: { headers: appHeaders, ...route('Resume a paused ride') } }, async (req) =>
    one(await rides.resume(memberOf(req))),
  );

  app.post(
    '/app/rides/current/end',
    {
      ...member,
      schema: {
        headers: appHeaders,
        body: endRequest,
        ...route(
          'End the ride where the vehicle is',
          'Answers the ride, priced and paid (status 4), or abnormal (6) for customer service to price. Refused with 2004 where it may not end: data {refusal, fee, currency} (noRide, outOfArea, noParking, notInParking); send force true to end there anyway with the fee. 2009: the lock did not answer, the ride goes on.',
        ),
      },
    },
    async (req) => one(await rides.end(memberOf(req), req.body.force, req.body.payWith)),
  );

  app.get('/app/rides/current', { ...member, schema: { headers: appHeaders, ...route('My ride under way, or null') } }, async (req) => {
    const rider = memberOf(req);
    const ride = await rideUnderWay(db, rider.tenantId, rider.memberId);
    return ride ? one(ride) : ok(null);
  });

  app.get(
    '/app/rides',
    {
      ...member,
      schema: { headers: appHeaders, querystring: ridesQuery, ...route('My rides, newest first', 'Page on with before = the last orderNo.') },
    },
    async (req) => {
      const rider = memberOf(req);
      // After the ride named (one of the member's own; another answers an empty page), newest first by its index.
      const [before] = req.query.before
        ? await db
            .select({ id: rideOrders.id, createdAt: rideOrders.createdAt })
            .from(rideOrders)
            .where(and(eq(rideOrders.memberId, rider.memberId), eq(rideOrders.orderNo, req.query.before)))
        : [];
      if (req.query.before && !before) return ok([]);
      const rows = await db
        .select()
        .from(rideOrders)
        .where(
          and(
            eq(rideOrders.memberId, rider.memberId),
            isNull(rideOrders.deletedAt),
            before ? sql`(${rideOrders.createdAt}, ${rideOrders.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id})` : undefined,
          ),
        )
        .orderBy(desc(rideOrders.createdAt), desc(rideOrders.id))
        .limit(req.query.size);
      return ok(await viewsOf(db, rows));
    },
  );

  app.get(
    '/app/rides/:orderNo',
    { ...member, schema: { headers: appHeaders, params: z.object({ orderNo: z.string().max(40) }), ...route('One of my rides') } },
    async (req) => {
      const rider = memberOf(req);
      const ride = await memberRide(db, rider, req.params.orderNo);
      if (!ride) throw notFound();
      return one(ride);
    },
  );

  app.post(
    '/app/rides/:orderNo/rate',
    {
      ...member,
      schema: { headers: appHeaders, params: z.object({ orderNo: z.string().max(40) }), body: rateRequest, ...route('Rate a paid ride, once (1–5)') },
    },
    async (req) => one(await rides.rate(memberOf(req), req.params.orderNo, req.body.rating)),
  );
};
