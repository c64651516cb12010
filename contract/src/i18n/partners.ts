import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of the partner and acquired-battery pages (DOMAIN §2.1 battery_acquisitions, §2.2 partner_agencies). */
export const partnersCatalogue: Catalogue = {
  'resource.partnerAgency': t('Mitra', 'Partner', '合作方'),
  'field.partnerAgency.name': t('Nama', 'Name', '名称'),
  'field.partnerAgency.kind': t('Jenis', 'Kind', '类型'),
  'field.partnerAgency.cityCodes': t('Kota', 'Cities', '城市'),
  'field.partnerAgency.contactName': t('Kontak', 'Contact', '联系人'),
  'field.partnerAgency.phone': t('Telepon', 'Phone', '电话'),
  'field.partnerAgency.email': t('Email', 'Email', '邮箱'),
  'field.partnerAgency.npwp': t('NPWP', 'Tax ID (NPWP)', '税号 (NPWP)'),
  'field.partnerAgency.status': t('Status', 'Status', '状态'),
  'field.partnerAgency.contractEndOn': t('Kontrak berakhir', 'Contract ends', '合同到期日'),
  'field.partnerAgency.remark': t('Catatan', 'Remark', '备注'),
  'field.partnerAgency.createdAt': t('Dibuat', 'Created at', '创建时间'),
  'related.partnerAgency.acquisitions': t('Akuisisi baterai mitra ini', "This partner's battery acquisitions", '该合作方的电池收购'),
  'partner.hasAcquisitions': t(
    'Mitra ini masih memiliki akuisisi baterai',
    'This partner still has battery acquisitions',
    '该合作方仍有电池收购记录',
  ),

  'resource.batteryAcquisition': t('Akuisisi baterai', 'Battery acquisition', '电池收购'),
  'field.batteryAcquisition.contractNo': t('Nomor kontrak', 'Contract number', '合同编号'),
  'field.batteryAcquisition.cityCode': t('Kota', 'City', '城市'),
  'field.batteryAcquisition.partnerId': t('Pembeli', 'Buyer', '购买方'),
  'field.batteryAcquisition.modelId': t('Model baterai', 'Battery model', '电池型号'),
  'field.batteryAcquisition.factoryLotId': t('Lot pabrik', 'Factory lot', '出厂批次'),
  'field.batteryAcquisition.quantity': t('Jumlah', 'Quantity', '数量'),
  'field.batteryAcquisition.unitPrice': t('Harga satuan', 'Unit price', '单价'),
  'field.batteryAcquisition.currency': t('Mata uang', 'Currency', '币种'),
  'field.batteryAcquisition.total': t('Total', 'Total', '总额'),
  'field.batteryAcquisition.shareStartOn': t('Bagi hasil mulai', 'Revenue share from', '分成开始日'),
  'field.batteryAcquisition.shareMonths': t('Lama bagi hasil (bulan)', 'Revenue share (months)', '分成期限 (月)'),
  'field.batteryAcquisition.status': t('Status', 'Status', '状态'),
  'field.batteryAcquisition.deliveredAt': t('Diserahkan', 'Delivered at', '交付时间'),
  'field.batteryAcquisition.remark': t('Catatan', 'Remark', '备注'),
  'field.batteryAcquisition.createdAt': t('Dibuat', 'Created at', '创建时间'),
  'field.batteryAcquisition.batterySns': t('Nomor seri baterai', 'Battery serial numbers', '电池编号'),
  'field.batteryAcquisition.batterySns.hint': t(
    'Satu nomor seri per baris (pindai dengan pemindai kode batang); sebanyak jumlah kontrak',
    'One serial number per line (a barcode scanner types them); as many as the contract buys',
    '每行一个电池编号（可用扫码枪录入），数量与合同一致',
  ),
  'transition.markPaid': t('Tandai dibayar', 'Mark paid', '标记已付款'),
  'transition.deliver': t('Serahkan baterai', 'Deliver batteries', '交付电池'),
  'related.batteryAcquisition.batteries': t('Baterai dalam kontrak ini', 'Batteries of this contract', '该合同的电池'),
  'acquisition.closed': t(
    'Akuisisi yang sudah diserahkan atau dibatalkan tidak dapat diubah',
    'A delivered or cancelled acquisition cannot be changed',
    '已交付或已取消的收购不可修改',
  ),
  'field.battery.ownerPartnerId': t('Pemilik (mitra)', 'Owner (partner)', '所有者 (合作方)'),
  'field.battery.acquisitionId': t('Kontrak akuisisi', 'Acquisition contract', '收购合同'),

  'validation.partnerCannotBuy': t(
    'Hanya investor atau agen operasional yang dapat membeli baterai',
    'Only an investor or an operating agent buys batteries',
    '只有投资方或运营代理商可以购买电池',
  ),
  'validation.partnerNotActive': t('Mitra ini tidak aktif', 'This partner is not active', '该合作方不在合作中'),
  'validation.partnerNotInCity': t('Mitra ini tidak beroperasi di kota ini', 'This partner does not work in this city', '该合作方不在此城市合作'),
  'validation.lotOfAnotherModel': t('Lot ini berisi model lain', 'This lot holds another model', '该批次为其他型号'),
  'validation.snRepeated': t('Nomor seri ganda: {sns}', 'Listed twice: {sns}', '重复的编号：{sns}'),
  'validation.snCount': t(
    'Kontrak membeli {expected} baterai, tetapi {got} nomor seri diberikan',
    'The contract buys {expected} batteries, but {got} serial numbers were given',
    '合同购买 {expected} 块电池，但填写了 {got} 个编号',
  ),
  'validation.snUnknown': t(
    'Tidak ada baterai dengan nomor seri ini: {sns}',
    'No battery has these serial numbers: {sns}',
    '找不到这些编号的电池：{sns}',
  ),
  'validation.snOtherCity': t('Baterai ini ada di kota lain: {sns}', 'These batteries are in another city: {sns}', '这些电池在其他城市：{sns}'),
  'validation.snOtherModel': t(
    'Baterai ini bukan model atau lot kontrak: {sns}',
    "These batteries are not of the contract's model or lot: {sns}",
    '这些电池不属于合同的型号或批次：{sns}',
  ),
  'validation.snOutOfService': t(
    'Baterai ini rusak atau dipensiunkan: {sns}',
    'These batteries are faulty or retired: {sns}',
    '这些电池故障或已退役：{sns}',
  ),
  'validation.snOwned': t(
    'Baterai ini sudah dimiliki pihak lain: {sns}',
    'These batteries already belong to someone else: {sns}',
    '这些电池已归他人所有：{sns}',
  ),
};
