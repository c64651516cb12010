import { Code } from '@kayuh/contract/codes';
import { CardRuleStatus } from '@kayuh/contract/resources/cardRules';
import { USER_CARD_BIZ, UserCardStatus } from '@kayuh/contract/resources/userCards';
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cardRules, members, userCards } from '../../../db/schema.ts';
import { BizError, notFound } from '../../../platform/errors.ts';
import { shareRevenue } from '../../operations/partners/shareEntries.ts';
import { platformAccounts } from '../../../platform/ledger/accounts.ts';
import { payFromBalances } from '../../../platform/ledger/memberPay.ts';

export type UserCardRow = typeof userCards.$inferSelect;
export type CardRuleRow = typeof cardRules.$inferSelect;

/** The ledger's name for a pass (ledger_transactions.biz_type). */
export { USER_CARD_BIZ };
/** members.status: only a member in good standing buys. */
const MEMBER_NORMAL = 0;
const DAY_MS = 86_400_000;

/** The passes on sale to the tenant's members, cheapest first. */
export async function cardRulesOnSale(db: Db, tenantId: number): Promise<CardRuleRow[]> {
  return db
    .select()
    .from(cardRules)
    .where(and(eq(cardRules.tenantId, tenantId), eq(cardRules.status, CardRuleStatus.onSale), isNull(cardRules.deletedAt)))
    .orderBy(asc(cardRules.price), asc(cardRules.id));
}

/** The member's passes: the running ones first in the order they run (active, then pending), then the rest newest first. */
export async function memberCards(db: Db, tenantId: number, memberId: number): Promise<Array<UserCardRow & { rule: CardRuleRow }>> {
  const rows = await db
    .select({ card: userCards, rule: cardRules })
    .from(userCards)
    .innerJoin(cardRules, eq(cardRules.id, userCards.cardRuleId))
    .where(and(eq(userCards.tenantId, tenantId), eq(userCards.memberId, memberId), isNull(userCards.deletedAt)))
    .orderBy(
      sql`CASE WHEN ${userCards.status} IN (${UserCardStatus.pendingStart}, ${UserCardStatus.active}) THEN ${userCards.startAt} END ASC NULLS LAST`,
      desc(userCards.endAt),
      desc(userCards.id),
    )
    .limit(100);
  return rows.map((r) => ({ ...r.card, rule: r.rule }));
}

/**
 * A member buys a pass from their balances (DOMAIN §4.4: Dr WALLET / Cr REV_CARD, BONUS first, no debt): once per
 * purchase key, within the rule's purchase limit — the member's row is locked, so parallel buys count one another. An
 * unstackable pass bought while one of its kind runs starts when that one ends (pending start).
 */
