import type { Catalogue, Trilingual } from '../lang.ts';

/** [id, en, zh] → Trilingual; one line per key. */
const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/**
 * Texts of the web console itself: the shell (`shell.*`), its built pages (`page.*`) and words many
 * screens share (`common.*`). Menu titles live in menu.ts, result-code messages (incl. 3001/4001) in codes.ts.
 */
export const shellCatalogue: Catalogue = {
  // ── words many screens share ───────────────────────────────────────────────
  'common.more': t('Lainnya', 'More', '更多'),
  'common.tips': t('Tips', 'Tips', '提示'),
  'common.ok': t('OK', 'OK', '确定'),
  'common.save': t('Simpan', 'Save', '保存'),
  'common.cancel': t('Batal', 'Cancel', '取消'),
  'common.search': t('Cari', 'Search', '搜索'),
  'common.reset': t('Atur Ulang', 'Reset', '重置'),
  'common.expand': t('Filter lainnya', 'More filters', '展开'),
  'common.collapse': t('Sembunyikan filter', 'Fewer filters', '收起'),
  'common.all': t('Semua', 'All', '全部'),
  'common.total': t('Total {total} data', '{total} records in total', '共 {total} 条'),

  // ── shell ──────────────────────────────────────────────────────────────────
  'shell.brand.home': t('Kayuh — ke menu utama', 'Kayuh — go to the main menu', 'Kayuh — 返回主菜单'),
  'shell.home': t('Menu utama', 'Main menu', '主菜单'),
  'shell.help': t('Pusat bantuan', 'Help center', '帮助中心'),
  'shell.lang.label': t('Bahasa', 'Language', '语言'),
  'shell.city.label': t('Kota', 'City', '城市'),
  'shell.city.all': t('Semua Kota', 'All City', '全部城市'),
  'shell.tenant.label': t('Tenant', 'Tenant', '租户'),
  'shell.tenant.all': t('Semua tenant', 'All tenants', '全部租户'),
  'shell.user.menu': t('Menu akun {name}', 'Account menu of {name}', '{name} 的账户菜单'),
  'shell.user.logout': t('Keluar', 'Sign out', '退出登录'),
  'shell.menu.collapse': t('Ciutkan menu samping', 'Collapse the side menu', '收起侧边菜单'),
  'shell.menu.expand': t('Bentangkan menu samping', 'Expand the side menu', '展开侧边菜单'),
  'shell.tabs.close': t('Tutup tab', 'Close tab', '关闭标签页'),
  'shell.tabs.more': t('Tab lainnya', 'More tabs', '更多标签页'),
  'shell.sideMenu.label': t('Halaman {module}', '{module} pages', '{module}页面'),
  'shell.has.tenantRestricted': t(
    'Data ini milik tenant lain, jadi tindakan ini tidak tersedia',
    'This record belongs to another tenant, so this action is not available',
    '该数据属于其他租户，无法执行此操作',
  ),
  'shell.http.timeout': t(
    'Server tidak menjawab dalam 60 detik. Periksa koneksi lalu coba lagi',
    'The server did not answer within 60 seconds. Check the connection and try again',
    '服务器 60 秒内未响应，请检查网络后重试',
  ),
  'shell.http.network': t(
    'Tidak dapat terhubung ke server. Periksa koneksi Anda',
    'Cannot reach the server. Check your connection',
    '无法连接服务器，请检查网络',
  ),
  'shell.http.badAnswer': t(
    'Jawaban server tidak dapat dibaca. Coba lagi nanti',
    'The server answer could not be read. Try again later',
    '无法解析服务器的响应，请稍后再试',
  ),
  'shell.http.status': t('Permintaan gagal, status HTTP', 'Request failed, HTTP status', '请求失败，HTTP 状态'),
  'shell.error.title': t('Halaman ini mengalami kesalahan', 'This page ran into an error', '页面出错了'),
  'shell.error.text': t('Muat ulang halaman. Jika terulang, hubungi admin.', 'Reload the page. If it happens again, contact your administrator.', '请刷新页面；如果问题重复出现，请联系管理员。'),
  'shell.error.chunkTitle': t('Versi baru tersedia atau koneksi terputus', 'A new version is out, or the connection dropped', '有新版本或网络已断开'),
  'shell.error.chunkText': t('Muat ulang halaman untuk melanjutkan.', 'Reload the page to continue.', '请刷新页面后继续。'),
  'shell.error.reload': t('Muat ulang', 'Reload', '刷新'),
  'shell.forbidden.title': t('Tidak ada akses', 'No access', '无权访问'),
  'shell.forbidden.text': t('Peran Anda tidak mencakup halaman ini. Minta akses kepada admin.', 'Your role does not include this page. Ask your administrator for access.', '您的角色不包含此页面，请联系管理员开通。'),
  'shell.notFound.text': t('Halaman yang Anda cari tidak ada.', 'The page you are looking for does not exist.', '您访问的页面不存在。'),
  'shell.notFound.home': t('Kembali ke menu utama', 'Back to the main menu', '返回主菜单'),
  'shell.notBuilt.text': t(
    'Halaman {module} ini belum tersedia di versi ini.',
    'This {module} page is not available yet in this version.',
    '此{module}页面在当前版本中尚未提供。',
  ),
  'shell.notBuilt.back': t('Ke beranda {module}', 'Go to {module} home', '返回{module}首页'),
  'shell.homePage.title': t('Selamat datang, {name}', 'Welcome, {name}', '欢迎，{name}'),
  'shell.homePage.subtitle': t('Pilih modul untuk mulai bekerja.', 'Choose a module to start working.', '选择一个模块开始工作。'),
  'shell.homePage.modules': t('Modul', 'Modules', '模块'),
  'shell.homePage.empty': t('Akun Anda belum memiliki modul. Minta akses kepada admin.', 'Your account has no modules yet. Ask your administrator for access.', '您的账号还没有可用模块，请联系管理员开通。'),
  'shell.moduleIndex.pages': t('Halaman {module}', '{module} pages', '{module}页面'),
  'shell.moduleIndex.empty': t('Tidak ada halaman yang dapat Anda buka di modul ini.', 'There are no pages you can open in this module.', '此模块中没有您可以打开的页面。'),

  // ── login ──────────────────────────────────────────────────────────────────
  'shell.login.title': t('Masuk ke Kayuh', 'Sign in to Kayuh', '登录 Kayuh'),
  'shell.login.subtitle': t('Gunakan akun staf Anda.', 'Use your staff account.', '请使用员工账号登录。'),
  'shell.login.username': t('Nama pengguna', 'User name', '用户名'),
  'shell.login.password': t('Kata sandi', 'Password', '密码'),
  'shell.login.usernameRequired': t('Masukkan nama pengguna', 'Enter your user name', '请输入用户名'),
  'shell.login.passwordRequired': t('Masukkan kata sandi', 'Enter your password', '请输入密码'),
  'shell.login.submit': t('Masuk', 'Sign in', '登录'),
  'shell.login.failed': t('Gagal masuk. Coba lagi.', 'Sign-in failed. Please try again.', '登录失败，请重试。'),
  'shell.login.headline': t('Konsol operasional sepeda listrik', 'The operations console for e-bikes', '电动自行车运营后台'),
  'shell.login.tagline': t(
    'Kelola armada berbagi, sewa jangka panjang, dan tukar baterai dalam satu tempat.',
    'Run shared fleets, long-term rentals and battery swaps in one place.',
    '在一个地方管理共享车队、长租业务和换电服务。',
  ),
  'shell.login.point.fleet': t('Armada dan baterai dipantau langsung', 'Fleet and batteries monitored live', '车辆与电池实时监控'),
  'shell.login.point.cities': t('Bekerja per tenant dan per kota', 'Work per tenant and per city', '按租户和城市分级管理'),
  'shell.login.point.secure': t('Akses sesuai peran setiap staf', 'Access follows each staff role', '按员工角色授权访问'),
  'shell.login.brandFoot': t('Dibuat untuk operator di Indonesia', 'Built for operators in Indonesia', '为印尼运营商打造'),
  'shell.login.footer': t('© {year} Kayuh', '© {year} Kayuh', '© {year} Kayuh'),

  // ── configure/personal_info ────────────────────────────────────────────────
  'page.profile.description': t('Data akun Anda. Perubahan berlaku untuk akun ini saja.', 'Your account details. Changes apply to this account only.', '您的账户信息，修改只影响本账户。'),
  'page.profile.edit': t('Ubah profil', 'Edit profile', '编辑资料'),
  'page.profile.saved': t('Profil disimpan', 'Profile saved', '资料已保存'),
  'page.profile.userName': t('Nama pengguna', 'User name', '用户名'),
  'page.profile.nickName': t('Nama tampilan', 'Display name', '昵称'),
  'page.profile.email': t('Email', 'Email', '邮箱'),
  'page.profile.phone': t('Nomor telepon', 'Phone number', '手机号码'),
  'page.profile.phoneHint': t('Contoh: +62 812 3456 7890', 'For example: +62 812 3456 7890', '例如：+62 812 3456 7890'),
  'page.profile.sex': t('Jenis kelamin', 'Sex', '性别'),
  'page.profile.lang': t('Bahasa pilihan', 'Preferred language', '首选语言'),
  'page.profile.tenant': t('Tenant', 'Tenant', '租户'),
  'page.profile.dept': t('Departemen', 'Department', '部门'),
  'page.profile.posts': t('Jabatan', 'Job', '岗位'),
  'page.profile.loginIp': t('IP masuk terakhir', 'Last sign-in IP', '最后登录 IP'),
  'page.profile.loginAt': t('Waktu masuk terakhir', 'Last signed in', '最后登录时间'),
  'page.profile.pwdUpdatedAt': t('Kata sandi diubah', 'Password changed', '密码修改时间'),
  'page.profile.createdAt': t('Akun dibuat', 'Account created', '创建时间'),

  // ── configure/changePwd ────────────────────────────────────────────────────
  'page.changePwd.description': t('Ganti kata sandi akun Anda.', 'Change the password of your account.', '修改您的账户密码。'),
  'page.changePwd.notice': t(
    'Setelah kata sandi diganti, semua sesi Anda berakhir dan Anda perlu masuk lagi.',
    'After the change, all your sessions end and you will need to sign in again.',
    '修改密码后，您的所有会话都将结束，需要重新登录。',
  ),
  'page.changePwd.old': t('Kata sandi lama', 'Old password', '旧密码'),
  'page.changePwd.new': t('Kata sandi baru', 'New password', '新密码'),
  'page.changePwd.confirm': t('Ulangi kata sandi baru', 'Confirm the new password', '确认新密码'),
  'page.changePwd.mismatch': t('Kedua kata sandi baru tidak sama', 'The two new passwords do not match', '两次输入的新密码不一致'),
  'page.changePwd.submit': t('Ganti kata sandi', 'Change password', '修改密码'),
  'page.changePwd.done': t('Kata sandi diganti. Silakan masuk lagi.', 'Password changed. Please sign in again.', '密码已修改，请重新登录。'),

  // ── configure/login_journal ────────────────────────────────────────────────
  'page.loginJournal.description': t('Riwayat masuk staf ke konsol, berhasil maupun gagal.', 'Staff sign-ins to the console, successful and failed.', '员工登录后台的记录，包括成功和失败。'),
  'page.loginJournal.userName': t('Nama pengguna', 'User name', '用户名'),
  'page.loginJournal.ipaddr': t('Alamat IP', 'IP address', 'IP 地址'),
  'page.loginJournal.location': t('Lokasi', 'Location', '登录地点'),
  'page.loginJournal.browser': t('Peramban', 'Browser', '浏览器'),
  'page.loginJournal.os': t('Sistem operasi', 'Operating system', '操作系统'),
  'page.loginJournal.status': t('Status', 'Status', '状态'),
  'page.loginJournal.msg': t('Keterangan', 'Message', '提示信息'),
  'page.loginJournal.loginTime': t('Waktu masuk', 'Sign-in time', '登录时间'),
};
