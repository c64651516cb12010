import { Code } from '@kayuh/contract/codes';
import { toE164 } from '@kayuh/contract/rules/phone';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countries, members, tenants } from '../../db/schema.ts';
import { BizError } from '../../platform/errors.ts';

/** A refusal naming the pasted values at fault (the first ten in the message, all of them in the answer). */
export const refusedValues = (msgKey: string, field: string, list: string[]) =>
  new BizError(Code.validation, msgKey, { fields: { [field]: msgKey }, values: list }, { values: list.slice(0, 10).join(', ') });

/** The phones of a pasted list (one per line, or separated by commas or semicolons) in E.164, each once. */
async function phonesOf(tx: Db, tenantId: number, field: string, text: string, max: number): Promise<string[]> {
  const [country] = await tx
    .select({ phoneCode: countries.phoneCode })
    .from(tenants)
    .innerJoin(countries, eq(countries.id, tenants.countryId))
    .where(eq(tenants.id, tenantId));
  const typed = text
    .split(/[\n,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const wrong = typed.filter((p) => !toE164(p, country?.phoneCode ?? '62'));
  if (wrong.length) throw refusedValues('memberPhones.bad', field, wrong);
  const phones = [...new Set(typed.map((p) => toE164(p, country?.phoneCode ?? '62')!))];
  if (!phones.length) throw refusedValues('memberPhones.bad', field, []);
  if (phones.length > max) throw refusedValues('memberPhones.tooMany', field, [String(max)]);
  return phones;
}

/**
 * The tenant's live members of a pasted list of phones (a coupon's grant, a tag's members), all or none: a value
 * that is not a phone, or a phone of no member, refuses the whole list naming them.
 */
export async function membersOfPhoneList(
  tx: Db,
  tenantId: number,
  paste: { field: string; text: string; max: number },
): Promise<Array<{ id: number; phone: string }>> {
  const phones = await phonesOf(tx, tenantId, paste.field, paste.text, paste.max);
  const found = await tx
    .select({ id: members.id, phone: members.phone })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), inArray(members.phone, phones), isNull(members.deletedAt)));
  const unknown = phones.filter((p) => !found.some((m) => m.phone === p));
  if (unknown.length) throw refusedValues('memberPhones.unknown', paste.field, unknown);
  return found;
}
