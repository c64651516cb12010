import type { Catalogue, Trilingual } from '../lang.ts';

/** [id, en, zh] → Trilingual; one line per key. */
const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/**
 * The chart block (`engine.chart.*`, web/src/shared/chart) and the module dashboards built on it
 * (`page.<module>Dashboard.*`).
 */
export const dashboardsCatalogue: Catalogue = {
  // ── the chart block: every dashboard and report ───────────────────────────
  'engine.chart.kind.line': t('Grafik garis', 'Line chart', '折线图'),
  'engine.chart.kind.bar': t('Grafik batang', 'Bar chart', '柱状图'),
  'engine.chart.kind.pie': t('Grafik lingkaran', 'Pie chart', '饼图'),
  'engine.chart.summary': t(
    '{kind} “{title}”: {count} data, dari {first} sampai {last}. {series}',
    '{kind} “{title}”: {count} entries, from {first} to {last}. {series}',
    '{kind}“{title}”：共 {count} 项，从 {first} 到 {last}。{series}',
  ),
  'engine.chart.seriesSummary': t(
    '{label}: total {total}, tertinggi {max} ({at})',
    '{label}: total {total}, highest {max} ({at})',
    '{label}：合计 {total}，最高 {max}（{at}）',
  ),
  'engine.chart.view': t('Tampilkan {title} sebagai', 'Show {title} as', '{title}的显示方式'),
  'engine.chart.asChart': t('Grafik', 'Chart', '图表'),
  'engine.chart.asTable': t('Tabel', 'Table', '表格'),
  'engine.chart.empty': t('Belum ada data untuk ditampilkan', 'No data to show yet', '暂无数据'),
  'engine.chart.loadFailed': t(
    'Grafik tidak dapat dimuat; datanya ditampilkan sebagai tabel.',
    'The chart cannot be loaded; its data is shown as a table.',
    '图表无法加载，数据以表格显示。',
  ),

  // ── System management Home (/configure) ──────────────────────────────────
  'page.configureDashboard.label': t('Ringkasan {module}', '{module} overview', '{module}概览'),
  'page.configureDashboard.signInsToday': t('Masuk hari ini', 'Sign-ins today', '今日登录'),
  'page.configureDashboard.failedSignInsToday': t('Gagal masuk hari ini', 'Failed sign-ins today', '今日登录失败'),
  'page.configureDashboard.changesToday': t('Perubahan hari ini', 'Changes today', '今日变更'),
  'page.configureDashboard.cities': t('Kota', 'Cities', '城市'),
  'page.configureDashboard.activeCities': t('{count} aktif', '{count} active', '{count} 个启用'),
  'page.configureDashboard.signInsPerDay': t('Masuk per hari, {days} hari terakhir', 'Sign-ins per day, last {days} days', '最近 {days} 天每日登录'),
  'page.configureDashboard.changesPerDay': t(
    'Perubahan per hari, {days} hari terakhir',
    'Changes per day, last {days} days',
    '最近 {days} 天每日变更',
  ),
  'page.configureDashboard.topPages': t(
    'Halaman tersibuk, {days} hari terakhir',
    'Most-worked pages, last {days} days',
    '最近 {days} 天变更最多的页面',
  ),
  'page.configureDashboard.day': t('Hari', 'Day', '日期'),
  'page.configureDashboard.page': t('Halaman', 'Page', '页面'),
  'page.configureDashboard.signIns': t('Berhasil masuk', 'Sign-ins', '登录成功'),
  'page.configureDashboard.failedSignIns': t('Gagal masuk', 'Failed sign-ins', '登录失败'),
  'page.configureDashboard.changes': t('Perubahan', 'Changes', '变更'),
  'page.configureDashboard.failed': t('Ringkasan tidak dapat dimuat.', 'The overview cannot be loaded.', '概览无法加载。'),
  'page.configureDashboard.retry': t('Coba lagi', 'Try again', '重试'),
};
