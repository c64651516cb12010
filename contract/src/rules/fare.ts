/**
 * A ride's fare (DOMAIN §2.5 "Fare"), in the billing rule's currency's smallest unit. Pure: the server prices a ride
 * with it at the end, and the billing-rule page previews a sample ride with the same function.
 *
 * 1. ride_s = end − start − paused_s.
 * 2. time_fee = ceil(max(0, ride_s/60 − free_minutes) / unit_minutes) × unit_price.
 * 3. pause_fee = ceil(paused_s/60 / unit_minutes) × pause_unit_price.
 * 4. subtotal = unlock_fee + time_fee + pause_fee, capped at daily_cap: the cap covers the member's rides in that city
 *    that business day, so a ride pays at most what the earlier ones left of it (cap_discount is the rest).
 * 5. Penalties (out of area, no parking: §8.2) are added after the cap.
 * 6. The card (a ride pass) takes its discount, then the member's level benefits (a free unlock waives the unlock fee,
 *    then the level's percentage off the rest of the ride, never off penalties: docs/loyalty.md), then the coupon; the
 *    result is never below 0.
 */

/** A billing rule's prices (billing_rules). */
export interface FareRule {
  unlockFee: number;
  freeMinutes: number;
  unitMinutes: number;
  unitPrice: number;
  pauseUnitPrice: number;
  /** At most this much a member pays for their rides in a city on one business day; null = no cap. */
  dailyCap: number | null;
}

/**
 * A ride pass the member rides on (card_rules of kind 1, as the member's user_card stands): its free minutes for this
 * ride — per ride, and what is left of today's — or, with neither limit, the whole ride (not its penalties).
 */
export interface FareCard {
  perRideFreeMinutes: number | null;
  dailyFreeMinutesLeft: number | null;
}

/** A coupon applied to the ride (coupons.kind): amount off, percent off (capped), free minutes or a free unlock. */
export type FareCoupon = { minSpend?: number | null } & (
  { kind: 1; amount: number } | { kind: 2; percentBp: number; maxDiscount?: number | null } | { kind: 3; freeMinutes: number } | { kind: 4 }
);

/** The member's level benefits for this ride: a free unlock left this month, and the level's discount in basis points. */
export interface FareLevel {
  freeUnlock: boolean;
  discountBp: number;
}

export interface FareRide {
  /** end − start, in seconds, pauses included. */
  elapsedS: number;
  pausedS: number;
  /** What the member's earlier rides in this city on this business day counted toward the cap (their subtotals less their cap discounts). */
  cappedEarlierToday?: number;
  /** The ride-end penalties (§8.2), added after the cap. */
  penaltyFee?: number;
  card?: FareCard | null;
  level?: FareLevel | null;
  coupon?: FareCoupon | null;
}

/** The fare and its breakdown, as ride_orders keeps it. */
export interface Fare {
  rideS: number;
  unlockFee: number;
  timeFee: number;
  pauseFee: number;
  subtotal: number;
  capDiscount: number;
  penaltyFee: number;
  cardDiscount: number;
  /** The level's free unlock and discount together. */
  levelDiscount: number;
  /** The ride took one of the level's free unlocks (the unlock fee was waived by it). */
  levelFreeUnlock: boolean;
  couponDiscount: number;
  /** False when a coupon was offered but the ride does not reach its minimum spend. */
  couponApplied: boolean;
  payable: number;
  /** What this ride counts toward the daily cap: subtotal − cap discount. */
  countsTowardCap: number;
}

/** ⌈a / b⌉ for non-negative integers. */
const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);

/** The time fee for `rideS` seconds with `freeMinutes` free. */
function timeFeeOf(rule: FareRule, rideS: number, freeMinutes: number) {
  return ceilDiv(Math.max(0, rideS - freeMinutes * 60), rule.unitMinutes * 60) * rule.unitPrice;
}

/** `amount` × bp / 10,000, half-up to the minor unit (DOMAIN §0.3). */
export const basisPointsOf = (amount: number, bp: number) => Math.floor((amount * bp * 2 + 10_000) / 20_000);

