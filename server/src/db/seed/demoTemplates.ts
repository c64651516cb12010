import type { Db } from '../client.ts';
import { messageTemplates } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';

/** message_templates.channel (DOMAIN §2.9). */
const CHANNEL = { inApp: 1, sms: 3, whatsapp: 4 } as const;

/**
 * KitaBike's own wording (templateList): its sign-in code on WhatsApp through its approved template, and the texts
 * the message centre will send. GowesBali has none, so its riders get the console's built-in sign-in text. SMS in
 * Indonesian is left to the built-in text too, so the demo's codes read as the app documentation shows them.
 */
export async function seedDemoTemplates(db: Db, t: DemoTenant) {
  if (t.id !== 2) return;
  const row = (code: string, channel: number, lang: string, body: string, more: { title?: string; providerTemplateId?: string } = {}) => ({
    tenantId: t.id,
    code,
    channel,
    lang,
    body,
    ...more,
  });
  await db.insert(messageTemplates).values([
    row('OTP', CHANNEL.whatsapp, 'ID', '*{{code}}* adalah kode masuk {{brand}} Anda. Berlaku {{minutes}} menit. Jangan berikan kepada siapa pun.', {
      providerTemplateId: 'kitabike_otp_id_v1',
    }),
    row('OTP', CHANNEL.whatsapp, 'EN', '*{{code}}* is your {{brand}} sign-in code. Valid for {{minutes}} minutes. Never share it.', {
      providerTemplateId: 'kitabike_otp_en_v1',
    }),
    row('TOPUP_OK', CHANNEL.sms, 'ID', 'Isi ulang {{brand}} sebesar {{amount}} berhasil. Saldo Anda kini {{balance}}.'),
    row('RIDE_RECEIPT', CHANNEL.inApp, 'ID', 'Perjalanan {{orderNo}} selesai: {{minutes}} menit, {{amount}}. Terima kasih telah bersepeda!', {
      title: 'Struk perjalanan',
    }),
    row('RENTAL_OVERDUE', CHANNEL.whatsapp, 'ID', 'Sewa {{orderNo}} terlambat {{days}} hari. Kembalikan unit ke {{brand}} untuk menghindari denda.', {
      providerTemplateId: 'kitabike_rental_overdue_v1',
    }),
  ]);
}
