import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of message templates (/user_main/templateList). */
export const messageTemplatesCatalogue: Catalogue = {
  'resource.messageTemplate': t('Templat pesan', 'Message template', '消息模板'),
  'field.messageTemplate.code': t('Pesan', 'Message', '消息'),
  'field.messageTemplate.channel': t('Kanal', 'Channel', '渠道'),
  'field.messageTemplate.lang': t('Bahasa', 'Language', '语言'),
  'field.messageTemplate.title': t('Judul', 'Title', '标题'),
  'field.messageTemplate.title.hint': t(
    'Untuk notifikasi push, email dan pesan di aplikasi',
    'For push notifications, email and in-app messages',
    '用于推送、邮件和应用内消息',
  ),
  'field.messageTemplate.body': t('Isi', 'Text', '内容'),
  'field.messageTemplate.body.hint': t(
    'Nama dalam kurung kurawal ganda diisi saat dikirim (OTP: brand, code, minutes); hanya milik pesan ini yang boleh dipakai',
    'Names in double braces are filled when sent (OTP: brand, code, minutes); only the message’s own may be used',
    '双大括号中的名称在发送时填入（OTP：brand、code、minutes）；只能使用该消息自己的名称',
  ),
  'field.messageTemplate.providerTemplateId': t('ID templat penyedia', 'Provider template id', '服务商模板 ID'),
  'field.messageTemplate.providerTemplateId.hint': t(
    'Templat WhatsApp atau SMS yang disetujui penyedia',
    'The WhatsApp or SMS template the provider approved',
    '服务商审核通过的 WhatsApp 或短信模板',
  ),
  'field.messageTemplate.status': t('Status', 'Status', '状态'),
  'field.messageTemplate.remark': t('Catatan', 'Remark', '备注'),
  'field.messageTemplate.createdAt': t('Dibuat', 'Created', '创建时间'),
  'templateCode.OTP': t('Kode masuk (OTP)', 'Sign-in code (OTP)', '登录验证码 (OTP)'),
  'templateCode.RIDE_RECEIPT': t('Struk perjalanan', 'Ride receipt', '骑行小票'),
  'templateCode.TOPUP_OK': t('Isi ulang berhasil', 'Top-up done', '充值成功'),
  'templateCode.RENTAL_OVERDUE': t('Sewa terlambat', 'Rental overdue', '租赁逾期'),
  'messageTemplate.unknownPlaceholder': t(
    'Tanda ini bukan milik pesan ini: {names}. Yang tersedia: {allowed}',
    'Not placeholders of this message: {names}. Available: {allowed}',
    '不是该消息的占位符：{names}。可用：{allowed}',
  ),
  'messageTemplate.missingPlaceholder': t('Isi harus memuat {names}', 'The text must hold {names}', '内容必须包含 {names}'),
};
