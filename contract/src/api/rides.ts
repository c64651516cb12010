import { z } from 'zod';

/**
 * The rider app's rides (docs/rides.md): scan and unlock, pause and resume, end (refused where DOMAIN §8.2 forbids,
 * unless the rider accepts the fee), the current ride, past rides and a rating. Amounts in the currency's smallest
 * unit (DOMAIN §0.3).
 */

/** A vehicle's number as its QR code carries it. */
export const unlockRequest = z.object({
  vehicleNo: z.string().trim().min(1).max(40).describe("The vehicle's number, as its QR code carries it"),
  userCouponId: z
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('A coupon of mine to apply to this ride (GET /api/app/coupons): locked now, used when the ride is paid'),
});

/** POST /api/app/rides/reserve: hold a vehicle before walking to it (docs/rides.md "Reservations"). */
export const reserveRequest = z.object({
  vehicleNo: z.string().trim().min(1).max(40).describe("The vehicle's number, as the map or its QR code gives it"),
});

/** How the rider pays a ride (docs/rides.md "Pay after the ride"): from the balances, or by QRIS once it has ended. */
export const PAY_WITH = ['balance', 'qris'] as const;

export const endRequest = z.object({
  payWith: z
    .enum(PAY_WITH)
    .default('balance')
    .describe(
      'balance (default): paid at once from BONUS then WALLET. qris: priced and left ended (3) until paid with POST /app/rides/{orderNo}/pay',
    ),
  force: z
    .boolean()
    .default(false)
    .describe('End here anyway: outside the service area the ride becomes abnormal with the out-of-area fee; in a no-parking zone the fee is added'),
});

/** POST /api/app/rides/{orderNo}/pay: a ride that ended waiting for its payment (3), paid now. */
export const payRideRequest = z.object({
  payWith: z.enum(PAY_WITH).describe('qris: a QRIS code to pay (Idempotency-Key); balance: from BONUS then WALLET, at once'),
});

export const rateRequest = z.object({ rating: z.number().int().min(1).max(5) });

export const ridesQuery = z.object({
  /** Rides before this order (the last one of the page before); newest first. */
  before: z.string().max(40).optional(),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

export const rideFare = z.object({
  unlockFee: z.number().int(),
  timeFee: z.number().int(),
  pauseFee: z.number().int(),
  /** What the daily cap took off. */
  capDiscount: z.number().int(),
  penaltyFee: z.number().int(),
  cardDiscount: z.number().int(),
  /** What the member's level took off: a free unlock of the month, and the level's discount (docs/loyalty.md). */
  levelDiscount: z.number().int(),
  couponDiscount: z.number().int(),
  payable: z.number().int(),
});

export const rideView = z.object({
  orderNo: z.string(),
  /** ride_orders.status (DOMAIN §3.4): 0 reserved, 1 riding, 2 paused, 4 paid, 6 abnormal (customer service prices it), 7 cancelled … */
  status: z.number().int(),
  vehicleNo: z.string(),
  cityCode: z.number().int(),
  /** When it was reserved, if it was. */
  reservedAt: z.string().nullable(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  /** end − start, pauses included; while riding, so far. */
  durationS: z.number().int().nullable(),
  pausedS: z.number().int(),
  distanceM: z.number().int().nullable(),
  currency: z.string(),
  fare: rideFare,
  paid: z.number().int(),
  refunded: z.number().int(),
  payMethod: z.number().int().nullable(),
  /** The pass that took its part of the fare, and the coupon applied at unlock (used once the ride is paid). */
  userCardId: z.number().int().nullable(),
  userCouponId: z.number().int().nullable(),
  abnormalReason: z.number().int().nullable(),
  rating: z.number().int().nullable(),
});
export type RideView = z.infer<typeof rideView>;

/** Why an end was refused (a 2004's data): the rule, and what ending there anyway costs. */
export const endRefusalData = z.object({
  refusal: z.enum(['noRide', 'outOfArea', 'noParking', 'notInParking']),
  fee: z.number().int(),
  currency: z.string(),
});

/** The console's drawing of a ride's track (a monitoring Track, from its start to its end, or now): GET, needs the ride list's view. */
export const rideTrackPath = (rideOrderId: number | string) => `/operations/rideOrder/${rideOrderId}/track`;
export const RIDE_TRACK_PERM = 'operations:orderList:view';