/** The free minutes a pass gives this ride, or 'all' for a pass with no minute limit. */
function cardMinutes(card: FareCard): number | 'all' {
  const limits = [card.perRideFreeMinutes, card.dailyFreeMinutesLeft].filter((m): m is number => m !== null);
  return limits.length ? Math.max(0, Math.min(...limits)) : 'all';
}

export function fareOf(rule: FareRule, ride: FareRide): Fare {
  const pausedS = Math.max(0, Math.min(ride.pausedS, ride.elapsedS));
  const rideS = Math.max(0, ride.elapsedS - pausedS);
  const timeFee = timeFeeOf(rule, rideS, rule.freeMinutes);
  const pauseFee = ceilDiv(pausedS, rule.unitMinutes * 60) * rule.pauseUnitPrice;
  const subtotal = rule.unlockFee + timeFee + pauseFee;
  const leftOfCap = rule.dailyCap === null ? Infinity : Math.max(0, rule.dailyCap - (ride.cappedEarlierToday ?? 0));
  const capDiscount = Math.max(0, subtotal - leftOfCap);
  const capped = subtotal - capDiscount;
  const penaltyFee = ride.penaltyFee ?? 0;

  let freeMinutes = rule.freeMinutes;
  let cardDiscount = 0;
  if (ride.card) {
    const minutes = cardMinutes(ride.card);
    if (minutes === 'all') cardDiscount = capped;
    else {
      freeMinutes += minutes;
      cardDiscount = Math.min(capped, timeFee - timeFeeOf(rule, rideS, freeMinutes));
    }
  }
  // The level's perks come off the ride as the pass left it, never off its penalties.
  const rideLeft = capped - cardDiscount;
  const unlockWaived = ride.level?.freeUnlock ? Math.min(rule.unlockFee, rideLeft) : 0;
  const levelDiscount = unlockWaived + (ride.level ? basisPointsOf(rideLeft - unlockWaived, Math.max(0, ride.level.discountBp)) : 0);
  const beforeCoupon = capped + penaltyFee - cardDiscount - levelDiscount;

  const coupon = ride.coupon;
  const couponApplied = Boolean(coupon) && (coupon?.minSpend ?? 0) <= beforeCoupon;
  let couponDiscount = 0;
  if (coupon && couponApplied) {
    const off =
      coupon.kind === 1
        ? coupon.amount
        : coupon.kind === 2
          ? Math.min(basisPointsOf(beforeCoupon, coupon.percentBp), coupon.maxDiscount ?? Infinity)
          : coupon.kind === 3
            ? timeFeeOf(rule, rideS, freeMinutes) - timeFeeOf(rule, rideS, freeMinutes + coupon.freeMinutes)
            : rule.unlockFee - unlockWaived;
    couponDiscount = Math.max(0, Math.min(off, beforeCoupon));
  }

  return {
    rideS,
    unlockFee: rule.unlockFee,
    timeFee,
    pauseFee,
    subtotal,
    capDiscount,
    penaltyFee,
    cardDiscount,
    levelDiscount,
    levelFreeUnlock: unlockWaived > 0,
    couponDiscount,
    couponApplied,
    payable: beforeCoupon - couponDiscount,
    countsTowardCap: capped,
  };
}

/** A reservation is held this many minutes past its free ones, then expires (DOMAIN §3.2: reserve_free_minutes + 10). */
export const RESERVE_GRACE_MINUTES = 10;

/**
 * What a reservation that ends without a ride costs (DOMAIN §3.4 expire / cancel): each started minute held beyond the
 * rule's free reservation minutes at its reservation price.
 */
export function reservationFeeOf(rule: { reserveFreeMinutes: number; reserveUnitPrice: number }, heldS: number): number {
  return ceilDiv(Math.max(0, Math.floor(heldS) - rule.reserveFreeMinutes * 60), 60) * rule.reserveUnitPrice;
}
