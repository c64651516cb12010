import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

const fields = (key: string): Catalogue => ({
  [`field.${key}.createdAt`]: t('Waktu', 'Time', '时间'),
  [`field.${key}.phone`]: t('Telepon', 'Phone', '手机号'),
  [`field.${key}.memberId`]: t('Anggota', 'Member', '会员'),
  [`field.${key}.event`]: t('Peristiwa', 'Event', '事件'),
  [`field.${key}.ip`]: t('Alamat IP', 'IP address', 'IP 地址'),
  [`field.${key}.detail`]: t('Rincian', 'Detail', '详情'),
});

/** Words of the riders' sign-in trail (/user_main/login_log, /log_main/userAuthLog). */
export const memberAuthLogsCatalogue: Catalogue = {
  'resource.memberLoginLog': t('Riwayat masuk anggota', 'Member sign-ins', '会员登录记录'),
  'resource.memberAuthLog': t('Jejak autentikasi anggota', 'Member sign-in trail', '会员认证日志'),
  'related.member.logins': t('Riwayat masuk', 'Sign-ins', '登录记录'),
  ...fields('memberLoginLog'),
  ...fields('memberAuthLog'),
  'authEvent.otp.sent': t('Kode dikirim', 'Code sent', '验证码已发送'),
  'authEvent.otp.sendFailed': t('Kode gagal dikirim', 'Code not sent', '验证码发送失败'),
  'authEvent.otp.throttled': t('Permintaan kode ditahan', 'Code request held back', '验证码请求过于频繁'),
  'authEvent.otp.wrong': t('Kode salah', 'Wrong code', '验证码错误'),
  'authEvent.otp.expired': t('Kode kedaluwarsa', 'Code expired', '验证码已过期'),
  'authEvent.otp.inFlight': t('Percobaan bersamaan', 'Tries at once', '并发尝试'),
  'authEvent.otp.whileLocked': t('Dicoba saat terkunci', 'Tried while locked', '锁定期间尝试'),
  'authEvent.phone.locked': t('Nomor dikunci', 'Phone locked', '手机号已锁定'),
  'authEvent.member.created': t('Mendaftar', 'Signed up', '注册'),
  'authEvent.signin': t('Masuk', 'Signed in', '登录'),
  'authEvent.signin.refused': t('Masuk ditolak', 'Sign-in refused', '登录被拒'),
  'authEvent.logout': t('Keluar', 'Signed out', '退出'),
};
