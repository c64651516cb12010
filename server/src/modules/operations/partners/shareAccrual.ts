import { PartyType } from '@kayuh/contract/resources/profitShares';
import { PARTNER_OWNER_TYPE, PARTNER_PAYABLE } from '@kayuh/contract/rules/ledgerChart';
import { TECHNICIAN_PARTY } from '@kayuh/contract/resources/settlements';
import { SHARE_ACCRUAL_BIZ } from '@kayuh/contract/resources/shareEntries';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { accounts, merchants, partnerAgencies, shareAccruals } from '../../../db/schema.ts';
import { openPartnerAccount, platformAccounts, staffPayableOf } from '../../../platform/ledger/accounts.ts';
import { post, type PostingLine } from '../../../platform/ledger/posting.ts';
import { rowsOf } from '../../../platform/rows.ts';

/** How far back the accrual looks for a party's day not yet posted: the task may have missed runs while down. */
export const ACCRUAL_LOOKBACK_DAYS = 35;

/** One party's shares of one finished business day in one city, and what the accrual has posted of them. */
interface PartyDay {
  tenantId: number;
  cityCode: number;
  partyType: number;
  partyId: number;
  currency: string;
  day: string;
}

/** A party day's n-th accrual posting's key: each posts once, however often and wherever the task runs. */
const accrualKey = (d: PartyDay, n: number) => `share:${d.partyType}:${d.partyId}:${d.cityCode}:${d.day}:${d.currency}:${n}`;

/**
 * The party days whose shares differ from what was posted of them: each city's days before its own today (its clock,
 * DOMAIN §0.4), within the lookback. Shares are dated by when their order was paid or refunded, so a finished day
 * is whole but for a payment committed across midnight — which the next run posts as the difference.
 */
async function daysToPost(db: Db, now: Date): Promise<PartyDay[]> {
  const at = now.toISOString();
  const rows = rowsOf<{ tenant_id: string; city_code: string; party_type: number; party_id: string; currency: string; day: string }>(
    await db.execute(sql`
      SELECT g.tenant_id, g.city_code, g.party_type, g.party_id, g.currency, g.day::text AS day FROM (
        SELECT e.tenant_id, e.city_code, e.party_type, e.party_id, e.currency, e.revenue_date AS day, sum(e.share) AS total
          FROM profit_share_entries e
          JOIN cities c ON c.city_code = e.city_code AND c.deleted_at IS NULL
         WHERE e.revenue_date >= (${at}::timestamptz AT TIME ZONE 'UTC')::date - ${ACCRUAL_LOOKBACK_DAYS}::int
           AND e.revenue_date < ((${at}::timestamptz AT TIME ZONE 'UTC') + make_interval(mins => (c.time_zone * 60)::int))::date
         GROUP BY e.tenant_id, e.city_code, e.party_type, e.party_id, e.currency, e.revenue_date) g
      LEFT JOIN share_accruals a ON a.tenant_id = g.tenant_id AND a.city_code = g.city_code AND a.party_type = g.party_type
            AND a.party_id = g.party_id AND a.revenue_date = g.day AND a.currency = g.currency
       WHERE g.total <> coalesce(a.accrued, 0)
       ORDER BY g.day, g.tenant_id, g.city_code, g.party_type, g.party_id`),
  );
  return rows.map((r) => ({
    tenantId: Number(r.tenant_id),
    cityCode: Number(r.city_code),
    partyType: Number(r.party_type),
    partyId: Number(r.party_id),
    currency: r.currency.trim(),
    day: r.day,
  }));
}

/** The party day's row of share_accruals. */
const accrualRowOf = (d: PartyDay) =>
  and(
    eq(shareAccruals.tenantId, d.tenantId),
    eq(shareAccruals.cityCode, d.cityCode),
    eq(shareAccruals.partyType, d.partyType),
    eq(shareAccruals.partyId, d.partyId),
    eq(shareAccruals.revenueDate, d.day),
    eq(shareAccruals.currency, d.currency),
  );

/**
 * The party day's accrual row, locked (made at zero the first time), and its shares summed under that lock: a run
 * that waited on another's lock finds nothing left to post.
 */
async function lockedDay(tx: Db, d: PartyDay): Promise<{ accrued: number; postings: number; total: number }> {
  const where = accrualRowOf(d);
  await tx
    .insert(shareAccruals)
    .values({ tenantId: d.tenantId, cityCode: d.cityCode, partyType: d.partyType, partyId: d.partyId, revenueDate: d.day, currency: d.currency })
    .onConflictDoNothing();
  const [row] = await tx.select({ accrued: shareAccruals.accrued, postings: shareAccruals.postings }).from(shareAccruals).where(where).for('update');
  const [sum] = rowsOf<{ total: string | null }>(
    await tx.execute(sql`
      SELECT sum(share) AS total FROM profit_share_entries
       WHERE revenue_date = ${d.day}::date AND tenant_id = ${d.tenantId} AND party_type = ${d.partyType} AND party_id = ${d.partyId}
         AND city_code = ${d.cityCode} AND currency = ${d.currency}`),
  );
  return { accrued: row!.accrued, postings: row!.postings, total: Number(sum?.total ?? 0) };
}

