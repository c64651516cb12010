/**
 * Rides, their pricing and passes (DOMAIN §2.5, §2.7). Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, decimal, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;
// Money in the currency's smallest unit (DOMAIN §0.3).
const money = (name: string) => bigint(name, { mode: 'number' });

/** [C] Ride pricing in a city (billingRule): the fare of contract/rules/fare.ts reads it. */
export const billingRules = pgTable(
  'billing_rules',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    // Null: every model.
    modelIds: bigint('model_ids', { mode: 'number' }).array(),
    currency: char('currency', { length: 3 }).notNull(),
    unlockFee: money('unlock_fee').notNull(),
    freeMinutes: smallint('free_minutes').notNull(),
    unitMinutes: smallint('unit_minutes').notNull(),
    unitPrice: money('unit_price').notNull(),
    pauseUnitPrice: money('pause_unit_price').notNull(),
    dailyCap: money('daily_cap'),
    outOfAreaFee: money('out_of_area_fee').notNull(),
    noParkingFee: money('no_parking_fee').notNull(),
    reserveFreeMinutes: smallint('reserve_free_minutes').notNull(),
    reserveUnitPrice: money('reserve_unit_price').notNull(),
    minBalanceToUnlock: money('min_balance_to_unlock').notNull(),
    maxRideMinutes: integer('max_ride_minutes').notNull(),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to'),
    priority: smallint('priority').notNull().default(0),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  // A ride's rule: the city's active ones, highest priority first.
  (t) => [index('billing_rules_city_idx').on(t.tenantId, t.cityCode, t.status, t.priority).where(live)],
);

/** Passes a member buys (cardRule, DOMAIN §2.7): ride passes and battery-swap plans. */
export const cardRules = pgTable(
  'card_rules',
  {
    id: id(),
    tenantId: tenantId(),
    kind: smallint('kind').notNull(),
    nameKey: text('name_key').notNull(),
    price: money('price').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    validDays: smallint('valid_days').notNull(),
    // Null: no limit.
    dailyFreeMinutes: integer('daily_free_minutes'),
    perRideFreeMinutes: integer('per_ride_free_minutes'),
    rideQuota: integer('ride_quota'),
    swapQuota: integer('swap_quota'),
    // Null: every city.
    cityCodes: bigint('city_codes', { mode: 'number' }).array(),
    purchaseLimit: smallint('purchase_limit'),
    stackable: boolean('stackable').notNull().default(false),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [index('card_rules_tenant_idx').on(t.tenantId, t.kind, t.status).where(live)],
);

const coord = (name: string) => decimal(name, { precision: 9, scale: 6 });
/** The states of a ride under way (reserved, riding, paused): at most one per vehicle and one per member. */
const underWay = sql`deleted_at IS NULL AND status IN (0, 1, 2)`;

/**
 * [C] One sharing ride (DOMAIN §2.5 ride_orders, §3.4). Made by the rider app; the fare's parts are kept as priced
 * (contract/rules/fare.ts) so the console shows the breakdown the member paid. A failed unlock's claim is withdrawn
 * (soft-deleted): no ride was made.
 */
export const rideOrders = pgTable(
  'ride_orders',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    vehicleId: bigint('vehicle_id', { mode: 'number' }).notNull(),
    billingRuleId: bigint('billing_rule_id', { mode: 'number' }).notNull(),
    status: smallint('status').notNull(),
    reservedAt: ts('reserved_at'),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    // Since when the ride is paused (status 2); its length joins paused_s on resume or end.
    pausedAt: ts('paused_at'),
    pausedS: integer('paused_s').notNull().default(0),
    durationS: integer('duration_s'),
    distanceM: integer('distance_m'),
    startLat: coord('start_lat'),
    startLng: coord('start_lng'),
    startZoneId: bigint('start_zone_id', { mode: 'number' }),
    endLat: coord('end_lat'),
    endLng: coord('end_lng'),
    endZoneId: bigint('end_zone_id', { mode: 'number' }),
    endStationId: bigint('end_station_id', { mode: 'number' }),
    endInArea: boolean('end_in_area'),
    endSource: smallint('end_source'),
    currency: char('currency', { length: 3 }).notNull(),
    unlockFee: money('unlock_fee').notNull().default(0),
    timeFee: money('time_fee').notNull().default(0),
    pauseFee: money('pause_fee').notNull().default(0),
    penaltyFee: money('penalty_fee').notNull().default(0),
    capDiscount: money('cap_discount').notNull().default(0),
    cardDiscount: money('card_discount').notNull().default(0),
    couponDiscount: money('coupon_discount').notNull().default(0),
    /** The member's level benefits (docs/loyalty.md): the unlock fee waived and the level's discount, together. */
    levelDiscount: money('level_discount').notNull().default(0),
    /** The ride took one of the level's free unlocks of the month. */
    levelFreeUnlock: boolean('level_free_unlock').notNull().default(false),
    payable: money('payable').notNull().default(0),
    paid: money('paid').notNull().default(0),
    refunded: money('refunded').notNull().default(0),
    userCardId: bigint('user_card_id', { mode: 'number' }),
    userCouponId: bigint('user_coupon_id', { mode: 'number' }),
    payMethod: smallint('pay_method'),
    paymentOrderId: bigint('payment_order_id', { mode: 'number' }),
    ledgerTxnId: bigint('ledger_txn_id', { mode: 'number' }),
    abnormalReason: smallint('abnormal_reason'),
    rating: smallint('rating'),
    batteryId: bigint('battery_id', { mode: 'number' }),
    ...audited(),
  },
  (t) => [
    uniqueIndex('ride_orders_no_uq').on(t.tenantId, t.orderNo),
    // The console's list: a city's rides, newest first, paged by keyset (DESIGN §9).
    index('ride_orders_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id).where(live),
    // All of the tenant's rides, newest first, for staff who pick All cities.
    index('ride_orders_created_idx').on(t.tenantId, t.createdAt, t.id).where(live),
    index('ride_orders_member_idx').on(t.memberId, t.createdAt),
    index('ride_orders_vehicle_idx').on(t.vehicleId, t.createdAt),
    // One ride under way per vehicle and per member: parallel unlocks of one bike make one ride.
    uniqueIndex('ride_orders_vehicle_active_uq').on(t.vehicleId).where(underWay),
    uniqueIndex('ride_orders_member_active_uq').on(t.memberId).where(underWay),
    // Rides ended waiting for a QRIS payment (few at any time): the 24-hour task finds them without reading the rest.
    index('ride_orders_awaiting_pay_idx')
      .on(t.endAt)
      .where(sql`status = 3 AND deleted_at IS NULL`),
  ],
);
