import type { Catalogue, Trilingual } from '../lang.ts';

/** [id, en, zh] → Trilingual; one line per key. */
const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** The payment centre Home (/payment_main, `page.paymentDashboard.*`): web/src/modules/payment/index. */
export const paymentDashboardCatalogue: Catalogue = {
  'page.paymentDashboard.label': t('Ringkasan {module}', '{module} overview', '{module}概览'),
  'page.paymentDashboard.paidToday': t('Dibayar hari ini', 'Paid today', '今日收款'),
  'page.paymentDashboard.paidTodayCaption': t('{count} pembayaran', '{count} payments', '{count} 笔支付'),
  'page.paymentDashboard.topupsToday': t('Isi ulang hari ini', 'Top-ups today', '今日充值'),
  'page.paymentDashboard.topupsTodayCaption': t('{count} isi ulang', '{count} top-ups', '{count} 笔充值'),
  'page.paymentDashboard.refundsPending': t('Pengembalian dana menunggu persetujuan', 'Refunds awaiting approval', '待审核退款'),
  'page.paymentDashboard.refundsUnderWay': t('Pengembalian dana sedang berjalan', 'Refunds under way', '退款进行中'),
  'page.paymentDashboard.refundsFailed': t('Pengembalian dana gagal', 'Failed refunds', '退款失败'),
  'page.paymentDashboard.refundsTotal': t('Total {amount}', 'Total {amount}', '合计 {amount}'),
  'page.paymentDashboard.failedCallbacks': t('Notifikasi gateway ditolak hari ini', 'Refused gateway callbacks today', '今日异常支付回调'),
  'page.paymentDashboard.noFailedCallbacks': t('Semua notifikasi hari ini diterima', "All of today's callbacks were accepted", '今日回调均已受理'),
  'page.paymentDashboard.openAlarms': t('Alarm keuangan terbuka', 'Open finance alarms', '未关闭资金告警'),
  'page.paymentDashboard.ledgerAudit': t('Audit buku besar terakhir', 'Latest ledger audit', '最近一次账务核对'),
  'page.paymentDashboard.auditOk': t('Seimbang', 'Balanced', '平衡'),
  'page.paymentDashboard.auditDrift': t('Selisih', 'Drift', '不平'),
  'page.paymentDashboard.auditCaption': t(
    '{day}: {drift} dari {books} buku selisih',
    '{day}: {drift} of {books} books drifted',
    '{day}：{books} 个账簿中 {drift} 个不平',
  ),
  'page.paymentDashboard.notAudited': t('Belum pernah diaudit', 'Not audited yet', '尚未核对'),
  'page.paymentDashboard.wholeTenant': t('Seluruh tenant', 'Whole tenant', '全租户'),
  'page.paymentDashboard.byChannel': t('Dibayar hari ini per kanal', 'Paid today by channel', '今日各渠道收款'),
  'page.paymentDashboard.channel': t('Kanal', 'Channel', '渠道'),
  'page.paymentDashboard.wallet': t('Dompet', 'Wallet', '钱包'),
  'page.paymentDashboard.byHour': t('Dibayar hari ini per jam ({zone})', 'Paid today by hour ({zone})', '今日每小时收款（{zone}）'),
  'page.paymentDashboard.hour': t('Jam', 'Hour', '小时'),
  'page.paymentDashboard.byDay': t('Dibayar {days} hari terakhir', 'Paid in the last {days} days', '近 {days} 天收款'),
  'page.paymentDashboard.day': t('Hari', 'Day', '日期'),
  'page.paymentDashboard.amount': t('Jumlah ({currency})', 'Amount ({currency})', '金额（{currency}）'),
  'page.paymentDashboard.failed': t('Ringkasan pembayaran tidak dapat dimuat.', 'The payment overview cannot be loaded.', '支付概览无法加载。'),
  'page.paymentDashboard.retry': t('Coba lagi', 'Try again', '重试'),
};
