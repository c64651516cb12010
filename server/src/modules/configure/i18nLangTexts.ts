import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import type { Lang } from '@kayuh/contract/lang';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { i18nEntries } from '../../db/schema.ts';

/** The only client whose texts i18n/admin holds. */
export const ADMIN_CLIENT = 'admin';

export interface TextRow {
  id: number;
  module: string;
  text: string;
  version: number;
}

/** One language of the console catalogue as one tenant holds it: the platform's rows and the tenant's own. */
export interface LangTexts {
  platform: Map<string, TextRow>;
  /** The tenant's overrides; for the platform itself, its rows again. */
  own: Map<string, TextRow>;
}

/** The live texts of one language for the platform and (a tenant) its overrides, by key. */
export async function loadLangTexts(db: Db, lang: Lang, tenantId: number): Promise<LangTexts> {
  const rows = await db
    .select({
      id: i18nEntries.id,
      tenantId: i18nEntries.tenantId,
      key: i18nEntries.i18nKey,
      module: i18nEntries.module,
      text: i18nEntries.text,
      version: i18nEntries.version,
    })
    .from(i18nEntries)
    .where(
      and(
        eq(i18nEntries.client, ADMIN_CLIENT),
        eq(i18nEntries.lang, lang),
        isNull(i18nEntries.deletedAt),
        inArray(i18nEntries.tenantId, [PLATFORM_TENANT_ID, tenantId]),
      ),
    );
  const platform = new Map<string, TextRow>();
  const own = new Map<string, TextRow>();
  for (const { tenantId: owner, key, ...row } of rows) {
    if (owner === PLATFORM_TENANT_ID) platform.set(key, row);
    if (owner === tenantId) own.set(key, row);
  }
  return { platform, own };
}

/** What a tenant sees: its own text where it has one, else the platform's. */
export function effectiveTexts({ platform, own }: LangTexts): Map<string, TextRow> {
  return new Map([...platform, ...own]);
}

/** Every key the platform holds in any language, with its module: what a tenant may override. */
export async function platformKeys(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: i18nEntries.i18nKey, module: i18nEntries.module })
    .from(i18nEntries)
    .where(and(eq(i18nEntries.client, ADMIN_CLIENT), eq(i18nEntries.tenantId, PLATFORM_TENANT_ID), isNull(i18nEntries.deletedAt)));
  return new Map(rows.map((r) => [r.key, r.module]));
}
