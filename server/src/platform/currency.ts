import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { currencies } from '../db/schema.ts';
import { invalid } from './errors.ts';

/** currencies.status (dictionary currencies_status). */
const CURRENCY_ACTIVE = 0;

/** A live, active currency of Rule Management, or a field error on `field`. */
export async function activeCurrency(tx: Db, field: string, code: unknown) {
  const [found] = await tx
    .select()
    .from(currencies)
    .where(and(eq(currencies.code, String(code)), isNull(currencies.deletedAt), eq(currencies.status, CURRENCY_ACTIVE)))
    .limit(1);
  if (!found) throw invalid({ [field]: 'validation.currencyUnknown' });
  return found;
}
