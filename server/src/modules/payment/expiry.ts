import { PaymentStatus, QrisStatus } from '@kayuh/contract/api/wallet';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../platform/rows.ts';

/** Orders closed per statement, so a backlog never holds many row locks at once. */
const EXPIRY_BATCH = 500;

/**
 * Closes the payment orders nobody paid in time (DOMAIN §3.7 0,1 → 4) and their QRIS codes (§3.10 0 → 3), every
 * tenant's, a batch at a time. A notification holding an order's lock wins: the order is looked at again after it,
 * and left alone when it was paid meanwhile. A payment that arrives later is parked for review, never lost.
 */
export async function expireUnpaidOrders(db: Db, now: Date, signal?: AbortSignal): Promise<number> {
  let closed = 0;
  for (;;) {
    if (signal?.aborted) break;
    const rows = rowsOf<{ id: string | number }>(
      await db.execute(sql`
        WITH due AS (
          SELECT id FROM payment_orders
           WHERE status IN (${PaymentStatus.created}, ${PaymentStatus.pending}) AND expires_at < ${now}
           ORDER BY expires_at LIMIT ${EXPIRY_BATCH}
             FOR UPDATE SKIP LOCKED
        ), closed AS (
          UPDATE payment_orders p SET status = ${PaymentStatus.expired}, updated_at = now(), version = p.version + 1
            FROM due WHERE p.id = due.id
          RETURNING p.id
        ), codes AS (
          UPDATE qris_orders q SET status = ${QrisStatus.expired}, updated_at = now()
            FROM closed WHERE q.payment_order_id = closed.id AND q.status = ${QrisStatus.processing}
          RETURNING q.id
        )
        SELECT id FROM closed`),
    );
    closed += rows.length;
    if (rows.length < EXPIRY_BATCH) break;
  }
  return closed;
}
