import type { Catalogue, Trilingual } from '../lang.ts';

/** [id, en, zh] → Trilingual; one line per key. */
const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/**
 * The engine's slots beyond list and form: form groups (sections and tabs, `form.<resource>.<group>`), related lists
 * in the detail drawer (`related.<resource>.<name>`), a row's event timeline and bulk events on a selection.
 */
export const engineSlotsCatalogue: Catalogue = {
  // ── form groups of the declarations ───────────────────────────────────────
  'form.user.account': t('Akun', 'Account', '账号'),
  'form.user.contact': t('Kontak', 'Contact', '联系方式'),
  'form.user.access': t('Akses', 'Access', '权限'),
  'form.city.names': t('Nama dan negara', 'Names and country', '名称与国家'),
  'form.city.map': t('Peta dan zona waktu', 'Map and time zone', '地图与时区'),
  'form.city.operations': t('Operasional', 'Operations', '运营'),
  'engine.form.groupErrors': t('{count} isian perlu diperbaiki', '{count} fields to fix', '{count} 项需修正'),

  // ── related lists of the declarations ─────────────────────────────────────
  'related.dept.staff': t('Staf di departemen ini', 'Staff in this department', '本部门员工'),
  'related.country.cities': t('Kota di negara ini', 'Cities in this country', '该国家的城市'),
  'related.tenantPackage.tenants': t('Tenant dengan paket ini', 'Tenants on this package', '使用该套餐的租户'),

  // ── the detail drawer ─────────────────────────────────────────────────────
  'engine.detail.fields': t('Rincian', 'Details', '详情'),
  'engine.detail.history': t('Riwayat', 'History', '变更记录'),
  'engine.events.none': t('Belum ada peristiwa', 'No events yet', '暂无记录'),
  'engine.events.system': t('Sistem', 'System', '系统'),
  'engine.events.by': t('oleh {name}', 'by {name}', '操作人：{name}'),
  'engine.events.newest': t('{shown} peristiwa terbaru dari {total}', 'The newest {shown} of {total} events', '最近 {shown} 条，共 {total} 条'),

  // ── bulk events on a selection ────────────────────────────────────────────
  'engine.bulk.button': t('{action} terpilih ({count})', '{action} selected ({count})', '批量{action}（{count}）'),
  'engine.bulk.confirm': t(
    'Jalankan "{action}" untuk {count} data terpilih?',
    'Run "{action}" on {count} selected records?',
    '确定对选中的 {count} 条数据执行“{action}”吗？',
  ),
  'engine.bulk.resultTitle': t('{action}: hasil', '{action}: result', '{action}结果'),
  'engine.bulk.summary': t('{done} berhasil, {refused} ditolak', '{done} done, {refused} refused', '成功 {done} 条，未执行 {refused} 条'),
  'engine.bulk.refusedRows': t('Yang ditolak dan alasannya', 'Refused, and why', '未执行的数据及原因'),
  'engine.cursor.pages': t('Halaman daftar', 'List pages', '列表分页'),
  'engine.cursor.first': t('Halaman pertama', 'First page', '首页'),
  'engine.cursor.previous': t('Sebelumnya', 'Previous', '上一页'),
  'engine.cursor.next': t('Berikutnya', 'Next', '下一页'),
  'engine.cursor.pageSize': t('Baris per halaman', 'Rows per page', '每页行数'),
  'engine.cursor.perPage': t('{size} / halaman', '{size} / page', '{size} 条/页'),
  'engine.cursor.totalAtLeast': t('Lebih dari {total} data', 'More than {total} records', '超过 {total} 条'),
};
