import { parseLang, type Lang } from '@kayuh/contract/lang';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { resolveAudience } from './audience.ts';

/**
 * The city's staff (DOMAIN §5.3) who hold `perm` — the page a notice links to — by the language each reads the
 * console in; `also` are told whatever their permissions (a ticket's own technician).
 */
export async function cityStaffByLang(
  services: Pick<Services, 'db' | 'menuAccess'>,
  tenantId: number,
  cityCode: number,
  perm: string,
  also: readonly number[] = [],
): Promise<Map<Lang, number[]>> {
  const ids = [...new Set([...(await resolveAudience(services.db, tenantId, { cityCode })), ...also])];
  if (!ids.length) return new Map();
  const people = await services.db
    .select({ id: users.id, tenantId: users.tenantId, lang: users.lang })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  const byLang = new Map<Lang, number[]>();
  for (const person of people) {
    if (!also.includes(person.id) && !hasPerm(await services.menuAccess.perms(person, false), perm)) continue;
    const lang = parseLang(person.lang);
    byLang.set(lang, [...(byLang.get(lang) ?? []), person.id]);
  }
  return byLang;
}
