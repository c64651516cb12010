/**
 * What members hold besides money (DOMAIN §2.7): the passes they bought (user_cards) and the coupons they were given
 * (coupons, user_coupons; §3.11). Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;
// Money in the currency's smallest unit (DOMAIN §0.3).
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * A member's pass (cardsList): a card rule bought from the wallet, valid from start to end. Its quotas count down as
 * rides and swaps use it; a ride pass's daily free minutes count per business day (usage_day).
 */
export const userCards = pgTable(
  'user_cards',
  {
    id: id(),
    tenantId: tenantId(),
    cardRuleId: bigint('card_rule_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    // card_rules.kind, kept on the card: a ride picks among the member's ride passes by one index.
    kind: smallint('kind').notNull(),
    paymentOrderId: bigint('payment_order_id', { mode: 'number' }),
    ledgerTxnId: bigint('ledger_txn_id', { mode: 'number' }),
    price: money('price').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    // Null: no limit.
    ridesLeft: integer('rides_left'),
    swapsLeft: integer('swaps_left'),
    minutesUsedToday: integer('minutes_used_today').notNull().default(0),
    usageDay: date('usage_day'),
    status: smallint('status').notNull().default(1),
    // The app's purchase request: one card per request, however often it is sent.
    purchaseKey: text('purchase_key').notNull(),
    ...audited(),
  },
  (t) => [
    uniqueIndex('user_cards_purchase_uq').on(t.tenantId, t.memberId, t.purchaseKey),
    index('user_cards_member_idx').on(t.memberId, t.kind, t.status, t.endAt).where(live),
    index('user_cards_list_idx').on(t.tenantId, t.createdAt, t.id).where(live),
  ],
);

/** A coupon marketing lists (couponListPage, §3.11): what it takes off, where, for how long, how many. */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    tenantId: tenantId(),
    nameKey: text('name_key').notNull(),
    kind: smallint('kind').notNull(),
    amount: money('amount'),
    percentBp: integer('percent_bp'),
    maxDiscount: money('max_discount'),
    minSpend: money('min_spend'),
    currency: char('currency', { length: 3 }).notNull(),
    freeMinutes: integer('free_minutes'),
    scope: smallint('scope').notNull().default(0),
    // Null: every city.
    cityCodes: bigint('city_codes', { mode: 'number' }).array(),
    validKind: smallint('valid_kind').notNull(),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    validDays: smallint('valid_days'),
    // Null: no limit.
    totalQty: integer('total_qty'),
    issuedQty: integer('issued_qty').notNull().default(0),
    perMemberLimit: smallint('per_member_limit').notNull().default(1),
    stackable: boolean('stackable').notNull().default(false),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [index('coupons_tenant_idx').on(t.tenantId, t.status, t.createdAt).where(live)],
);

/** A coupon given to a member (the coupon's detail), locked by the order it is applied to, then used (§3.11). */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: id(),
    tenantId: tenantId(),
    couponId: bigint('coupon_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    source: smallint('source').notNull(),
    sourceRef: bigint('source_ref', { mode: 'number' }),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    status: smallint('status').notNull().default(1),
    lockedBy: text('locked_by'),
    usedAt: ts('used_at'),
    usedOrderType: text('used_order_type'),
    usedOrderId: bigint('used_order_id', { mode: 'number' }),
    discount: money('discount'),
    currency: char('currency', { length: 3 }).notNull(),
    ...audited(),
  },
  (t) => [
    index('user_coupons_member_idx').on(t.memberId, t.status, t.validTo).where(live),
    // A coupon's holders, newest first (the coupon's detail): the page and its count from the index alone.
    index('user_coupons_coupon_idx').on(t.tenantId, t.couponId, t.createdAt, t.id).where(live),
    // The hourly expiry finds the unused ones whose window has closed.
    index('user_coupons_expiry_idx')
      .on(t.validTo)
      .where(sql`status = 1 AND deleted_at IS NULL`),
  ],
);
