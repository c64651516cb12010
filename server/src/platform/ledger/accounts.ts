import {
  MEMBER_BOOKS,
  MEMBER_OWNER_TYPE,
  MERCHANT_BOOK_TYPE,
  MERCHANT_OWNER_TYPE,
  MERCHANT_PAYABLE,
  type MemberAccountCode,
  PARTNER_BOOK_TYPE,
  PARTNER_OWNER_TYPE,
  PARTNER_PAYABLE,
  PLATFORM_OWNER_TYPE,
  STAFF_BOOK_TYPE,
  STAFF_OWNER_TYPE,
  STAFF_PAYABLE,
  memberAccountNo,
  merchantAccountNo,
  partnerAccountNo,
  staffAccountNo,
} from '@kayuh/contract/rules/ledgerChart';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema.ts';
import { rowsOf } from '../rows.ts';

export type MemberAccounts = Record<MemberAccountCode, number>;

const MEMBER_CODES = Object.keys(MEMBER_BOOKS) as MemberAccountCode[];

/**
 * A member's WALLET, BONUS and DEPOSIT accounts in a currency, opened on first use (DOMAIN §4.1), with their books.
 * Safe to call concurrently: the unique indexes decide, and every caller reads back the same ids.
 */
export async function memberAccounts(tx: Db, tenantId: number, memberId: number, currency: string): Promise<MemberAccounts> {
  const found = await readMemberAccounts(tx, tenantId, memberId, currency);
  if (found) return found;
  const books = MEMBER_CODES.map((code) => ({ code, bookType: MEMBER_BOOKS[code] }));
  await tx.execute(sql`
    INSERT INTO account_books (tenant_id, book_code, book_type, currency)
    SELECT ${tenantId}, b.code || '-' || ${currency}, b.book_type, ${currency}
      FROM json_to_recordset(${JSON.stringify(books.map((b) => ({ code: `MEMBER-${b.code}`, book_type: b.bookType })))}::json)
        AS b(code text, book_type smallint)
    ON CONFLICT (tenant_id, currency, book_type) WHERE deleted_at IS NULL DO NOTHING`);
  const rows = books.map((b) => ({ code: b.code, book_type: b.bookType, account_no: memberAccountNo(memberId, b.code, currency) }));
  await tx.execute(sql`
    INSERT INTO accounts (tenant_id, account_no, book_id, owner_type, owner_id, code, currency, normal_side, allow_negative)
    SELECT ${tenantId}, r.account_no, bk.id, ${MEMBER_OWNER_TYPE}, ${memberId}, r.code, ${currency}, 'C', false
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(code text, book_type smallint, account_no text)
      JOIN account_books bk ON bk.tenant_id = ${tenantId} AND bk.currency = ${currency} AND bk.book_type = r.book_type AND bk.deleted_at IS NULL
    ON CONFLICT (tenant_id, owner_type, coalesce(owner_id, 0), code, currency, slice) WHERE deleted_at IS NULL DO NOTHING`);
  return (await readMemberAccounts(tx, tenantId, memberId, currency))!;
}

async function readMemberAccounts(tx: Db, tenantId: number, memberId: number, currency: string): Promise<MemberAccounts | null> {
  const rows = rowsOf<{ id: string | number; code: MemberAccountCode }>(
    await tx.execute(sql`
      SELECT id, code FROM accounts
       WHERE tenant_id = ${tenantId} AND owner_type = ${MEMBER_OWNER_TYPE} AND coalesce(owner_id, 0) = ${memberId}
         AND currency = ${currency} AND deleted_at IS NULL`),
  );
  if (rows.length < MEMBER_CODES.length) return null;
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.id)])) as MemberAccounts;
}