/**
 * The party's payable account in the currency (DOMAIN §4.1): a merchant's was opened with it; a partner's too, or —
 * for a partner made before partners held one — it is found or opened now, under the partner's row lock; a
 * technician's is their STAFF_PAYABLE.
 */
export async function payableOf(tx: Db, d: { tenantId: number; partyType: number; partyId: number; currency: string }): Promise<number | null> {
  if (d.partyType === TECHNICIAN_PARTY) return staffPayableOf(tx, d.tenantId, d.partyId, d.currency);
  if (d.partyType === PartyType.merchant) {
    const [m] = await tx
      .select({ accountId: merchants.accountId, currency: accounts.currency })
      .from(merchants)
      .innerJoin(accounts, eq(accounts.id, merchants.accountId))
      .where(and(eq(merchants.id, d.partyId), eq(merchants.tenantId, d.tenantId)));
    return m && m.currency.trim() === d.currency ? m.accountId : null;
  }
  const [p] = await tx
    .select({ accountId: partnerAgencies.accountId })
    .from(partnerAgencies)
    .where(and(eq(partnerAgencies.id, d.partyId), eq(partnerAgencies.tenantId, d.tenantId)))
    .for('update');
  if (!p) return null;
  if (p.accountId === null) {
    const [held] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.tenantId, d.tenantId),
          eq(accounts.ownerType, PARTNER_OWNER_TYPE),
          eq(accounts.ownerId, d.partyId),
          eq(accounts.code, PARTNER_PAYABLE),
          eq(accounts.currency, d.currency),
          isNull(accounts.deletedAt),
        ),
      );
    const accountId = held?.id ?? (await openPartnerAccount(tx, d.tenantId, d.partyId, d.currency, null));
    await tx.update(partnerAgencies).set({ accountId }).where(eq(partnerAgencies.id, d.partyId));
    return accountId;
  }
  const [a] = await tx.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, p.accountId));
  return a?.currency.trim() === d.currency ? p.accountId : null;
}

/**
 * One party's day (DOMAIN §4.4 "Profit-share accrual"): Dr EXP_SHARE / Cr the party's payable, what its shares add up
 * to beyond what was posted of them; a day its refunds outweigh goes the other way (Dr payable / Cr EXP_SHARE) and
 * may take the payable below zero — the party owes it back, netted in its next settlement. Each posting has its own
 * key (the day's posting count), and the day's row records it in the same transaction.
 */
async function postPartyDay(tx: Db, d: PartyDay): Promise<'posted' | 'again' | 'noAccount'> {
  const day = await lockedDay(tx, d);
  const owed = day.total - day.accrued;
  if (owed === 0) return 'again';
  const payable = await payableOf(tx, d);
  if (payable === null) return 'noAccount';
  const { EXP_SHARE } = await platformAccounts(tx, d.tenantId, d.currency, ['EXP_SHARE']);
  const amount = Math.abs(owed);
  const memoKey = 'ledger.memo.shareAccrual';
  const lines: PostingLine[] =
    owed > 0
      ? [
          { accountId: EXP_SHARE, direction: 'D', amount, memoKey },
          { accountId: payable, direction: 'C', amount, memoKey },
        ]
      : [
          { accountId: payable, direction: 'D', amount, memoKey, mayOverdraw: true },
          { accountId: EXP_SHARE, direction: 'C', amount, memoKey },
        ];
  const posted = await post(tx, d.tenantId, {
    kind: 'SHARE_ACCRUAL',
    idempotencyKey: accrualKey(d, day.postings + 1),
    bizType: d.partyType === PartyType.merchant ? SHARE_ACCRUAL_BIZ.merchant : SHARE_ACCRUAL_BIZ.partner,
    bizId: d.partyId,
    cityCode: d.cityCode,
    lines,
  });
  await tx
    .update(shareAccruals)
    .set({ accrued: day.total, postings: day.postings + 1, lastTxnId: posted.txnId, updatedAt: new Date() })
    .where(accrualRowOf(d));
  return 'posted';
}

/**
 * The daily profit-share accrual (DOMAIN §4.4; docs/profit-sharing.md): every finished business day's shares of each
 * party in each city, posted once — and what a day gained after, as one more posting — each in a transaction of its
 * own; a party whose payable account is missing or in another currency is logged and left for the next run.
 * Answers the postings made.
 */
export async function accrueShares(db: Db, log?: FastifyBaseLogger, now = new Date()): Promise<number> {
  let posted = 0;
  for (const d of await daysToPost(db, now)) {
    const done = await db.transaction((tx) => postPartyDay(tx as unknown as Db, d));
    if (done === 'posted') posted++;
    if (done === 'noAccount')
      log?.warn({ party: `${d.partyType}:${d.partyId}`, day: d.day, currency: d.currency }, 'share accrual: no payable account in the currency');
  }
  return posted;
}
