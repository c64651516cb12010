// Message templates (DOMAIN §2.3 message_templates; docs/message-templates.md): each tenant's WhatsApp sign-in code
// in Indonesian and English and the texts of its other three messages, as the demo's KitaBike has them.
import { messageTemplateResource } from '@kayuh/contract/resources/messageTemplates';
import { messageTemplates } from '../../../server/src/db/schema.ts';
import { stamped } from '../context.ts';
import { defineTable } from '../spec.ts';

const TEMPLATES = [
  {
    code: 'OTP',
    channel: 4,
    lang: 'ID',
    body: '*{{code}}* adalah kode masuk {{brand}} Anda. Berlaku {{minutes}} menit.',
    providerTemplateId: 'otp_id_v1',
  },
  {
    code: 'OTP',
    channel: 4,
    lang: 'EN',
    body: '*{{code}}* is your {{brand}} sign-in code. Valid for {{minutes}} minutes.',
    providerTemplateId: 'otp_en_v1',
  },
  { code: 'TOPUP_OK', channel: 3, lang: 'ID', body: 'Isi ulang {{brand}} sebesar {{amount}} berhasil. Saldo Anda kini {{balance}}.' },
  { code: 'RIDE_RECEIPT', channel: 1, lang: 'ID', body: 'Perjalanan {{orderNo}} selesai: {{minutes}} menit, {{amount}}.', title: 'Struk perjalanan' },
  { code: 'RENTAL_OVERDUE', channel: 4, lang: 'ID', body: 'Sewa {{orderNo}} terlambat {{days}} hari.', providerTemplateId: 'rental_overdue_v1' },
];

export const messageTemplateTables = [
  defineTable({
    table: messageTemplates,
    *rows(_rng, ctx) {
      let id = 0;
      for (const t of ctx.tenants)
        for (const template of TEMPLATES)
          yield { id: ++id, tenantId: t.id, ...template, ...stamped(new Date(ctx.asOf.getTime() - 300 * 86_400_000)) };
    },
    resource: messageTemplateResource,
  }),
];
