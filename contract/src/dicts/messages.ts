import { ASSUMED_ACTIVE_DISABLED } from './shared.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §2.9 messages, §3.17 message sends, and message_templates (§2.3). */

/** messages.channel; message_deliveries.channel and message_templates.channel use the same codes. */
const MESSAGE_CHANNEL: DictValueDef[] = [
  v('1', 'Dalam aplikasi', 'In-app', '站内信'),
  v('2', 'Notifikasi push', 'Push', '推送'),
  v('3', 'SMS', 'SMS', '短信'),
  v('4', 'WhatsApp', 'WhatsApp', 'WhatsApp'),
  v('5', 'Email', 'Email', '邮件'),
];

export const messagesDicts: DictTypeDef[] = [
  dict('message_templates_channel', ['Kanal', 'Channel', '渠道'], MESSAGE_CHANNEL),
  dict('message_templates_status', ['Status templat', 'Template status', '模板状态'], ASSUMED_ACTIVE_DISABLED),

  dict('messages_channel', ['Kanal', 'Channel', '渠道'], MESSAGE_CHANNEL),
  dict(
    'messages_audience',
    ['Penerima', 'Audience', '发送对象'],
    [
      v('1', 'Semua anggota', 'All members', '全部会员'),
      v('2', 'Per kota', 'City', '按城市'),
      v('3', 'Per label', 'Tag', '按标签'),
      v('4', 'Per level', 'Level', '按等级'),
      v('5', 'Daftar anggota', 'Member list', '指定会员'),
      v('6', 'Staf', 'Staff', '员工'),
    ],
  ),
  dict(
    'messages_status',
    ['Status pesan', 'Message status', '消息状态'],
    [
      v('0', 'Draf', 'Draft', '草稿', 'info'),
      v('1', 'Terjadwal', 'Scheduled', '待发送', 'warning'),
      v('2', 'Sedang dikirim', 'Sending', '发送中', 'primary'),
      v('3', 'Terkirim', 'Sent', '已发送', 'success'),
      v('4', 'Dibatalkan', 'Cancelled', '已取消', 'info'),
    ],
  ),

  dict('message_deliveries_channel', ['Kanal', 'Channel', '渠道'], MESSAGE_CHANNEL),
  dict(
    'message_deliveries_recipient_type',
    ['Jenis penerima', 'Recipient type', '接收方类型'],
    [v('1', 'Anggota', 'Member', '会员'), v('2', 'Staf', 'Staff', '员工'), v('3', 'Staf merchant', 'Merchant staff', '商户员工')],
  ),
  dict(
    'message_deliveries_status',
    ['Status pengiriman', 'Delivery status', '发送状态'],
    [
      v('0', 'Dalam antrean', 'Queued', '排队中', 'warning'),
      v('1', 'Terkirim', 'Sent', '已发送', 'primary'),
      v('2', 'Tersampaikan', 'Delivered', '已送达', 'success'),
      v('3', 'Gagal', 'Failed', '失败', 'danger'),
      v('4', 'Dibaca', 'Read', '已读', 'success'),
    ],
  ),

  dict(
    'staff_notifications_biz_cmd',
    ['Jenis notifikasi', 'Notification kind', '通知类型'],
    [v('message', 'Pesan', 'Message', '消息'), v('titleMessage', 'Pesan berjudul', 'Titled message', '带标题消息')],
  ),
];
