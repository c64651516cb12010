import { ASSUMED_ACTIVE_DISABLED, LANG_VALUES, YES_NO } from './shared.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/**
 * DOMAIN §5 system management and tenancy (RuoYi conventions), §3.15 timed task runs, §3.16 export jobs.
 *
 * RuoYi-derived char(1) flags keep RuoYi's shared dictionaries instead of one per column:
 * every `status char(1)` {'0' normal, '1' disabled} (tenants, tenant_packages, guide_settings, users, roles,
 * depts, posts, menus, dict_types, dict_data) reads `sys_normal_disable`, and users.sex reads `sys_user_sex`
 * (see COLUMN_DICTS in index.ts). Labels of those two and of login_logs_status are the shell's (i18n/guide.ts).
 */

/** §3.16 export_jobs.status. */
const EXPORT_STATUS: DictValueDef[] = [
  v('0', 'Dalam antrean', 'Queued', '排队中', 'warning'),
  v('1', 'Sedang diproses', 'Running', '生成中', 'primary'),
  v('2', 'Selesai', 'Done', '已完成', 'success'),
  v('3', 'Gagal', 'Failed', '失败', 'danger'),
  v('4', 'Kedaluwarsa', 'Expired', '已过期', 'info'),
  v('5', 'Dibatalkan', 'Cancelled', '已取消', 'info'),
];

/** timed_tasks.job_group; timed_task_runs.job_group is copied from the task. */
const JOB_GROUP: DictValueDef[] = [
  v('DEFAULT', 'Bawaan', 'Default', '默认'),
  v('SYSTEM', 'Sistem', 'System', '系统'),
  v('ALARM', 'Alarm', 'Alarm', '告警'),
  v('REPORT', 'Laporan', 'Report', '报表'),
  v('BILLING', 'Penagihan', 'Billing', '计费'),
  v('RENTAL', 'Sewa', 'Rental', '租车'),
];

/** app_versions.app; app_icons.app is read with the same codes (assumption: DOMAIN gives it none). */
const APP: DictValueDef[] = [
  v('1', 'Aplikasi pengendara', 'Rider app', '骑行端'),
  v('2', 'Aplikasi teknisi', 'Technician app', '运维端'),
  v('3', 'Aplikasi merchant', 'Merchant app', '商户端'),
];

