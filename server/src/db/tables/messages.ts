/**
 * The operator's message texts (DOMAIN §2.3 message_templates; docs/message-templates.md). Re-exported by
 * ../schema.ts. The sends themselves are message_deliveries (members.ts), beside the sign-in that makes most of them.
 */
import { sql } from 'drizzle-orm';
import { char, check, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audited, id, tenantId } from '../columns.ts';

/** One wording of a code for a channel and a language; its `{{placeholder}}`s are the code's own. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    channel: smallint('channel').notNull(),
    lang: char('lang', { length: 2 }).notNull(),
    title: text('title'),
    body: text('body').notNull(),
    providerTemplateId: text('provider_template_id'),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [
    uniqueIndex('message_templates_uq')
      .on(t.tenantId, t.code, t.channel, t.lang)
      .where(sql`deleted_at IS NULL`),
    check('message_templates_status_ck', sql`${t.status} IN (0, 1)`),
  ],
);
