import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** The customer centre Home (/user_main, `page.memberDashboard.*`): web/src/modules/user/index. */
export const memberDashboardCatalogue: Catalogue = {
  'page.memberDashboard.members': t('Anggota', 'Members', '会员'),
  'page.memberDashboard.newToday': t('{count} baru hari ini', '{count} new today', '今日新增 {count}'),
  'page.memberDashboard.activeToday': t('Aktif hari ini', 'Active today', '今日活跃'),
  'page.memberDashboard.activeTodayCaption': t('Memakai aplikasi hari ini', 'Used the app today', '今日使用过应用'),
  'page.memberDashboard.pendingKyc': t('Menunggu verifikasi', 'Identity checks waiting', '待审核实名'),
  'page.memberDashboard.oldestPending': t('Terlama sejak {at}', 'Oldest since {at}', '最早提交于 {at}'),
  'page.memberDashboard.queueEmpty': t('Antrean kosong', 'The queue is empty', '队列为空'),
  'page.memberDashboard.openFeedback': t('Masukan terbuka', 'Open feedback', '待处理反馈'),
  'page.memberDashboard.newFeedback': t('{count} belum ditangani', '{count} not yet taken on', '{count} 条未接手'),
  'page.memberDashboard.byDay': t('Pendaftaran {days} hari terakhir', 'Sign-ups, last {days} days', '近 {days} 天注册'),
  'page.memberDashboard.day': t('Hari', 'Day', '日期'),
  'page.memberDashboard.signUps': t('Pendaftaran', 'Sign-ups', '注册'),
  'page.memberDashboard.byKyc': t('Anggota per status KYC', 'Members by KYC status', '会员实名状态'),
  'page.memberDashboard.kycStatus': t('Status KYC', 'KYC status', '实名状态'),
  'page.memberDashboard.membersSeries': t('Anggota', 'Members', '会员'),
  'page.memberDashboard.feedbackByType': t('Masukan terbuka per jenis', 'Open feedback by type', '待处理反馈类型'),
  'page.memberDashboard.feedbackType': t('Jenis', 'Type', '类型'),
  'page.memberDashboard.reports': t('Masukan', 'Reports', '反馈'),
  'page.memberDashboard.byStatus': t('Anggota per status', 'Members by status', '会员状态'),
  'page.memberDashboard.status': t('Status', 'Status', '状态'),
  'page.memberDashboard.failed': t('Ringkasan pelanggan tidak dapat dimuat.', 'The customer overview cannot be loaded.', '客户概览无法加载。'),
};
