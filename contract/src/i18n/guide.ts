import type { Catalogue } from '../lang.ts';

/** Tenant onboarding tour steps (DOMAIN §5.1) and sign-in journal messages. */
export const guideCatalogue: Catalogue = {
  'guide.step.city': { id: 'Tambahkan kota pertama Anda', en: 'Add your first city', zh: '添加第一个城市' },
  'guide.step.dept': { id: 'Tambahkan departemen', en: 'Add a department', zh: '添加部门' },
  'guide.step.role': { id: 'Tambahkan peran', en: 'Add a role', zh: '添加角色' },
  'guide.step.user': { id: 'Tambahkan pengguna', en: 'Add a user', zh: '添加用户' },
  'guide.step.billingRule': { id: 'Tambahkan aturan tarif', en: 'Add a billing rule', zh: '添加计费规则' },
  'guide.step.vehicle': { id: 'Tambahkan kendaraan', en: 'Add a vehicle', zh: '添加车辆' },
  'guide.step.serviceArea': { id: 'Gambar area layanan', en: 'Draw a service area', zh: '绘制服务区域' },
  'login.msg.success': { id: 'Berhasil masuk', en: 'Signed in', zh: '登录成功' },
  'login.msg.logout': { id: 'Berhasil keluar', en: 'Signed out', zh: '退出成功' },
  'login.msg.badCredentials': { id: 'Nama pengguna atau kata sandi salah', en: 'Wrong user name or password', zh: '用户名或密码错误' },
  'login.msg.locked': { id: 'Akun dikunci setelah 5 kali gagal', en: 'Account locked after 5 failures', zh: '连续失败 5 次，账号已锁定' },
  'login.msg.tenantInactive': { id: 'Tenant nonaktif atau masa berlangganan habis', en: 'Tenant disabled or subscription expired', zh: '租户已停用或已过期' },
  'auth.mustChangePwd': { id: 'Tetapkan kata sandi baru terlebih dahulu.', en: 'Set a new password first.', zh: '请先设置新密码。' },
  'auth.tenantInactive': { id: 'Perusahaan Anda dinonaktifkan atau masa berlangganannya habis. Hubungi Kayuh.', en: 'Your company is disabled or its subscription has expired. Contact Kayuh.', zh: '您所在的企业已停用或订阅已过期，请联系 Kayuh。' },
  'login.msg.lockedAttempt': { id: 'Percobaan saat akun terkunci', en: 'Attempt while locked', zh: '账号锁定期间尝试登录' },
};
