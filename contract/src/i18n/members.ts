import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of the customer centre's members (/user_main/user_admin). */
export const membersCatalogue: Catalogue = {
  'resource.member': t('Anggota', 'Member', '会员'),
  'field.member.memberNo': t('No. anggota', 'Member no.', '会员编号'),
  'field.member.phone': t('Telepon', 'Phone', '手机号'),
  'field.member.nickName': t('Nama panggilan', 'Nickname', '昵称'),
  'field.member.status': t('Status', 'Status', '状态'),
  'field.member.kycStatus': t('KYC', 'KYC', '实名认证'),
  'field.member.cityCode': t('Kota pendaftaran', 'Registered in', '注册城市'),
  'field.member.walletBalance': t('Saldo dompet', 'Wallet', '钱包余额'),
  'field.member.bonusBalance': t('Saldo bonus', 'Bonus', '赠送余额'),
  'field.member.currency': t('Mata uang', 'Currency', '币种'),
  'field.member.realName': t('Nama sesuai KTP', 'Legal name', '真实姓名'),
  'field.member.registerSource': t('Sumber pendaftaran', 'Registration source', '注册来源'),
  'field.member.lang': t('Bahasa', 'Language', '语言'),
  'field.member.email': t('Email', 'Email', '邮箱'),
  'field.member.points': t('Poin', 'Points', '积分'),
  'field.member.firstRideAt': t('Perjalanan pertama', 'First ride', '首次骑行'),
  'field.member.lastActiveAt': t('Terakhir aktif', 'Last active', '最近活跃'),
  'field.member.remark': t('Catatan', 'Remark', '备注'),
  'field.member.createdAt': t('Terdaftar', 'Registered', '注册时间'),
  'field.member.note': t('Alasan', 'Reason', '原因'),
  'transition.freezeMember': t('Bekukan', 'Freeze', '冻结'),
  'transition.unfreezeMember': t('Cairkan', 'Unfreeze', '解冻'),
  'transition.blacklistMember': t('Masukkan daftar hitam', 'Blacklist', '拉黑'),
  'transition.unblacklistMember': t('Keluarkan dari daftar hitam', 'Remove from blacklist', '移出黑名单'),
  'transition.closeMember': t('Tutup akun', 'Close account', '注销账户'),
  'member.closeBusy': t(
    'Anggota sedang berkendara atau menukar baterai: tutup setelah selesai',
    'The member has a ride or a swap under way: close the account once it ends',
    '该会员有进行中的骑行或换电：结束后再注销',
  ),
  'member.closeDebt': t('Anggota masih berutang {amount}: lunasi dulu', 'The member owes {amount}: settle it first', '该会员尚欠 {amount}，请先结清'),
  'member.closeUnrefundable': t(
    '{amount} di dompet tidak berasal dari isi ulang yang dapat direfund: kembalikan secara manual lalu tutup',
    '{amount} of the wallet came from no top-up that can be refunded: pay it out by hand, then close',
    '钱包中 {amount} 无可退款的充值来源：请线下退还后再注销',
  ),
  'ledger.memo.bonusForfeit': t('Saldo bonus hangus saat akun ditutup', 'Bonus forfeited on closing the account', '注销账户，赠送余额作废'),
  'related.member.rides': t('Perjalanan', 'Rides', '骑行订单'),
  'related.member.swaps': t('Tukar baterai', 'Swaps', '换电记录'),
  'related.member.cards': t('Kartu', 'Passes', '套餐卡'),
  'related.member.coupons': t('Kupon', 'Coupons', '优惠券'),
};
