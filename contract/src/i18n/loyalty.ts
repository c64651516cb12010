import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of member levels and points (/user_main/member_level, member_level_integral, integral_history). */
export const loyaltyCatalogue: Catalogue = {
  'resource.memberLevel': t('Level anggota', 'Member level', '会员等级'),
  'field.memberLevel.levelNo': t('Urutan', 'Level no.', '等级序号'),
  'field.memberLevel.nameKey': t('Nama level', 'Level name', '等级名称'),
  'field.memberLevel.minGrowth': t('Pertumbuhan minimal', 'Minimum growth', '最低成长值'),
  'field.memberLevel.minGrowth.hint': t(
    'Anggota naik ke level ini setelah pertumbuhannya (jumlah semua poin yang pernah diperoleh) mencapai angka ini',
    'A member reaches this level once their growth (every point ever earned) reaches this number',
    '会员成长值（累计获得的积分）达到该值即升至此等级',
  ),
  'field.memberLevel.iconUrl': t('Ikon', 'Icon', '图标'),
  'field.memberLevel.status': t('Status', 'Status', '状态'),
  'field.memberLevel.remark': t('Catatan', 'Remark', '备注'),
  'related.memberLevel.rules': t('Aturan poin', 'Point rules', '积分规则'),
  'resource.levelPointRule': t('Aturan poin', 'Point rule', '积分规则'),
  'field.levelPointRule.event': t('Peristiwa', 'Event', '事件'),
  'field.levelPointRule.levelId': t('Level', 'Level', '等级'),
  'field.levelPointRule.levelId.hint': t(
    'Kosong: semua level. Aturan milik level itu sendiri didahulukan',
    "Empty: every level. A level's own rule comes first",
    '留空表示所有等级；等级自己的规则优先',
  ),
  'levelPointRule.everyLevel': t('Semua level', 'Every level', '所有等级'),
  'field.levelPointRule.points': t('Poin', 'Points', '积分'),
  'field.levelPointRule.points.hint': t(
    'Per peristiwa; untuk "per Rp1.000 dibayar", per setiap Rp1.000',
    'Per event; for "per Rp1,000 paid", for each Rp1,000',
    '每次事件；“每支付 Rp1,000”按每 Rp1,000 计',
  ),
  'field.levelPointRule.multiplierBp': t('Pengali (bp)', 'Multiplier (bp)', '倍数 (基点)'),
  'field.levelPointRule.multiplierBp.hint': t('10.000 = ×1; 15.000 = ×1,5', '10,000 = ×1; 15,000 = ×1.5', '10,000 = ×1；15,000 = ×1.5'),
  'field.levelPointRule.dailyCap': t('Batas harian', 'Daily cap', '每日上限'),
  'field.levelPointRule.dailyCap.hint': t(
    'Poin terbanyak dari peristiwa ini per anggota per hari; kosong: tanpa batas',
    'The most points of this event per member per day; empty: no cap',
    '每位会员每天从该事件获得的积分上限；留空表示不限',
  ),
  'field.levelPointRule.status': t('Status', 'Status', '状态'),
  'field.levelPointRule.remark': t('Catatan', 'Remark', '备注'),
  'resource.pointLedger': t('Riwayat poin', 'Points history', '积分记录'),
  'field.pointLedger.memberPhone': t('Telepon anggota', 'Member phone', '会员手机号'),
  'field.pointLedger.event': t('Peristiwa', 'Event', '事件'),
  'field.pointLedger.delta': t('Poin', 'Points', '积分'),
  'field.pointLedger.balanceAfter': t('Saldo poin', 'Balance', '积分余额'),
  'field.pointLedger.refType': t('Jenis rujukan', 'Reference type', '关联类型'),
  'field.pointLedger.refId': t('ID rujukan', 'Reference id', '关联 ID'),
  'field.pointLedger.memberId': t('Anggota', 'Member', '会员'),
  'field.pointLedger.createdAt': t('Waktu', 'Time', '时间'),
  'field.member.levelId': t('Level', 'Level', '等级'),
  'field.member.growth': t('Pertumbuhan', 'Growth', '成长值'),
  'related.member.points': t('Riwayat poin', 'Points history', '积分记录'),
};
