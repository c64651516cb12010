import type { ResourceDef } from './types.ts';

/**
 * The texts a template may be written for, each with the placeholders it fills (DOMAIN §2.3 message_templates). OTP
 * is sent by the rider app's sign-in; the others wait for the message centre that sends them (docs/message-templates.md).
 */
export const TEMPLATE_PLACEHOLDERS = {
  OTP: ['brand', 'code', 'minutes'],
  RIDE_RECEIPT: ['brand', 'orderNo', 'amount', 'minutes'],
  TOPUP_OK: ['brand', 'amount', 'balance'],
  RENTAL_OVERDUE: ['brand', 'orderNo', 'days'],
} as const satisfies Record<string, readonly string[]>;
export type TemplateCode = keyof typeof TEMPLATE_PLACEHOLDERS;
/** The placeholders a template of the code cannot do without. */
export const TEMPLATE_REQUIRED: Partial<Record<TemplateCode, readonly string[]>> = { OTP: ['code'] };
/** message_templates.status. */
export const TemplateStatus = { active: 0, disabled: 1 } as const;
/** What a template's body may hold: an SMS of several parts, a WhatsApp message. */
export const TEMPLATE_BODY_MAX = 1_000;

/** The `{{name}}` placeholders of a text, each once, in order. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g)].map((m) => m[1]!))];
}

/** A text with its placeholders filled; one without a value is left as written. */
export function fillTemplate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Message templates (/user_main/templateList, DOMAIN §2.3): the operator's own wording of what riders receive, per
 * code, channel and language, with `{{placeholder}}`s the code fills; a WhatsApp one names the provider's approved
 * template. An active OTP template replaces the console's built-in sign-in text for its channel and language.
 */
export const messageTemplateResource: ResourceDef = {
  key: 'messageTemplate',
  module: 'user',
  page: 'templateList',
  api: '/user/messageTemplate',
  idName: 'templateId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  // What names a template is what it says.
  titleField: 'body',
  fields: [
    {
      name: 'code',
      type: 'text',
      required: true,
      options: Object.keys(TEMPLATE_PLACEHOLDERS).map((value) => ({ value, label: `templateCode.${value}` })),
      list: true,
      filter: 'eq',
      example: 'OTP',
    },
    {
      name: 'channel',
      type: 'dict',
      dict: 'message_templates_channel',
      required: true,
      uniqueWith: ['code', 'lang'],
      list: true,
      filter: 'eq',
      example: '1',
    },
    { name: 'lang', type: 'dict', dict: 'sys_lang', required: true, defaultValue: 'ID', list: true, filter: 'eq', example: 'ID' },
    { name: 'title', type: 'text', max: 100, list: 'hidden', hint: 'field.messageTemplate.title.hint' },
    {
      name: 'body',
      type: 'textarea',
      required: true,
      max: TEMPLATE_BODY_MAX,
      list: true,
      span: 24,
      hint: 'field.messageTemplate.body.hint',
      example: 'Kode masuk {{brand}}: {{code}}. Berlaku {{minutes}} menit.',
    },
    { name: 'providerTemplateId', type: 'text', max: 100, list: 'hidden', hint: 'field.messageTemplate.providerTemplateId.hint' },
    { name: 'status', type: 'dict', dict: 'message_templates_status', required: true, defaultValue: '0', list: true, filter: 'eq', example: '0' },
    { name: 'remark', type: 'textarea', max: 300, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, form: false, list: 'hidden', sortable: true },
  ],
};