/** The tenant's own currency (tenants.default_currency): its members' books and the app's amounts are in it. */
export async function tenantCurrency(db: Db, tenantId: number): Promise<string> {
  const [row] = await db.select({ currency: tenants.defaultCurrency }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw new Error(`tenant ${tenantId} not found`);
  return row.currency.trim();
}

/** The tenant's platform accounts by code in a currency (opened when the tenant was provisioned), not their slices. */
export async function platformAccounts<C extends string>(
  tx: Db,
  tenantId: number,
  currency: string,
  codes: readonly C[],
): Promise<Record<C, number>> {
  const rows = rowsOf<{ id: string | number; code: C }>(
    await tx.execute(sql`
      SELECT id, code FROM accounts
       WHERE tenant_id = ${tenantId} AND owner_type = ${PLATFORM_OWNER_TYPE} AND coalesce(owner_id, 0) = 0
         AND currency = ${currency} AND slice = 0 AND deleted_at IS NULL
         AND code IN (SELECT value FROM json_array_elements_text(${JSON.stringify(codes)}::json))`),
  );
  const byCode = Object.fromEntries(rows.map((r) => [r.code, Number(r.id)])) as Record<C, number>;
  const missing = codes.filter((c) => byCode[c] === undefined);
  if (missing.length) throw new Error(`tenant ${tenantId} has no platform account ${missing.join(', ')} in ${currency}`);
  return byCode;
}

/** The payable account each kind of outside party holds (DOMAIN §4.1): its book, owner type, code and number. */
const PAYABLES = {
  merchant: { book: 'MERCHANT', bookType: MERCHANT_BOOK_TYPE, ownerType: MERCHANT_OWNER_TYPE, code: MERCHANT_PAYABLE, accountNo: merchantAccountNo },
  partner: { book: 'PARTNER', bookType: PARTNER_BOOK_TYPE, ownerType: PARTNER_OWNER_TYPE, code: PARTNER_PAYABLE, accountNo: partnerAccountNo },
  staff: { book: 'STAFF', bookType: STAFF_BOOK_TYPE, ownerType: STAFF_OWNER_TYPE, code: STAFF_PAYABLE, accountNo: staffAccountNo },
} as const;

/**
 * Opens a merchant's, partner's or technician's payable account (DOMAIN §4.1, MERCHANT_PAYABLE / PARTNER_PAYABLE;
 * STAFF_PAYABLE) at zero, with the tenant's book of its kind in that currency if it has none yet, and answers its id.
 * Called with the owner, in its transaction.
 */
async function openPayableAccount(
  tx: Db,
  kind: keyof typeof PAYABLES,
  tenantId: number,
  ownerId: number,
  currency: string,
  createdBy: number | null,
): Promise<number> {
  const p = PAYABLES[kind];
  await tx.execute(sql`
    INSERT INTO account_books (tenant_id, book_code, book_type, currency, created_by, updated_by)
    VALUES (${tenantId}, ${`${p.book}-${currency}`}, ${p.bookType}, ${currency}, ${createdBy}, ${createdBy})
    ON CONFLICT (tenant_id, currency, book_type) WHERE deleted_at IS NULL DO NOTHING`);
  const [opened] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`
      INSERT INTO accounts (tenant_id, account_no, book_id, owner_type, owner_id, code, currency, normal_side, allow_negative, created_by, updated_by)
      SELECT ${tenantId}, ${p.accountNo(ownerId, currency)}, bk.id, ${p.ownerType}, ${ownerId}, ${p.code},
             ${currency}, 'C', false, ${createdBy}, ${createdBy}
        FROM account_books bk
       WHERE bk.tenant_id = ${tenantId} AND bk.currency = ${currency} AND bk.book_type = ${p.bookType} AND bk.deleted_at IS NULL
      RETURNING id`),
  );
  return Number(opened!.id);
}

export const openMerchantAccount = (tx: Db, tenantId: number, merchantId: number, currency: string, createdBy: number | null) =>
  openPayableAccount(tx, 'merchant', tenantId, merchantId, currency, createdBy);

export const openPartnerAccount = (tx: Db, tenantId: number, partnerId: number, currency: string, createdBy: number | null) =>
  openPayableAccount(tx, 'partner', tenantId, partnerId, currency, createdBy);

/**
 * A field technician's STAFF_PAYABLE in the currency (their piece pay, docs/settlements.md), opened on first use. The
 * technician's accounts are found or opened one caller at a time (an advisory lock), so two approvals at once open one.
 */
export async function staffPayableOf(tx: Db, tenantId: number, userId: number, currency: string): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`staff-payable:${tenantId}:${userId}`}))`);
  const [held] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`
      SELECT id FROM accounts
       WHERE tenant_id = ${tenantId} AND owner_type = ${STAFF_OWNER_TYPE} AND owner_id = ${userId} AND code = ${STAFF_PAYABLE}
         AND currency = ${currency} AND slice = 0 AND deleted_at IS NULL`),
  );
  return held ? Number(held.id) : openPayableAccount(tx, 'staff', tenantId, userId, currency, null);
}
