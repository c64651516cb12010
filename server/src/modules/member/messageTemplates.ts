import { Code } from '@kayuh/contract/codes';
import type { Lang } from '@kayuh/contract/lang';
import {
  fillTemplate,
  messageTemplateResource,
  placeholdersOf,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_REQUIRED,
  TemplateStatus,
  type TemplateCode,
} from '@kayuh/contract/resources/messageTemplates';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageTemplates } from '../../db/schema.ts';
import { BizError } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';

const refused = (msgKey: string, params: Record<string, string>) => new BizError(Code.validation, msgKey, { fields: { body: msgKey } }, params);

/**
 * Message templates: a body (and title) uses only its code's placeholders, and holds those the code cannot do without
 * (an OTP's code). One per code, channel and language (uniqueWith in the declaration, a unique index besides).
 */
export const messageTemplateBinding = bindResource(messageTemplateResource, messageTemplates, {
  check({ next }) {
    const allowed: readonly string[] = TEMPLATE_PLACEHOLDERS[String(next.code) as TemplateCode] ?? [];
    const used = placeholdersOf(`${String(next.title ?? '')} ${String(next.body ?? '')}`);
    const unknown = used.filter((name) => !allowed.includes(name));
    if (unknown.length) throw refused('messageTemplate.unknownPlaceholder', { names: unknown.join(', '), allowed: allowed.join(', ') });
    const missing = (TEMPLATE_REQUIRED[String(next.code) as TemplateCode] ?? []).filter((name) => !used.includes(name));
    if (missing.length) throw refused('messageTemplate.missingPlaceholder', { names: missing.map((n) => `{{${n}}}`).join(', ') });
  },
});

/**
 * The operator's active wording of a code for a channel and language, filled with the values; undefined when it has
 * none (the sender then uses the console's built-in text).
 */
export async function templateText(
  db: Db,
  want: { tenantId: number; code: TemplateCode; channel: number; lang: Lang },
  values: Record<string, string | number>,
): Promise<{ text: string; templateId: number; providerTemplateId: string | null } | undefined> {
  const [row] = await db
    .select({ id: messageTemplates.id, body: messageTemplates.body, providerTemplateId: messageTemplates.providerTemplateId })
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.tenantId, want.tenantId),
        eq(messageTemplates.code, want.code),
        eq(messageTemplates.channel, want.channel),
        eq(messageTemplates.lang, want.lang),
        eq(messageTemplates.status, TemplateStatus.active),
        isNull(messageTemplates.deletedAt),
      ),
    )
    .limit(1);
  return row && { text: fillTemplate(row.body, values), templateId: row.id, providerTemplateId: row.providerTemplateId };
}
