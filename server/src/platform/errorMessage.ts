import type { Lang } from '@kayuh/contract/lang';
import type { Catalogues } from './i18n.ts';

/**
 * A business outcome's message in the reader's language. A parameter may itself be a text key (a state's label, an
 * event's name): it is read in the same language first.
 */
export async function errorMessage(
  catalogues: Catalogues,
  lang: Lang,
  msgKey: string,
  params: Record<string, string | number> | undefined,
  tenantId: number | undefined,
): Promise<string> {
  const texts =
    params &&
    Object.fromEntries(
      await Promise.all(
        Object.entries(params).map(
          async ([name, value]) => [name, typeof value === 'string' ? await catalogues.t(lang, value, undefined, tenantId) : value] as const,
        ),
      ),
    );
  return catalogues.t(lang, msgKey, texts, tenantId);
}
