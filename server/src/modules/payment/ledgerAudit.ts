import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAudits } from '../../db/schema.ts';
import { rowsOf } from '../../platform/rows.ts';
import type { Services } from '../../platform/services.ts';
import { raiseAlarm } from '../alarm/raiseAlarm.ts';

/** ledger_audits.status. */
export const AuditStatus = { ok: 0, drift: 1 } as const;
/** How many drifting accounts an audit row names (the count is always whole). */
const DRIFT_NAMED_MAX = 20;

export interface BookAudit {
  bookId: number;
  bookCode: string;
  currency: string;
  accountCount: number;
  balanceTotal: number;
  entriesTotal: number;
  debitTotal: number;
  creditTotal: number;
  driftAccounts: number;
  unbalancedTxns: number;
  drifting: Array<{ accountNo: string; balance: number; fromEntries: number }>;
}

/**
 * Recomputes every book of a tenant from its entries (DOMAIN §4.1): each account's balance against the sum of its
 * lines (signed by its normal side), the day's movements, and the transactions whose debits and credits differ in a
 * currency. One pass over the tenant's entries; the accounts are read as they stand (no lock: postings go on).
 */
export async function auditBooks(db: Db, tenantId: number, day: { from: Date; to: Date }): Promise<BookAudit[]> {
  const books = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH moved AS (
        SELECT e.account_id,
               sum(CASE WHEN e.direction = a.normal_side THEN e.amount ELSE -e.amount END) AS net,
               sum(e.amount) FILTER (WHERE e.direction = 'D' AND e.created_at >= ${day.from} AND e.created_at < ${day.to}) AS debits,
               sum(e.amount) FILTER (WHERE e.direction = 'C' AND e.created_at >= ${day.from} AND e.created_at < ${day.to}) AS credits
          FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
         WHERE e.tenant_id = ${tenantId}
         GROUP BY e.account_id
      ), per_account AS (
        SELECT a.book_id, a.account_no, a.balance, coalesce(m.net, 0) AS net, coalesce(m.debits, 0) AS debits, coalesce(m.credits, 0) AS credits
          FROM accounts a LEFT JOIN moved m ON m.account_id = a.id
         WHERE a.tenant_id = ${tenantId} AND a.deleted_at IS NULL
      )
      SELECT b.id AS book_id, b.book_code, b.currency,
             count(p.account_no) AS account_count,
             coalesce(sum(p.balance), 0) AS balance_total,
             coalesce(sum(p.net), 0) AS entries_total,
             coalesce(sum(p.debits), 0) AS debit_total,
             coalesce(sum(p.credits), 0) AS credit_total,
             count(*) FILTER (WHERE p.balance <> p.net) AS drift_accounts,
             coalesce(
               (jsonb_agg(jsonb_build_object('accountNo', p.account_no, 'balance', p.balance, 'fromEntries', p.net) ORDER BY p.account_no)
                  FILTER (WHERE p.balance <> p.net)),
               '[]'::jsonb) AS drifting
        FROM account_books b LEFT JOIN per_account p ON p.book_id = b.id
       WHERE b.tenant_id = ${tenantId} AND b.deleted_at IS NULL
       GROUP BY b.id, b.book_code, b.currency
       ORDER BY b.id`),
  );
  const unbalanced = rowsOf<{ currency: string; n: string | number }>(
    await db.execute(sql`
      SELECT currency, count(*) AS n FROM (
        SELECT txn_id, currency FROM ledger_entries WHERE tenant_id = ${tenantId}
         GROUP BY txn_id, currency HAVING sum(CASE direction WHEN 'D' THEN amount ELSE -amount END) <> 0
      ) off GROUP BY currency`),
  );
  return books.map((b) => {
    const drifting = (typeof b.drifting === 'string' ? JSON.parse(b.drifting) : b.drifting) as BookAudit['drifting'];
    return {
      bookId: Number(b.book_id),
      bookCode: String(b.book_code),
      currency: String(b.currency).trim(),
      accountCount: Number(b.account_count),
      balanceTotal: Number(b.balance_total),
      entriesTotal: Number(b.entries_total),
      debitTotal: Number(b.debit_total),
      creditTotal: Number(b.credit_total),
      driftAccounts: Number(b.drift_accounts),
      unbalancedTxns: Number(unbalanced.find((u) => String(u.currency).trim() === String(b.currency).trim())?.n ?? 0),
      drifting: drifting
        .slice(0, DRIFT_NAMED_MAX)
        .map((d) => ({ accountNo: d.accountNo, balance: Number(d.balance), fromEntries: Number(d.fromEntries) })),
    };
  });
}

/** The tenant's first city: where a tenant-wide alarm (LEDGER_DRIFT) is listed, alarms being city-scoped. */
async function headCity(db: Db, tenantId: number): Promise<number | undefined> {
  const [row] = rowsOf<{ city_code: string | number }>(
    await db.execute(sql`SELECT city_code FROM cities WHERE tenant_id = ${tenantId} AND deleted_at IS NULL ORDER BY city_code LIMIT 1`),
  );
  return row ? Number(row.city_code) : undefined;
}

/**
 * The nightly audit of one tenant: a ledger_audits row per book, and LEDGER_DRIFT (level 2, DOMAIN §6.3) on each
 * book that does not agree with its entries. Answers how many books drifted.
 */
export async function runLedgerAudit(
  services: Pick<Services, 'db' | 'live' | 'catalogues' | 'menuAccess'>,
  tenantId: number,
  day: AuditDay,
  log?: FastifyBaseLogger,
): Promise<number> {
  const drifted = await recordLedgerAudit(services.db, tenantId, day);
  const cityCode = drifted.length ? await headCity(services.db, tenantId) : undefined;
  for (const book of drifted) {
    log?.error({ tenantId, book: book.bookCode, driftAccounts: book.driftAccounts, unbalancedTxns: book.unbalancedTxns }, 'ledger drift');
    if (cityCode === undefined) continue;
    await raiseAlarm(
      services,
      {
        tenantId,
        cityCode,
        alarmCode: 'LEDGER_DRIFT',
        level: 2,
        targetType: AlarmTarget.system,
        targetId: book.bookId,
        targetName: book.bookCode,
        detail: {
          statDate: day.statDate,
          driftAccounts: book.driftAccounts,
          unbalancedTxns: book.unbalancedTxns,
          drifting: book.drifting.slice(0, 5),
        },
      },
      log,
    );
  }
  return drifted.length;
}

export interface AuditDay {
  statDate: string;
  from: Date;
  to: Date;
}

/** Audits a tenant's books and keeps a ledger_audits row per book; answers the books that drifted. */
export async function recordLedgerAudit(db: Db, tenantId: number, day: AuditDay): Promise<BookAudit[]> {
  const started = Date.now();
  const audits = await auditBooks(db, tenantId, day);
  const durationMs = Date.now() - started;
  if (!audits.length) return [];
  await db.insert(ledgerAudits).values(
    audits.map((a) => ({
      tenantId,
      bookId: a.bookId,
      currency: a.currency,
      statDate: day.statDate,
      accountCount: a.accountCount,
      balanceTotal: a.balanceTotal,
      entriesTotal: a.entriesTotal,
      debitTotal: a.debitTotal,
      creditTotal: a.creditTotal,
      driftAccounts: a.driftAccounts,
      unbalancedTxns: a.unbalancedTxns,
      status: a.driftAccounts || a.unbalancedTxns ? AuditStatus.drift : AuditStatus.ok,
      detail: a.drifting.length ? { drifting: a.drifting } : null,
      durationMs,
    })),
  );
  return audits.filter((a) => a.driftAccounts || a.unbalancedTxns);
}
