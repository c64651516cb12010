import { CardKind } from '@kayuh/contract/resources/cardRules';
import type { Fare, FareCard, FareRule } from '@kayuh/contract/rules/fare';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { userCards } from '../../../db/schema.ts';
import { type CardRuleRow, type UserCardRow, usableCards } from './cards.ts';

/** The ride pass a ride is priced with, as it stood before the ride. */
export interface RidePass {
  card: UserCardRow;
  rule: CardRuleRow;
  /** The ride's business day (YYYY-MM-DD): the day its daily minutes count on. */
  day: string;
  usedToday: number;
  fareCard: FareCard;
}

/**
 * The pass a ride rides on: the member's active ride pass for the ride's city at its start, with rides left and
 * free minutes left today, the one ending first. None: the ride is priced without a pass.
 */
export async function passForRide(tx: Db, ride: { memberId: number; cityCode: number; startAt: Date | null }, day: string): Promise<RidePass | null> {
  if (!ride.startAt) return null;
  for (const { card, rule } of await usableCards(tx, ride.memberId, CardKind.ridePass, ride.startAt, ride.cityCode)) {
    if (card.ridesLeft !== null && card.ridesLeft <= 0) continue;
    const usedToday = card.usageDay === day ? card.minutesUsedToday : 0;
    const dailyFreeMinutesLeft = rule.dailyFreeMinutes === null ? null : Math.max(0, rule.dailyFreeMinutes - usedToday);
    if (dailyFreeMinutesLeft === 0) continue;
    return { card, rule, day, usedToday, fareCard: { perRideFreeMinutes: rule.perRideFreeMinutes, dailyFreeMinutesLeft } };
  }
  return null;
}

/**
 * The pass took its part of the fare: one of its rides, and the free minutes the ride used of today's. A pass that
 * took nothing (a ride inside the rule's own free minutes) is not counted.
 */
export async function usePass(tx: Db, pass: RidePass, fare: Fare, rule: FareRule): Promise<void> {
  if (fare.cardDiscount <= 0) return;
  const limits = [pass.fareCard.perRideFreeMinutes, pass.fareCard.dailyFreeMinutesLeft].filter((m): m is number => m !== null);
  const beyondFree = Math.max(0, Math.ceil(fare.rideS / 60) - rule.freeMinutes);
  const minutes = limits.length ? Math.min(beyondFree, ...limits) : beyondFree;
  await tx
    .update(userCards)
    .set({
      ridesLeft: pass.card.ridesLeft === null ? null : sql`${userCards.ridesLeft} - 1`,
      minutesUsedToday: pass.usedToday + minutes,
      usageDay: pass.day,
      updatedAt: new Date(),
      version: sql`${userCards.version} + 1`,
    })
    .where(eq(userCards.id, pass.card.id));
}
