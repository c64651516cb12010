import { describe, expect, it } from 'vitest';
import { type FareRide, type FareRule, basisPointsOf, fareOf, reservationFeeOf } from './fare.ts';

/** Rp 3,000 to unlock, 2 minutes free, then Rp 1,000 a minute, Rp 200 a paused minute, at most Rp 40,000 a day. */
const rule: FareRule = { unlockFee: 3_000, freeMinutes: 2, unitMinutes: 1, unitPrice: 1_000, pauseUnitPrice: 200, dailyCap: 40_000 };
const minutes = (m: number) => m * 60;

describe('the fare of DOMAIN §2.5', () => {
  const cases: Array<[string, Partial<FareRule>, FareRide, Partial<ReturnType<typeof fareOf>>]> = [
    [
      'a 10-minute ride: unlock + 8 charged minutes',
      {},
      { elapsedS: minutes(10), pausedS: 0 },
      { timeFee: 8_000, subtotal: 11_000, payable: 11_000 },
    ],
    ['inside the free minutes: the unlock only', {}, { elapsedS: 90, pausedS: 0 }, { timeFee: 0, payable: 3_000 }],
    ['a started unit is a whole unit', {}, { elapsedS: minutes(2) + 1, pausedS: 0 }, { timeFee: 1_000, payable: 4_000 }],
    [
      '5-minute units: 10 charged minutes are 2 units, 11 are 3',
      { unitMinutes: 5, unitPrice: 2_500 },
      { elapsedS: minutes(13), pausedS: 0 },
      { timeFee: 7_500, payable: 10_500 },
    ],
    ['no free minutes', { freeMinutes: 0 }, { elapsedS: minutes(10), pausedS: 0 }, { timeFee: 10_000, payable: 13_000 }],
    [
      'a pause is not riding time, and is priced by its own units',
      {},
      { elapsedS: minutes(20), pausedS: minutes(5) + 30 },
      { rideS: 870, timeFee: 13_000, pauseFee: 1_200, subtotal: 17_200, payable: 17_200 },
    ],
    ['a pause longer than the ride is the ride', {}, { elapsedS: minutes(3), pausedS: minutes(9) }, { rideS: 0, timeFee: 0, pauseFee: 600 }],
    [
      "the cap counts the day's earlier rides: Rp 5,000 of it was left",
      {},
      { elapsedS: minutes(10), pausedS: 0, cappedEarlierToday: 35_000 },
      { subtotal: 11_000, capDiscount: 6_000, payable: 5_000, countsTowardCap: 5_000 },
    ],
    [
      'a cap already reached: the ride is free',
      {},
      { elapsedS: minutes(10), pausedS: 0, cappedEarlierToday: 40_000 },
      { capDiscount: 11_000, payable: 0, countsTowardCap: 0 },
    ],
    [
      'no cap: the whole subtotal',
      { dailyCap: null },
      { elapsedS: minutes(10), pausedS: 0, cappedEarlierToday: 1_000_000 },
      { capDiscount: 0, payable: 11_000 },
    ],
    [
      'a penalty comes after the cap',
      {},
      { elapsedS: minutes(10), pausedS: 0, cappedEarlierToday: 40_000, penaltyFee: 5_000 },
      { capDiscount: 11_000, penaltyFee: 5_000, payable: 5_000, countsTowardCap: 0 },
    ],
    [
      "a pass's 30 free minutes take the time fee, not the unlock",
      {},
      { elapsedS: minutes(10), pausedS: 0, card: { perRideFreeMinutes: 30, dailyFreeMinutesLeft: null } },
      { cardDiscount: 8_000, payable: 3_000 },
    ],
    [
      "a pass with 3 of today's minutes left: 3 more free minutes",
      {},
      { elapsedS: minutes(10), pausedS: 0, card: { perRideFreeMinutes: 30, dailyFreeMinutesLeft: 3 } },
      { cardDiscount: 3_000, payable: 8_000 },
    ],
    [
      'a pass with no minute limit covers the ride, not its penalty',
      {},
      { elapsedS: minutes(10), pausedS: minutes(2), penaltyFee: 5_000, card: { perRideFreeMinutes: null, dailyFreeMinutesLeft: null } },
      { subtotal: 9_400, cardDiscount: 9_400, payable: 5_000 },
    ],
    [
      "a pass's discount is at most what the cap left",
      {},
      { elapsedS: minutes(10), pausedS: 0, cappedEarlierToday: 35_000, card: { perRideFreeMinutes: 30, dailyFreeMinutesLeft: null } },
      { capDiscount: 6_000, cardDiscount: 5_000, payable: 0 },
    ],
    [
      'a Rp 5,000 coupon after the pass',
      {},
      { elapsedS: minutes(20), pausedS: 0, card: { perRideFreeMinutes: 10, dailyFreeMinutesLeft: null }, coupon: { kind: 1, amount: 5_000 } },
      { timeFee: 18_000, cardDiscount: 10_000, couponDiscount: 5_000, payable: 6_000 },
    ],
    [
      'a coupon larger than the fare: never below zero',
      {},
      { elapsedS: minutes(10), pausedS: 0, coupon: { kind: 1, amount: 50_000 } },
      { couponDiscount: 11_000, payable: 0 },
    ],
    [
      '20% off, under its maximum',
      {},
      { elapsedS: minutes(10), pausedS: 0, coupon: { kind: 2, percentBp: 2_000, maxDiscount: 3_000 } },
      { couponDiscount: 2_200, payable: 8_800 },
    ],
    [
      '20% off, held to its maximum',
      {},
      { elapsedS: minutes(22), pausedS: 0, coupon: { kind: 2, percentBp: 2_000, maxDiscount: 3_000 } },
      { subtotal: 23_000, couponDiscount: 3_000, payable: 20_000 },
    ],
    [
      'a percent of the penalty too: it applies to what is left to pay',
      {},
      { elapsedS: minutes(10), pausedS: 0, penaltyFee: 9_000, coupon: { kind: 2, percentBp: 1_000 } },
      { couponDiscount: 2_000, payable: 18_000 },
    ],
    [
      'below the minimum spend the coupon is not applied',
      {},
      { elapsedS: minutes(5), pausedS: 0, coupon: { kind: 1, amount: 2_000, minSpend: 10_000 } },
      { couponApplied: false, couponDiscount: 0, payable: 6_000 },
    ],
    [
      'at the minimum spend it is',
      {},
      { elapsedS: minutes(9), pausedS: 0, coupon: { kind: 1, amount: 2_000, minSpend: 10_000 } },
      { couponApplied: true, couponDiscount: 2_000, payable: 8_000 },
    ],
    [
      '5 free minutes after the rule’s 2',
      {},
      { elapsedS: minutes(10), pausedS: 0, coupon: { kind: 3, freeMinutes: 5 } },
      { couponDiscount: 5_000, payable: 6_000 },
    ],
    [
      'free minutes after the pass’s: only minutes still charged',
      {},
      { elapsedS: minutes(10), pausedS: 0, card: { perRideFreeMinutes: 6, dailyFreeMinutesLeft: null }, coupon: { kind: 3, freeMinutes: 5 } },
      { cardDiscount: 6_000, couponDiscount: 2_000, payable: 3_000 },
    ],
    ['a free unlock', {}, { elapsedS: minutes(10), pausedS: 0, coupon: { kind: 4 } }, { couponDiscount: 3_000, payable: 8_000 }],
    [
      'a free unlock when the cap already took it: nothing more',
      {},
      { elapsedS: minutes(10), pausedS: 0, cappedEarlierToday: 40_000, coupon: { kind: 4 } },
      { couponDiscount: 0, payable: 0 },
    ],
    // The member's level (docs/loyalty.md): after the pass, before the coupon, never off a penalty.
    [
      "the level's free unlock",
      {},
      { elapsedS: minutes(10), pausedS: 0, level: { freeUnlock: true, discountBp: 0 } },
      { levelDiscount: 3_000, levelFreeUnlock: true, payable: 8_000 },
    ],
    [
      "the level's 10% off the ride, not off its penalty",
      {},
      { elapsedS: minutes(10), pausedS: 0, penaltyFee: 15_000, level: { freeUnlock: false, discountBp: 1_000 } },
      { levelDiscount: 1_100, levelFreeUnlock: false, payable: 24_900 },
    ],
    [
      'a free unlock, then 10% off what is left of the ride',
      {},
      { elapsedS: minutes(10), pausedS: 0, level: { freeUnlock: true, discountBp: 1_000 } },
      { levelDiscount: 3_800, payable: 7_200 },
    ],
    [
      'after the pass: the level takes off what the pass left',
      {},
      {
        elapsedS: minutes(10),
        pausedS: 0,
        card: { perRideFreeMinutes: 6, dailyFreeMinutesLeft: null },
        level: { freeUnlock: false, discountBp: 2_000 },
      },
      { cardDiscount: 6_000, levelDiscount: 1_000, payable: 4_000 },
    ],
    [
      'a ride the pass covers whole: no free unlock is taken',
      {},
      {
        elapsedS: minutes(10),
        pausedS: 0,
        card: { perRideFreeMinutes: null, dailyFreeMinutesLeft: null },
        level: { freeUnlock: true, discountBp: 1_000 },
      },
      { cardDiscount: 11_000, levelDiscount: 0, levelFreeUnlock: false, payable: 0 },
    ],
    [
      'a free-unlock coupon after the level waived the unlock: nothing more',
      {},
      { elapsedS: minutes(10), pausedS: 0, level: { freeUnlock: true, discountBp: 0 }, coupon: { kind: 4 } },
      { levelDiscount: 3_000, couponDiscount: 0, payable: 8_000 },
    ],
    [
      "a coupon's minimum spend is read after the level's discount",
      {},
      { elapsedS: minutes(9), pausedS: 0, level: { freeUnlock: false, discountBp: 1_000 }, coupon: { kind: 1, amount: 2_000, minSpend: 10_000 } },
      { levelDiscount: 1_000, couponApplied: false, payable: 9_000 },
    ],
  ];

  it.each(cases)('%s', (_name, change, ride, expected) => {
    expect(fareOf({ ...rule, ...change }, ride)).toMatchObject(expected);
  });

  it('adds up: payable = subtotal − cap + penalty − card − level − coupon, never below zero', () => {
    for (const elapsedS of [0, 59, 60, 61, 599, 3_600, 86_400])
      for (const pausedS of [0, 30, 600])
        for (const cappedEarlierToday of [0, 39_000, 80_000])
          for (const level of [null, { freeUnlock: true, discountBp: 5_000 }])
            for (const coupon of [null, { kind: 1 as const, amount: 4_000 }, { kind: 2 as const, percentBp: 5_000 }, { kind: 4 as const }]) {
              const fare = fareOf(rule, { elapsedS, pausedS, cappedEarlierToday, penaltyFee: 1_000, level, coupon });
              expect(fare.payable).toBe(
                fare.subtotal - fare.capDiscount + fare.penaltyFee - fare.cardDiscount - fare.levelDiscount - fare.couponDiscount,
              );
              expect(fare.payable).toBeGreaterThanOrEqual(0);
              expect(fare.countsTowardCap).toBeLessThanOrEqual(Math.max(0, 40_000 - cappedEarlierToday));
            }
  });

  it('charges a reservation each started minute past its free ones', () => {
    const reserve = { reserveFreeMinutes: 10, reserveUnitPrice: 200 };
    expect(reservationFeeOf(reserve, 0)).toBe(0);
    expect(reservationFeeOf(reserve, minutes(10))).toBe(0);
    expect(reservationFeeOf(reserve, minutes(10) + 1)).toBe(200);
    expect(reservationFeeOf(reserve, minutes(20))).toBe(2_000);
    expect(reservationFeeOf({ reserveFreeMinutes: 0, reserveUnitPrice: 150 }, 61)).toBe(300);
  });

  it('rounds a percentage half-up to the rupiah (DOMAIN §0.3)', () => {
    expect(basisPointsOf(11_111, 1_500)).toBe(1_667);
    expect(basisPointsOf(11_110, 1_500)).toBe(1_667);
    expect(basisPointsOf(10_003, 1_500)).toBe(1_500);
    expect(basisPointsOf(10_001, 5_000)).toBe(5_001);
  });
});
