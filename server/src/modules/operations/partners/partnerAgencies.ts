import { Code } from '@kayuh/contract/codes';
import { partnerAgencyResource } from '@kayuh/contract/resources/partners';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { batteryAcquisitions, partnerAgencies } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { sealBankAccount } from '../../../platform/bankAccounts.ts';
import { BizError } from '../../../platform/errors.ts';
import { openPartnerAccount, tenantCurrency } from '../../../platform/ledger/accounts.ts';
import { bindResource } from '../../../platform/resources/binding.ts';
import { isUniqueViolation } from '../../../platform/resources/writes.ts';
import { rowsOf } from '../../../platform/rows.ts';

/** A partner's columns as its form or an approved application gives them: everything but its account. */
type PartnerValues = Omit<typeof partnerAgencies.$inferInsert, 'id' | 'tenantId' | 'accountId'>;

const nameTaken = (name: string) => new BizError(Code.duplicate, 'partner.nameTaken', undefined, { name });

/**
 * A new partner agency with its payable account (PARTNER_PAYABLE), opened at zero in the tenant's currency, in the
 * caller's transaction. A name the tenant already has answers 2005 naming it.
 */
export async function openPartner(tx: Db, tenantId: number, values: PartnerValues, createdBy: number | null) {
  const [taken] = await tx
    .select({ id: partnerAgencies.id })
    .from(partnerAgencies)
    .where(and(eq(partnerAgencies.tenantId, tenantId), eq(partnerAgencies.name, values.name), isNull(partnerAgencies.deletedAt)));
  if (taken) throw nameTaken(values.name);
  const [next] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('partner_agencies', 'id')) AS id`));
  const id = Number(next!.id);
  const accountId = await openPartnerAccount(tx, tenantId, id, await tenantCurrency(tx, tenantId), createdBy);
  try {
    const [row] = await tx
      .insert(partnerAgencies)
      .values({ ...values, id, tenantId, accountId, createdBy, updatedBy: createdBy })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, 'partner_agencies_name_uq')) throw nameTaken(values.name);
    throw err;
  }
}

/**
 * Partner agencies (/operations/partner_agency): each opened with its payable account, its bank account sealed; one
 * still holding battery acquisitions stays.
 */
export const partnerAgencyBinding = bindResource(partnerAgencyResource, partnerAgencies, {
  computed: {
    payable: sql<number>`(SELECT a.balance FROM accounts a WHERE a.id = partner_agencies.account_id)`.mapWith(Number),
    currency: sql<string>`(SELECT a.currency FROM accounts a WHERE a.id = partner_agencies.account_id)`,
  },
  check: sealBankAccount,
  create: async ({ tx, tenantId, values, auth }) =>
    (await openPartner(tx, tenantId, values as PartnerValues, actorUserId(auth))) as Record<string, unknown>,
  async beforeRemove({ tx, ids }) {
    const [held] = await tx
      .select({ id: batteryAcquisitions.id })
      .from(batteryAcquisitions)
      .where(and(inArray(batteryAcquisitions.partnerId, ids), isNull(batteryAcquisitions.deletedAt)))
      .limit(1);
    if (held) throw new BizError(Code.transitionNotAllowed, 'partner.hasAcquisitions');
  },
});
