import {
  PLATFORM_ACCOUNTS,
  PLATFORM_BOOK_TYPE,
  PLATFORM_OWNER_TYPE,
  SHARED_ACCOUNT_SLICES,
  platformAccountNo,
  sliceAccountNo,
} from '@kayuh/contract/rules/ledgerChart';
import type { Db } from '../../db/client.ts';
import { accountBooks, accounts } from '../../db/schema.ts';

/**
 * Opens a tenant's platform book and accounts in one currency, at zero. Platform accounts may go negative:
 * they are control accounts (a revenue account is debited by refunds), watched by the nightly audit. A sliced account
 * (PlatformAccountDef.sliced) is opened with its slices.
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
  const row = (a: (typeof PLATFORM_ACCOUNTS)[number]) => ({
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
  });
  const opened = await tx.insert(accounts).values(PLATFORM_ACCOUNTS.map(row)).returning({ id: accounts.id, code: accounts.code });
  const slices = PLATFORM_ACCOUNTS.filter((a) => a.sliced).flatMap((a) =>
    Array.from({ length: SHARED_ACCOUNT_SLICES - 1 }, (_, k) => ({
      ...row(a),
      accountNo: sliceAccountNo(platformAccountNo(a.code, currency), k + 1),
      sliceOf: opened.find((o) => o.code === a.code)!.id,
      slice: k + 1,
    })),
  );
  await tx.insert(accounts).values(slices);
}
