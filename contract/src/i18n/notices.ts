import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/**
 * Words of staff notices: the live link's state in the header, the pushed notice, the bell with the stored
 * notifications, the page that sends a notice, its validation, and the Download Center's own notices.
 */
export const noticesCatalogue: Catalogue = {
  // ── the live link (spec §4) ───────────────────────────────────────────────
  'shell.live.connecting': t('Tautan langsung: menghubungkan…', 'Live link: connecting…', '实时连接：连接中…'),
  'shell.live.connected': t('Tautan langsung: terhubung', 'Live link: connected', '实时连接：已连接'),
  'shell.live.reconnecting': t('Tautan langsung: terputus, menyambung ulang…', 'Live link: lost, reconnecting…', '实时连接：已断开，正在重连…'),
  // ── the pushed notice (spec §8) ───────────────────────────────────────────
  'shell.notice.title': t('Pemberitahuan', 'Notice', '通知'),
  'shell.notice.open': t('Buka', 'Open', '查看'),
  'shell.notice.from': t('Dari {name}', 'From {name}', '来自 {name}'),
  'shell.notice.fromSystem': t('Dari sistem Kayuh', 'From the Kayuh system', '来自 Kayuh 系统'),
  // ── the bell ──────────────────────────────────────────────────────────────
  'shell.bell.label': t('Pemberitahuan, {count} belum dibaca', 'Notifications, {count} unread', '通知，{count} 条未读'),
  'shell.bell.title': t('Pemberitahuan', 'Notifications', '通知'),
  'shell.bell.empty': t('Belum ada pemberitahuan', 'No notifications yet', '暂无通知'),
  'shell.bell.markRead': t('Tandai dibaca', 'Mark as read', '标为已读'),
  'shell.bell.markAllRead': t('Tandai semua dibaca', 'Mark all as read', '全部标为已读'),
  'shell.bell.more': t('{count} pemberitahuan lain yang lebih lama', '{count} older notifications', '还有 {count} 条更早的通知'),
  // ── the send page (message:staffNotice) ───────────────────────────────────
  'page.staffNotice.description': t(
    'Kirim pemberitahuan ke staf yang sedang masuk; yang sedang offline melihatnya di lonceng saat kembali.',
    'Send a notice to signed-in staff; those offline find it under the bell when they return.',
    '向在线员工推送通知；离线员工回来后可在铃铛中查看。',
  ),
  'page.staffNotice.audienceType': t('Penerima', 'Recipients', '接收对象'),
  'page.staffNotice.audience.users': t('Pengguna tertentu', 'Chosen users', '指定用户'),
  'page.staffNotice.audience.role': t('Pemegang peran', 'Holders of a role', '角色成员'),
  'page.staffNotice.audience.city': t('Staf sebuah kota', "A city's staff", '城市员工'),
  'page.staffNotice.audience.tenant': t('Seluruh staf tenant', 'All staff of the tenant', '租户全体员工'),
  'page.staffNotice.userIds': t('Pengguna', 'Users', '用户'),
  'page.staffNotice.roleId': t('Peran', 'Role', '角色'),
  'page.staffNotice.cityCode': t('Kota', 'City', '城市'),
  'page.staffNotice.cityHint': t(
    'Staf yang perannya mencakup kota ini, termasuk yang melihat semua kota.',
    'Staff whose roles cover this city, including those who see every city.',
    '角色数据范围包含该城市的员工，包括可查看全部城市的员工。',
  ),
  'page.staffNotice.bizCmd': t('Jenis', 'Kind', '类型'),
  'page.staffNotice.bizCmd.message': t('Teks saja', 'Text only', '仅文本'),
  'page.staffNotice.bizCmd.titleMessage': t('Dengan judul dan tautan', 'With a title and a link', '带标题和链接'),
  'page.staffNotice.title': t('Judul', 'Title', '标题'),
  'page.staffNotice.message': t('Isi', 'Text', '内容'),
  'page.staffNotice.url': t('Tautan', 'Link', '链接'),
  'page.staffNotice.urlHint': t(
    'Halaman konsol seperti /configure/downloadList, atau alamat https://.',
    'A console page such as /configure/downloadList, or an https:// address.',
    '控制台页面（如 /configure/downloadList）或 https:// 地址。',
  ),
  'page.staffNotice.send': t('Kirim', 'Send', '发送'),
  'page.staffNotice.sent': t('Terkirim ke {count} pengguna.', 'Sent to {count} users.', '已发送给 {count} 位用户。'),
  'page.staffNotice.sentNobody': t(
    'Tidak ada pengguna aktif di penerima ini; tidak ada yang dikirim.',
    'No active user in these recipients; nothing was sent.',
    '该接收对象中没有启用的用户，未发送。',
  ),
  'page.staffNotice.preview': t('Pratinjau', 'Preview', '预览'),
  // ── validation ────────────────────────────────────────────────────────────
  'validation.noticeUrl': t(
    'Harus halaman konsol ini, misalnya /configure/downloadList',
    'Must be a page of this console, e.g. /configure/downloadList',
    '须为本控制台的页面，例如 /configure/downloadList',
  ),
  'validation.usersNotInTenant': t(
    'Ada pengguna yang bukan staf aktif tenant ini',
    'Some users are not active staff of this tenant',
    '部分用户不是本租户的启用员工',
  ),
  'validation.roleNotInTenant': t('Peran ini tidak ada di tenant ini', 'This role does not exist in this tenant', '本租户没有该角色'),
  'validation.cityNotVisible': t('Kota ini tidak ada dalam cakupan Anda', 'This city is not in your scope', '该城市不在您的数据范围内'),
  // ── the Download Center's notices (pushed by the server) ─────────────────
  'engine.exportFailedText': t(
    '{title}: ekspor (tugas {jobNo}) gagal. Detailnya ada di Pusat Unduhan.',
    '{title}: the export (job {jobNo}) failed. The Download Center has the details.',
    '{title}：导出（{jobNo}）失败，详情见下载中心。',
  ),
};