export async function buyCard(
  db: Db,
  rider: { tenantId: number; memberId: number },
  cardRuleId: number,
  purchaseKey: string,
  // When it is bought: now, or the demo's history.
  now = new Date(),
): Promise<UserCardRow> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ status: members.status, cityCode: members.registerCityCode })
      .from(members)
      .where(and(eq(members.id, rider.memberId), eq(members.tenantId, rider.tenantId)))
      .for('update');
    if (member?.status !== MEMBER_NORMAL) throw new BizError(Code.forbidden, 'ride.memberBlocked');
    const [again] = await tx
      .select()
      .from(userCards)
      .where(and(eq(userCards.tenantId, rider.tenantId), eq(userCards.memberId, rider.memberId), eq(userCards.purchaseKey, purchaseKey)));
    if (again) {
      if (again.cardRuleId !== cardRuleId) throw new BizError(Code.idempotencyReused);
      return again;
    }
    const [rule] = await tx
      .select()
      .from(cardRules)
      .where(and(eq(cardRules.id, cardRuleId), eq(cardRules.tenantId, rider.tenantId), isNull(cardRules.deletedAt)));
    if (!rule) throw notFound();
    if (rule.status !== CardRuleStatus.onSale) throw new BizError(Code.transitionNotAllowed, 'card.notOnSale');
    const held = await tx
      .select({ status: userCards.status, endAt: userCards.endAt, cardRuleId: userCards.cardRuleId })
      .from(userCards)
      .where(
        and(
          eq(userCards.memberId, rider.memberId),
          eq(userCards.kind, rule.kind),
          ne(userCards.status, UserCardStatus.refunded),
          isNull(userCards.deletedAt),
        ),
      );
    const bought = held.filter((c) => c.cardRuleId === rule.id).length;
    if (rule.purchaseLimit !== null && bought >= rule.purchaseLimit)
      throw new BizError(Code.transitionNotAllowed, 'card.purchaseLimit', { limit: rule.purchaseLimit });

    // An unstackable pass queues behind the member's running passes of its kind.
    const running = held.filter((c) => (c.status === UserCardStatus.active || c.status === UserCardStatus.pendingStart) && c.endAt > now);
    const startAt = rule.stackable || !running.length ? now : new Date(Math.max(...running.map((c) => c.endAt.getTime())));
    const [card] = await tx
      .insert(userCards)
      .values({
        tenantId: rider.tenantId,
        cardRuleId: rule.id,
        memberId: rider.memberId,
        kind: rule.kind,
        price: rule.price,
        currency: rule.currency,
        startAt,
        endAt: new Date(startAt.getTime() + rule.validDays * DAY_MS),
        ridesLeft: rule.rideQuota,
        swapsLeft: rule.swapQuota,
        status: startAt > now ? UserCardStatus.pendingStart : UserCardStatus.active,
        purchaseKey,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (rule.price === 0) return card!;
    const revenue = await platformAccounts(tx, rider.tenantId, rule.currency, ['REV_CARD']);
    const paid = await payFromBalances(tx, rider.tenantId, {
      memberId: rider.memberId,
      currency: rule.currency,
      amount: rule.price,
      allowDebt: false,
      creditAccountId: revenue.REV_CARD,
      kind: 'CARD_BUY',
      idempotencyKey: `card:${card!.id}:buy`,
      bizType: USER_CARD_BIZ,
      bizId: card!.id,
      occurredAt: now,
    });
    const [done] = await tx.update(userCards).set({ ledgerTxnId: paid.posted.txnId }).where(eq(userCards.id, card!.id)).returning();
    // Shared in the pass's city (or the member's, for a pass of several), numbered by its purchase's ledger number.
    const cityCode = rule.cityCodes?.length === 1 ? rule.cityCodes[0]! : member.cityCode;
    if (cityCode !== null)
      await shareRevenue(tx, {
        tenantId: rider.tenantId,
        cityCode,
        sourceType: 'card',
        sourceId: card!.id,
        orderNo: paid.posted.txnNo,
        revenueType: 'CARD',
        paidAt: now,
        gross: rule.price,
        channelFee: 0,
        currency: rule.currency,
        hostMerchantId: null,
        investorId: null,
      });
    return done!;
  });
}

/** The member's passes of a kind that a use at `at` may take, the one ending first first (locked for the use). */
export async function usableCards(tx: Db, memberId: number, kind: number, at: Date, cityCode: number) {
  return tx
    .select({ card: userCards, rule: cardRules })
    .from(userCards)
    .innerJoin(cardRules, eq(cardRules.id, userCards.cardRuleId))
    .where(
      and(
        eq(userCards.memberId, memberId),
        eq(userCards.kind, kind),
        inArray(userCards.status, [UserCardStatus.active, UserCardStatus.pendingStart]),
        sql`${userCards.startAt} <= ${at}`,
        gt(userCards.endAt, at),
        isNull(userCards.deletedAt),
        sql`(${cardRules.cityCodes} IS NULL OR ${cityCode} = ANY(${cardRules.cityCodes}))`,
      ),
    )
    .orderBy(asc(userCards.endAt), asc(userCards.id))
    .for('update', { of: userCards });
}
