/**
 * Rides, their pricing and passes (DOMAIN §2.5, §2.7). Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
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
