/**
 * Battery swaps (DOMAIN §2.5 swap_orders, §3.3): a member trades the pack they carry for a full one at a swap cabinet.
 * Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audited, id, tenantId, ts } from '../columns.ts';

// Money in the currency's smallest unit (DOMAIN §0.3).
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * One swap (station_debit): initiated with a bay opened for the member's pack (0), the pack in (1), a full pack taken
 * (2, paid: the swap plan's quota or the fee from the wallet), or failed (3) / cancelled (4) with nothing charged.
 */
export const swapOrders = pgTable(
  'swap_orders',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    stationId: bigint('station_id', { mode: 'number' }).notNull(),
    oldBatteryId: bigint('old_battery_id', { mode: 'number' }),
    newBatteryId: bigint('new_battery_id', { mode: 'number' }),
    slotIn: smallint('slot_in'),
    slotOut: smallint('slot_out'),
    oldSoc: smallint('old_soc'),
    newSoc: smallint('new_soc'),
    channel: smallint('channel').notNull(),
    status: smallint('status').notNull().default(0),
    failReason: smallint('fail_reason'),
    userCardId: bigint('user_card_id', { mode: 'number' }),
    fee: money('fee').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    ledgerTxnId: bigint('ledger_txn_id', { mode: 'number' }),
    /** The app's Idempotency-Key: a start sent twice is one swap. */
    requestKey: text('request_key'),
    /** When the open door's wait ends (SWAP_STEP_TIMEOUT_MS): then the swap fails with 3 timeout. */
    stepDueAt: ts('step_due_at'),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('swap_orders_no_uq').on(t.tenantId, t.orderNo),
    uniqueIndex('swap_orders_request_uq').on(t.memberId, t.requestKey),
    // The console's list: a city's swaps, newest first, paged by keyset (DESIGN §9); …and all of the tenant's, for
    // staff who pick All cities. Not partial: a swap is never removed, so its list does not ask for deleted_at.
    index('swap_orders_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id),
    index('swap_orders_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('swap_orders_member_idx').on(t.memberId, t.createdAt),
    index('swap_orders_station_idx').on(t.stationId, t.createdAt),
    // One swap under way per member and per cabinet: its doors are not shared by two swaps at once.
    uniqueIndex('swap_orders_member_open_uq')
      .on(t.memberId)
      .where(sql`status IN (0, 1)`),
    uniqueIndex('swap_orders_station_open_uq')
      .on(t.stationId)
      .where(sql`status IN (0, 1)`),
    index('swap_orders_due_idx')
      .on(t.stepDueAt)
      .where(sql`status IN (0, 1)`),
    check('swap_orders_status_ck', sql`${t.status} BETWEEN 0 AND 4`),
    check('swap_orders_fee_ck', sql`${t.fee} >= 0`),
    check('swap_orders_failed_reason_ck', sql`(${t.status} = 3) = (${t.failReason} IS NOT NULL)`),
  ],
);
