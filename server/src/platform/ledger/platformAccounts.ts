import { PLATFORM_ACCOUNTS, PLATFORM_BOOK_TYPE, PLATFORM_OWNER_TYPE, platformAccountNo } from '@kayuh/contract/rules/ledgerChart';
import type { Db } from '../../db/client.ts';
import { accountBooks, accounts } from '../../db/schema.ts';

/**
 * Opens a tenant's platform book and accounts in one currency, at zero. Platform accounts may go negative:
 * they are control accounts (a revenue account is debited by refunds), watched by the nightly audit.
 */
export async function openPlatformAccounts(tx: Db, tenantId: number, currency: string, createdBy: number | null) {
  const [book] = await tx
    .insert(accountBooks)
    .values({
      tenantId,
      bookCode: `PLATFORM-${currency}`,
      bookType: PLATFORM_BOOK_TYPE,
      currency,
      createdBy,
      updatedBy: createdBy,
    })
    .returning({ id: accountBooks.id });
  await tx.insert(accounts).values(
    PLATFORM_ACCOUNTS.map((a) => ({
      tenantId,
      accountNo: platformAccountNo(a.code, currency),
      bookId: book!.id,
      ownerType: PLATFORM_OWNER_TYPE,
      code: a.code,
      currency,
      normalSide: a.normalSide,
      allowNegative: true,
      createdBy,
      updatedBy: createdBy,
    })),
  );
}
