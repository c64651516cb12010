import { createHash } from 'node:crypto';
import { translate } from '@kayuh/contract/rules/translate';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import type { Lang } from '@kayuh/contract/lang';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { i18nEntries } from '../db/schema.ts';

/** An instance that missed a change (Redis away) serves it within this long. */
const CACHE_TTL_MS = 60_000;

/**
 * The console catalogue as stored in i18n_entries (client 'admin'): platform rows, overridden per tenant.
 * Cached per (tenant, lang); an edit drops the cache of every instance (ChangeFeed 'catalogue'), so
 * /system/i18n/find shows it on the next call.
 */
export class Catalogues {
  private cache = new Map<string, { at: number; texts: Promise<Record<string, string>> }>();

  constructor(private readonly db: Db) {}

  get(lang: Lang, tenantId: number = PLATFORM_TENANT_ID): Promise<Record<string, string>> {
    const cacheKey = `${tenantId}:${lang}`;
    const hit = this.cache.get(cacheKey);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.texts;
    const texts = this.load(lang, tenantId);
    texts.catch(() => this.cache.delete(cacheKey));
    this.cache.set(cacheKey, { at: Date.now(), texts });
    return texts;
  }

  /** A short fingerprint of the catalogue a caller gets (its HTTP ETag): it changes whenever a text does. */
  async version(lang: Lang, tenantId: number = PLATFORM_TENANT_ID): Promise<string> {
    const texts = await this.get(lang, tenantId);
    let known = this.versions.get(texts);
    if (!known) {
      known = createHash('sha256').update(JSON.stringify(texts)).digest('base64url').slice(0, 22);
      this.versions.set(texts, known);
    }
    return known;
  }

  private readonly versions = new WeakMap<Record<string, string>, string>();

  async t(lang: Lang, key: string, params?: Record<string, string | number>, tenantId?: number): Promise<string> {
    return translate(await this.get(lang, tenantId), key, params);
  }

  invalidate(): void {
    this.cache.clear();
  }

  private async load(lang: Lang, tenantId: number): Promise<Record<string, string>> {
    const rows = await this.db
      .select({ key: i18nEntries.i18nKey, text: i18nEntries.text, tenantId: i18nEntries.tenantId })
      .from(i18nEntries)
      .where(
        and(
          eq(i18nEntries.client, 'admin'),
          eq(i18nEntries.lang, lang),
          inArray(i18nEntries.tenantId, [PLATFORM_TENANT_ID, tenantId]),
          isNull(i18nEntries.deletedAt),
        ),
      )
      .orderBy(asc(i18nEntries.tenantId));
    const catalogue: Record<string, string> = {};
    for (const row of rows) catalogue[row.key] = row.text;
    return catalogue;
  }
}