export const systemDicts: DictTypeDef[] = [
  // ── RuoYi shared dictionaries (labels identical to i18n/guide.ts) ─────────
  dict(
    'sys_normal_disable',
    ['Status', 'Status', '状态'],
    [v('0', 'Normal', 'Normal', '正常', 'success'), v('1', 'Nonaktif', 'Disabled', '停用', 'danger')],
  ),
  dict(
    'sys_user_sex',
    ['Jenis kelamin', 'Sex', '性别'],
    [v('0', 'Laki-laki', 'Male', '男'), v('1', 'Perempuan', 'Female', '女'), v('2', 'Tidak disebutkan', 'Not stated', '未知')],
  ),
  dict('sys_lang', ['Bahasa', 'Language', '语言'], LANG_VALUES),

  // ── §5.1 tenancy ──────────────────────────────────────────────────────────
  dict(
    'tenant_guide_steps_status',
    ['Status langkah panduan', 'Guide step status', '引导步骤状态'],
    [v('0', 'Belum selesai', 'Pending', '未完成', 'warning'), v('1', 'Selesai', 'Done', '已完成', 'success')],
  ),

  // ── §5.2 staff, organisation, roles ───────────────────────────────────────
  dict(
    'users_user_type',
    ['Jenis pengguna', 'User type', '用户类型'],
    [v('00', 'Pengguna konsol', 'Console user', '后台用户'), v('10', 'Teknisi lapangan', 'Field technician', '运维人员')],
  ),
  dict(
    'user_sessions_revoke_reason',
    ['Alasan sesi berakhir', 'Revoke reason', '会话失效原因'],
    [
      v('1', 'Keluar', 'Logged out', '主动退出'),
      v('2', 'Masuk di perangkat lain', 'Signed in elsewhere', '在其他地方登录'),
      v('3', 'Kedaluwarsa', 'Expired', '会话过期'),
      v('4', 'Dikeluarkan admin', 'Kicked by admin', '被管理员强退'),
    ],
  ),
  dict(
    'roles_data_scope',
    ['Cakupan data', 'Data scope', '数据权限'],
    [
      v('1', 'Semua data', 'All data', '全部数据'),
      v('2', 'Kustom', 'Custom', '自定义'),
      v('3', 'Departemen sendiri', 'Own department', '本部门'),
      v('4', 'Departemen sendiri dan di bawahnya', 'Own department and below', '本部门及以下'),
      v('5', 'Hanya diri sendiri', 'Self only', '仅本人'),
    ],
  ),
  dict(
    'depts_kind',
    ['Jenis departemen', 'Department kind', '部门类型'],
    [
      v('0', 'Akar semua kota', 'All-cities root', '全部城市根节点'),
      v('1', 'Perusahaan', 'Company', '公司'),
      v('2', 'Kota', 'City', '城市'),
      v('3', 'Tim', 'Team', '团队'),
    ],
  ),

  // ── §5.4 menus ────────────────────────────────────────────────────────────
  dict('menus_is_frame', ['Tautan eksternal', 'External link', '是否外链'], [v('0', 'Ya', 'Yes', '是'), v('1', 'Tidak', 'No', '否')]),
  dict(
    'menus_is_cache',
    ['Simpan keadaan halaman', 'Keep page state', '是否缓存'],
    [v('0', 'Simpan', 'Keep state', '缓存'), v('1', 'Tidak disimpan', 'No cache', '不缓存')],
  ),
  dict(
    'menus_menu_type',
    ['Jenis menu', 'Menu type', '菜单类型'],
    [v('M', 'Direktori', 'Directory', '目录'), v('C', 'Halaman', 'Page', '菜单'), v('F', 'Tombol', 'Button', '按钮')],
  ),
  // The 13 module icons of spec §1 (menus.icon), for the menu page's icon picker.
  dict(
    'menus_icon',
    ['Ikon menu', 'Menu icon', '菜单图标'],
    [
      v('alarm', 'Alarm', 'Alarm', '告警'),
      v('carBusiness', 'Sewa kendaraan', 'Car business', '租车业务'),
      v('configure', 'Konfigurasi', 'Configure', '配置'),
      v('customer', 'Pelanggan', 'Customer', '客户'),
      v('ebike', 'Sepeda listrik', 'E-bike', '电单车'),
      v('log', 'Log', 'Log', '日志'),
      v('mall', 'Mal', 'Mall', '商城'),
      v('marketing', 'Pemasaran', 'Marketing', '营销'),
      v('merchant', 'Merchant', 'Merchant', '商户'),
      v('messageManager', 'Pesan', 'Messages', '消息'),
      v('operations', 'Operasi', 'Operations', '运营'),
      v('payment', 'Pembayaran', 'Payment', '支付'),
      v('report', 'Laporan', 'Report', '报表'),
    ],
  ),
  dict(
    'menus_visible',
    ['Tampilan', 'Visibility', '显示状态'],
    [v('0', 'Tampil', 'Shown', '显示', 'success'), v('1', 'Tersembunyi', 'Hidden', '隐藏', 'info')],
  ),

  // ── §5.5 dictionaries, configuration, i18n ────────────────────────────────
  dict(
    'dict_data_list_class',
    ['Warna label', 'Tag colour', '回显样式'],
    [
      v('primary', 'Utama', 'Primary', '主要', 'primary'),
      v('success', 'Berhasil', 'Success', '成功', 'success'),
      v('info', 'Info', 'Info', '信息', 'info'),
      v('warning', 'Peringatan', 'Warning', '警告', 'warning'),
      v('danger', 'Bahaya', 'Danger', '危险', 'danger'),
    ],
  ),
  dict('dict_data_is_default', ['Nilai bawaan', 'Default value', '是否默认'], YES_NO),
  dict('system_configs_builtin', ['Bawaan sistem', 'Built-in', '系统内置'], YES_NO),
  dict(
    'i18n_entries_client',
    ['Klien', 'Client', '客户端'],
    [v('admin', 'Konsol', 'Console', '管理后台'), v('app', 'Aplikasi', 'App', 'App'), v('server', 'Server', 'Server', '服务端')],
  ),
  dict('i18n_entries_lang', ['Bahasa', 'Language', '语言'], LANG_VALUES),

  // ── §5.7 apps and assets ──────────────────────────────────────────────────
  dict('app_versions_app', ['Aplikasi', 'App', '应用'], APP),
  dict('app_versions_platform', ['Platform', 'Platform', '平台'], [v('1', 'Android', 'Android', 'Android'), v('2', 'iOS', 'iOS', 'iOS')]),
  dict(
    'app_versions_status',
    ['Status versi', 'Version status', '版本状态'],
    [v('0', 'Draf', 'Draft', '草稿', 'info'), v('1', 'Dirilis', 'Published', '已发布', 'success'), v('2', 'Ditarik', 'Withdrawn', '已撤回', 'info')],
  ),
  dict('app_icons_app', ['Aplikasi', 'App', '应用'], APP),
  dict('app_icons_status', ['Status ikon', 'Icon status', '图标状态'], ASSUMED_ACTIVE_DISABLED),

  // ── §5.8 jobs and journals ────────────────────────────────────────────────
  dict('timed_tasks_job_group', ['Grup tugas', 'Job group', '任务分组'], JOB_GROUP),
  dict(
    'timed_tasks_misfire_policy',
    ['Kebijakan terlewat', 'Misfire policy', '错过执行策略'],
    [
      v('0', 'Bawaan', 'Default', '默认策略'),
      v('1', 'Jalankan segera', 'Fire now', '立即执行'),
      v('2', 'Jalankan sekali', 'Fire once', '执行一次'),
      v('3', 'Abaikan', 'Do nothing', '放弃执行'),
    ],
  ),
  dict(
    'timed_tasks_concurrent',
    ['Eksekusi bersamaan', 'Concurrent', '并发执行'],
    [v('0', 'Diizinkan', 'Allowed', '允许'), v('1', 'Dilarang', 'Forbidden', '禁止')],
  ),
  dict(
    'timed_tasks_status',
    ['Status tugas', 'Task status', '任务状态'],
    [v('0', 'Normal', 'Normal', '正常', 'success'), v('1', 'Dijeda', 'Paused', '暂停', 'warning')],
  ),
  dict('timed_task_runs_job_group', ['Grup tugas', 'Job group', '任务分组'], JOB_GROUP),
  dict(
    'timed_task_runs_status',
    ['Status eksekusi', 'Run status', '执行状态'],
    [
      v('0', 'Berhasil', 'Success', '成功', 'success'),
      v('1', 'Gagal', 'Failed', '失败', 'danger'),
      v('2', 'Sedang berjalan', 'Running', '运行中', 'primary'),
      v('3', 'Dilewati', 'Skipped', '已跳过', 'info'),
    ],
  ),
  dict(
    'login_logs_status',
    ['Hasil masuk', 'Sign-in result', '登录结果'],
    [v('0', 'Berhasil', 'Success', '成功', 'success'), v('1', 'Gagal', 'Failed', '失败', 'danger')],
  ),
  dict(
    'operation_logs_business_type',
    ['Jenis operasi', 'Business type', '业务类型'],
    [
      v('0', 'Lainnya', 'Other', '其他'),
      v('1', 'Tambah', 'Insert', '新增'),
      v('2', 'Ubah', 'Update', '修改'),
      v('3', 'Hapus', 'Delete', '删除'),
      v('4', 'Beri izin', 'Grant', '授权'),
      v('5', 'Ekspor', 'Export', '导出'),
      v('6', 'Impor', 'Import', '导入'),
      v('7', 'Paksa keluar', 'Force logout', '强退'),
      v('8', 'Hasilkan', 'Generate', '生成'),
      v('9', 'Bersihkan', 'Clean', '清空'),
      v('10', 'Perubahan status', 'State transition', '状态流转'),
    ],
  ),
  dict(
    'operation_logs_operator_type',
    ['Jenis operator', 'Operator type', '操作类别'],
    [v('0', 'Lainnya', 'Other', '其他'), v('1', 'Konsol', 'Console', '后台用户'), v('2', 'Seluler', 'Mobile', '手机端用户')],
  ),
  dict(
    'operation_logs_status',
    ['Hasil operasi', 'Operation result', '操作结果'],
    [v('0', 'Berhasil', 'Success', '成功', 'success'), v('1', 'Gagal', 'Error', '失败', 'danger')],
  ),
  dict('export_jobs_format', ['Format', 'Format', '格式'], [v('1', 'Excel (xlsx)', 'Excel (xlsx)', 'Excel (xlsx)'), v('2', 'CSV', 'CSV', 'CSV')]),
  dict('export_jobs_status', ['Status ekspor', 'Export status', '导出状态'], EXPORT_STATUS),
];
