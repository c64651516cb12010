import { Code } from '@kayuh/contract/codes';
import { MerchantStaffRole, MerchantStaffStatus, MerchantStatus, merchantResource } from '@kayuh/contract/resources/merchants';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants, merchantStaff, stations } from '../../db/schema.ts';
import { actorUserId } from '../../platform/auth/context.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { sealBankAccount } from '../../platform/bankAccounts.ts';
import { openMerchantAccount, tenantCurrency } from '../../platform/ledger/accounts.ts';
import { bindResource, type HookContext } from '../../platform/resources/binding.ts';
import { isUniqueViolation } from '../../platform/resources/writes.ts';
import { rowsOf } from '../../platform/rows.ts';

type Row = Record<string, unknown>;

/** A merchant's columns as a form or an application gives them: everything but its number, account and state. */
type MerchantValues = Omit<typeof merchants.$inferInsert, 'id' | 'tenantId' | 'merchantNo' | 'accountId' | 'currency'>;

/**
 * A new merchant with its number (MC + yyMMdd + 8 digits) and its payable account, opened at zero in the tenant's
 * currency, in the caller's transaction. A name the tenant already has answers 2005 naming it.
 */
export async function openMerchant(
  tx: Db,
  tenantId: number,
  values: MerchantValues,
  createdBy: number | null,
): Promise<typeof merchants.$inferSelect> {
  const [taken] = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.tenantId, tenantId), eq(merchants.name, values.name), isNull(merchants.deletedAt)));
  if (taken) throw new BizError(Code.duplicate, 'merchant.nameTaken', undefined, { name: values.name });
  const currency = await tenantCurrency(tx, tenantId);
  const { id, no } = await nextBusinessNo(tx, 'merchants', 'MC');
  const accountId = await openMerchantAccount(tx, tenantId, id, currency, createdBy);
  try {
    const [row] = await tx
      .insert(merchants)
      .values({ ...values, id, tenantId, merchantNo: no, currency, accountId, createdBy, updatedBy: createdBy })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, 'merchants_name_uq')) throw new BizError(Code.duplicate, 'merchant.nameTaken', undefined, { name: values.name });
    throw err;
  }
}

/** Closing: nothing may be left hosted or owed. */
async function assertNothingLeft({ tx, current }: HookContext) {
  const [sites] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(stations)
    .where(and(eq(stations.merchantId, Number(current!.id)), isNull(stations.deletedAt)));
  if (sites!.count > 0) throw new BizError(Code.transitionNotAllowed, 'merchant.hasStations', undefined, { count: sites!.count });
  const [owed] = rowsOf<{ balance: string | number }>(await tx.execute(sql`SELECT balance FROM accounts WHERE id = ${Number(current!.accountId)}`));
  const balance = Number(owed?.balance ?? 0);
  if (balance !== 0)
    throw new BizError(Code.transitionNotAllowed, 'merchant.payableOwed', undefined, { amount: `${String(current!.currency)} ${balance}` });
}

/**
 * Merchants (/main/merchant, docs/merchants.md): made with their payable account; the bank account sealed; the owed
 * balance read from that account. Closing needs no site left and nothing owed, and disables the merchant's staff.
 */
export const merchantBinding = bindResource(merchantResource, merchants, {
  computed: {
    payable: sql<number>`(SELECT a.balance FROM accounts a WHERE a.id = merchants.account_id)`.mapWith(Number),
    stationCount: sql<number>`(SELECT count(*)::int FROM stations s WHERE s.merchant_id = merchants.id AND s.deleted_at IS NULL)`.mapWith(Number),
    staffCount: sql<number>`(SELECT count(*)::int FROM merchant_staff p WHERE p.merchant_id = merchants.id AND p.deleted_at IS NULL)`.mapWith(Number),
  },
  check: sealBankAccount,
  create: ({ tx, tenantId, values, auth }) => openMerchant(tx, tenantId, values as Row as MerchantValues, actorUserId(auth)) as Promise<Row>,
  events: {
    closeMerchant: {
      guard: assertNothingLeft,
      effects: async ({ tx, current }) => {
        await tx
          .update(merchantStaff)
          .set({ status: MerchantStaffStatus.disabled, updatedAt: new Date() })
          .where(and(eq(merchantStaff.merchantId, Number(current!.id)), isNull(merchantStaff.deletedAt)));
      },
    },
  },
});

/** The owner a new merchant starts with (an approved application's applicant). A phone already a staff member's answers 2005. */
export async function addOwner(tx: Db, merchant: typeof merchants.$inferSelect, person: { name: string; phone: string }, createdBy: number | null) {
  const [taken] = await tx
    .select({ id: merchantStaff.id })
    .from(merchantStaff)
    .where(and(eq(merchantStaff.tenantId, merchant.tenantId), eq(merchantStaff.phone, person.phone), isNull(merchantStaff.deletedAt)));
  if (taken) throw new BizError(Code.duplicate, 'merchant.staffPhoneTaken', undefined, { phone: person.phone });
  await tx.insert(merchantStaff).values({
    tenantId: merchant.tenantId,
    cityCode: merchant.cityCode,
    merchantId: merchant.id,
    name: person.name,
    phone: person.phone,
    role: MerchantStaffRole.owner,
    createdBy,
    updatedBy: createdBy,
  });
}

/** A merchant of the tenant that still takes on staff and sites (not closed), or 2004 naming it closed. */
export async function openMerchantOf(tx: Db, tenantId: number, merchantId: number) {
  const [merchant] = await tx
    .select({ id: merchants.id, cityCode: merchants.cityCode, status: merchants.status })
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), eq(merchants.tenantId, tenantId), isNull(merchants.deletedAt)));
  if (!merchant) throw invalid({ merchantId: 'validation.invalidOption' });
  if (merchant.status === MerchantStatus.closed) throw new BizError(Code.transitionNotAllowed, 'merchant.closed');
  return merchant;
}
