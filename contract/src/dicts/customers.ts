import { ASSUMED_ACTIVE_DISABLED, LANG_VALUES } from './shared.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §2.3 customers (members, KYC, feedback, loyalty). message_templates is in messages.ts. */

/** level_point_rules.event; point_ledger.event uses the same codes (assumption: DOMAIN gives point_ledger no codes of its own). */
const POINT_EVENT: DictValueDef[] = [
  v('1', 'Perjalanan selesai', 'Ride completed', '完成骑行'),
  v('2', 'Per Rp1.000 dibayar', 'Per Rp1,000 paid', '每支付 Rp1,000'),
  v('3', 'Isi ulang', 'Top-up', '充值'),
  v('4', 'Absen harian', 'Daily check-in', '每日签到'),
  v('5', 'Referal', 'Referral', '邀请好友'),
  v('6', 'KYC selesai', 'KYC done', '完成实名认证'),
];

export const customersDicts: DictTypeDef[] = [
  dict(
    'members_gender',
    ['Jenis kelamin', 'Gender', '性别'],
    [v('0', 'Laki-laki', 'Male', '男'), v('1', 'Perempuan', 'Female', '女'), v('2', 'Tidak diketahui', 'Unknown', '未知')],
  ),
  dict('members_lang', ['Bahasa', 'Language', '语言'], LANG_VALUES),
  dict(
    'members_register_source',
    ['Sumber pendaftaran', 'Registration source', '注册来源'],
    [
      v('1', 'Android', 'Android', 'Android'),
      v('2', 'iOS', 'iOS', 'iOS'),
      v('3', 'H5 (web seluler)', 'H5 (mobile web)', 'H5'),
      v('4', 'Merchant', 'Merchant', '商户'),
      v('5', 'Referal', 'Referral', '邀请注册'),
    ],
  ),
  dict(
    'members_status',
    ['Status anggota', 'Member status', '会员状态'],
    [
      v('0', 'Normal', 'Normal', '正常', 'success'),
      v('1', 'Dibekukan', 'Frozen', '已冻结', 'warning'),
      v('2', 'Daftar hitam', 'Blacklisted', '黑名单', 'danger'),
      v('3', 'Ditutup', 'Closed', '已注销', 'info'),
    ],
  ),
  dict(
    'members_kyc_status',
    ['Status KYC', 'KYC status', '实名状态'],
    [
      v('0', 'Belum verifikasi', 'Not submitted', '未认证', 'info'),
      v('1', 'Menunggu', 'Pending', '待审核', 'warning'),
      v('2', 'Terverifikasi', 'Verified', '已认证', 'success'),
      v('3', 'Ditolak', 'Rejected', '已驳回', 'danger'),
    ],
  ),

  dict(
    'kyc_reviews_id_type',
    ['Jenis identitas', 'ID type', '证件类型'],
    [
      v('1', 'KTP', 'KTP (national ID)', '身份证 (KTP)'),
      v('2', 'Paspor', 'Passport', '护照'),
      v('3', 'KITAS', 'KITAS (stay permit)', '居留证 (KITAS)'),
      v('4', 'SIM', 'SIM (driving licence)', '驾照 (SIM)'),
    ],
  ),
  dict(
    'kyc_reviews_status',
    ['Status verifikasi', 'Review status', '审核状态'],
    [
      v('0', 'Menunggu', 'Pending', '待审核', 'warning'),
      v('1', 'Disetujui', 'Approved', '已通过', 'success'),
      v('2', 'Ditolak', 'Rejected', '已驳回', 'danger'),
    ],
  ),
  dict(
    'kyc_reviews_reject_reason',
    ['Alasan penolakan', 'Reject reason', '驳回原因'],
    [
      v('1', 'Foto buram', 'Blurry photo', '照片模糊'),
      v('2', 'Data tidak cocok', 'Mismatch', '信息不符'),
      v('3', 'Di bawah umur', 'Underage', '未成年'),
      v('4', 'Duplikat', 'Duplicate', '重复认证'),
      v('5', 'Lainnya', 'Other', '其他'),
    ],
  ),

  dict(
    'feedbacks_type',
    ['Jenis masukan', 'Feedback type', '反馈类型'],
    [
      v('1', 'Laporan kerusakan', 'Fault report', '故障上报'),
      v('2', 'Keluhan parkir', 'Parking complaint', '停车投诉'),
      v('3', 'Sengketa tagihan', 'Billing dispute', '计费争议'),
      v('4', 'Saran', 'Suggestion', '建议'),
      v('5', 'Barang hilang', 'Lost item', '物品遗失'),
      v('6', 'Lainnya', 'Other', '其他'),
    ],
  ),
  dict(
    'feedbacks_status',
    ['Status masukan', 'Feedback status', '反馈状态'],
    [
      v('0', 'Baru', 'New', '新反馈', 'warning'),
      v('1', 'Sedang diproses', 'Processing', '处理中', 'primary'),
      v('2', 'Terselesaikan', 'Resolved', '已解决', 'success'),
      v('3', 'Ditutup', 'Closed', '已关闭', 'info'),
    ],
  ),

  dict(
    'member_tags_kind',
    ['Jenis label', 'Tag kind', '标签类型'],
    [v('1', 'Manual', 'Manual', '手动'), v('2', 'Berbasis aturan', 'Rule-based', '规则')],
  ),

  dict('member_levels_status', ['Status level', 'Level status', '等级状态'], ASSUMED_ACTIVE_DISABLED),

  dict('level_point_rules_event', ['Peristiwa poin', 'Point event', '积分事件'], POINT_EVENT),
  dict('level_point_rules_status', ['Status aturan', 'Rule status', '规则状态'], ASSUMED_ACTIVE_DISABLED),
  dict('point_ledger_event', ['Peristiwa poin', 'Point event', '积分事件'], POINT_EVENT),

  dict(
    'level_benefits_benefit',
    ['Jenis manfaat', 'Benefit', '权益类型'],
    [
      v('1', 'Buka kunci gratis per bulan', 'Free unlocks per month', '每月免费解锁'),
      v('2', 'Diskon perjalanan (%)', 'Ride discount (%)', '骑行折扣 (%)'),
      v('3', 'Kupon bulanan', 'Monthly coupon', '每月优惠券'),
      v('4', 'Bebas deposit', 'Deposit waiver', '免押金'),
      v('5', 'Layanan prioritas', 'Priority support', '优先客服'),
    ],
  ),
  dict('level_benefits_status', ['Status manfaat', 'Benefit status', '权益状态'], ASSUMED_ACTIVE_DISABLED),
];
