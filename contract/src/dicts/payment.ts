import { ACTIVE_DISABLED, ASSUMED_ACTIVE_DISABLED, SALE_STATUS } from './shared.ts';
import { TICKET_TYPE } from './operations.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §2.7 payment-side entities, §3.7–§3.11 payment, refund, settlement, QRIS/prepaid, coupons. */

/** product_types.code; payment_orders.purpose and the revenue_type columns hold the same codes. */
export const PRODUCT_CODE: DictValueDef[] = [
  v('TOPUP', 'Isi ulang', 'Top-up', '充值'),
  v('RIDE', 'Perjalanan', 'Ride', '骑行'),
  v('SWAP', 'Tukar baterai', 'Battery swap', '换电'),
  v('CARD', 'Kartu langganan', 'Pass / plan', '套餐卡'),
  v('DEPOSIT', 'Deposit', 'Deposit', '押金'),
  v('RENTAL', 'Sewa', 'Rental', '租车'),
  v('RENTAL_DEPOSIT', 'Deposit sewa', 'Rental deposit', '租车押金'),
  v('LATE_FEE', 'Denda keterlambatan', 'Late fee', '逾期费'),
  v('PENALTY', 'Denda', 'Penalty', '罚款'),
  v('MALL', 'Mal', 'Mall', '商城'),
  v('PLN', 'Token PLN', 'PLN token', 'PLN 电费'),
  v('PULSA', 'Pulsa', 'Airtime', '话费'),
  v('DATA', 'Paket data', 'Mobile data', '流量'),
];

/** settlements.party_type; profit_share_configs / profit_share_entries.party_type use the same codes. */
const PARTY_TYPE: DictValueDef[] = [
  v('1', 'Merchant', 'Merchant', '商户'),
  v('2', 'Agen mitra', 'Partner agency', '合作代理商'),
  v('3', 'Investor', 'Investor', '投资方'),
];

/** A technician settlement's line of one ticket type's piece pay (settlement_share_lines.revenue_type). */
export const pieceLineType = (ticketType: number) => `PIECE_${ticketType}`;

/** {0 processing, 1 success, 2 failed}: QRIS and prepaid orders (§3.10). */
const PROCESSING_RESULT: DictValueDef[] = [
  v('0', 'Diproses', 'Processing', '处理中', 'primary'),
  v('1', 'Berhasil', 'Success', '成功', 'success'),
  v('2', 'Gagal', 'Failed', '失败', 'danger'),
];

export const paymentDicts: DictTypeDef[] = [
  dict(
    'currencies_rounding',
    ['Pembulatan', 'Rounding', '舍入方式'],
    [v('1', 'Setengah ke atas', 'Half up', '四舍五入'), v('2', 'Ke bawah', 'Round down', '向下取整')],
  ),
  dict('currencies_status', ['Status mata uang', 'Currency status', '币种状态'], ACTIVE_DISABLED),

  dict(
    'payment_channels_channel_code',
    ['Kanal pembayaran', 'Payment channel', '支付渠道'],
    [
      v('QRIS', 'QRIS', 'QRIS', 'QRIS'),
      v('VA_BCA', 'VA BCA', 'BCA virtual account', 'BCA 虚拟账户'),
      v('VA_BNI', 'VA BNI', 'BNI virtual account', 'BNI 虚拟账户'),
      v('VA_BRI', 'VA BRI', 'BRI virtual account', 'BRI 虚拟账户'),
      v('VA_MANDIRI', 'VA Mandiri', 'Mandiri virtual account', 'Mandiri 虚拟账户'),
      v('EW_OVO', 'OVO', 'OVO', 'OVO'),
      v('EW_DANA', 'DANA', 'DANA', 'DANA'),
      v('EW_GOPAY', 'GoPay', 'GoPay', 'GoPay'),
      v('EW_SHOPEEPAY', 'ShopeePay', 'ShopeePay', 'ShopeePay'),
      v('CARD', 'Kartu debit/kredit', 'Card', '银行卡'),
      v('IAK', 'IAK', 'IAK', 'IAK'),
      v('MANUAL', 'Manual', 'Manual', '人工'),
    ],
  ),
  dict('payment_channels_status', ['Status kanal', 'Channel status', '渠道状态'], ACTIVE_DISABLED),

  dict('product_types_code', ['Kode produk', 'Product code', '产品编码'], PRODUCT_CODE),
  dict('product_types_status', ['Status jenis produk', 'Product type status', '产品类型状态'], ASSUMED_ACTIVE_DISABLED),

  dict(
    'payment_orders_payer_type',
    ['Jenis pembayar', 'Payer type', '付款方类型'],
    [v('1', 'Anggota', 'Member', '会员'), v('2', 'Merchant', 'Merchant', '商户'), v('3', 'Mitra', 'Partner', '合作方')],
  ),
  dict('payment_orders_purpose', ['Tujuan pembayaran', 'Purpose', '支付用途'], PRODUCT_CODE),
  dict(
    'payment_orders_status',
    ['Status pembayaran', 'Payment status', '支付状态'],
    [
      v('0', 'Dibuat', 'Created', '已创建', 'info'),
      v('1', 'Menunggu pembayaran', 'Pending', '待支付', 'warning'),
      v('2', 'Dibayar', 'Paid', '已支付', 'success'),
      v('3', 'Gagal', 'Failed', '支付失败', 'danger'),
      v('4', 'Kedaluwarsa', 'Expired', '已过期', 'info'),
      v('5', 'Dana dikembalikan sebagian', 'Partially refunded', '部分退款', 'warning'),
      v('6', 'Dana dikembalikan', 'Refunded', '已退款', 'info'),
    ],
  ),

  dict(
    'refunds_reason',
    ['Alasan pengembalian dana', 'Refund reason', '退款原因'],
    [
      v('1', 'Sengketa perjalanan', 'Ride dispute', '骑行争议'),
      v('2', 'Perjalanan bermasalah', 'Faulty ride', '车辆故障'),
      v('3', 'Pengembalian deposit', 'Deposit return', '退押金'),
      v('4', 'Penarikan saldo', 'Balance withdrawal', '余额提现'),
      v('5', 'Pembayaran ganda', 'Duplicate payment', '重复支付'),
      v('6', 'Layanan gagal (PLN/IAK)', 'Service failed (PLN/IAK)', '服务失败 (PLN/IAK)'),
      v('7', 'Kompensasi layanan', 'Goodwill', '客情补偿'),
      v('8', 'Lainnya', 'Other', '其他'),
    ],
  ),
  dict(
    'refunds_destination',
    ['Tujuan pengembalian', 'Refund destination', '退款去向'],
    [v('1', 'Kanal asal', 'Original channel', '原路退回'), v('2', 'Dompet', 'Wallet', '钱包'), v('3', 'Transfer bank', 'Bank transfer', '银行转账')],
  ),
  dict(
    'refunds_status',
    ['Status pengembalian dana', 'Refund status', '退款状态'],
    [
      v('0', 'Diajukan', 'Requested', '待审核', 'warning'),
      v('1', 'Disetujui', 'Approved', '已审核', 'primary'),
      v('2', 'Diproses', 'Processing', '退款中', 'primary'),
      v('3', 'Berhasil', 'Succeeded', '退款成功', 'success'),
      v('4', 'Gagal', 'Failed', '退款失败', 'danger'),
      v('5', 'Ditolak', 'Rejected', '已驳回', 'danger'),
    ],
  ),
  dict(
    'refunds_requested_by_type',
    ['Diajukan oleh', 'Requested by', '申请方'],
    [v('1', 'Anggota', 'Member', '会员'), v('2', 'Staf', 'Staff', '员工'), v('3', 'Sistem', 'System', '系统')],
  ),

  dict('qris_orders_status', ['Status QRIS', 'QRIS status', 'QRIS 状态'], [...PROCESSING_RESULT, v('3', 'Kedaluwarsa', 'Expired', '已过期', 'info')]),

  dict(
    'prepaid_orders_kind',
    ['Jenis produk prabayar', 'Prepaid kind', '预付类型'],
    [v('1', 'Token PLN', 'PLN token', 'PLN 电费'), v('2', 'Pulsa', 'Airtime', '话费'), v('3', 'Paket data', 'Data package', '流量包')],
  ),
  dict('prepaid_orders_status', ['Status prabayar', 'Prepaid status', '预付状态'], PROCESSING_RESULT),

  dict('topup_packages_status', ['Status paket isi ulang', 'Top-up package status', '充值套餐状态'], ASSUMED_ACTIVE_DISABLED),

  // The gateways' call journal (interfaceLog): calls out to a provider, and the notifications it sends in.
  dict(
    'api_logs_direction',
    ['Arah panggilan', 'Call direction', '调用方向'],
    [v('1', 'Keluar', 'Outbound', '出站'), v('2', 'Masuk', 'Inbound', '入站')],
  ),
  dict(
    'api_logs_outcome',
    ['Hasil panggilan', 'Call outcome', '调用结果'],
    [
      v('accepted', 'Diterima', 'Accepted', '已受理', 'success'),
      v('duplicate', 'Duplikat', 'Duplicate', '重复通知', 'info'),
      v('pending', 'Masih menunggu', 'Still pending', '仍待支付', 'info'),
      v('refused_signature', 'Ditolak: tanda tangan salah', 'Refused: bad signature', '拒绝：签名无效', 'danger'),
      v('refused_unknown_order', 'Ditolak: pesanan tidak dikenal', 'Refused: unknown order', '拒绝：订单不存在', 'danger'),
      v('refused_malformed', 'Ditolak: isi tidak terbaca', 'Refused: unreadable body', '拒绝：报文无法解析', 'danger'),
      v('unsupported', 'Tidak ditangani', 'Not handled', '不处理的通知', 'info'),
      v('parked_amount', 'Ditahan: jumlah tidak cocok', 'Parked: amount mismatch', '挂起：金额不符', 'warning'),
      v('parked_late', 'Ditahan: pembayaran terlambat', 'Parked: late payment', '挂起：逾期支付', 'warning'),
      v('failed', 'Gagal', 'Failed', '失败', 'danger'),
      v('ok', 'Berhasil', 'OK', '成功', 'success'),
      v('error', 'Galat', 'Error', '错误', 'danger'),
    ],
  ),

  dict(
    'settlement_lines_match_status',
    ['Hasil pencocokan', 'Match', '对账结果'],
    [
      v('1', 'Cocok', 'Matched', '已匹配', 'success'),
      v('2', 'Pesanan tidak dikenal', 'Unknown order', '订单不存在', 'danger'),
      v('3', 'Jumlah berbeda', 'Other amount', '金额不符', 'danger'),
      v('4', 'Pesanan belum dibayar', 'Order not paid', '订单未支付', 'warning'),
      v('5', 'Sudah diselesaikan', 'Already settled', '已结算过', 'info'),
      v('6', 'Bukan pesanan', 'Not an order', '非订单款项', 'warning'),
    ],
  ),
  dict(
    'settlement_lines_kind',
    ['Jenis baris laporan', 'Report line kind', '报表行类型'],
    [
      v('payment', 'Pembayaran', 'Payment', '收款'),
      v('refund', 'Pengembalian dana', 'Refund', '退款'),
      v('adjustment', 'Penyesuaian', 'Adjustment', '调整'),
    ],
  ),

  dict(
    'card_rules_kind',
    ['Jenis kartu', 'Card kind', '卡类型'],
    [v('1', 'Kartu perjalanan', 'Ride pass', '骑行卡'), v('2', 'Paket tukar baterai', 'Swap plan', '换电套餐')],
  ),
  dict('card_rules_status', ['Status aturan kartu', 'Card rule status', '卡规则状态'], SALE_STATUS),

  dict(
    'user_cards_status',
    ['Status kartu', 'Card status', '用户卡状态'],
    [
      v('0', 'Menunggu mulai', 'Pending start', '待生效', 'warning'),
      v('1', 'Aktif', 'Active', '生效中', 'success'),
      v('2', 'Kedaluwarsa', 'Expired', '已过期', 'info'),
      v('3', 'Dana dikembalikan', 'Refunded', '已退款', 'info'),
      v('4', 'Ditangguhkan', 'Suspended', '已暂停', 'warning'),
    ],
  ),

  dict(
    'coupons_kind',
    ['Jenis kupon', 'Coupon kind', '优惠券类型'],
    [
      v('1', 'Potongan nominal', 'Amount off', '立减券'),
      v('2', 'Potongan persen', 'Percent off', '折扣券'),
      v('3', 'Menit gratis', 'Free minutes', '免费时长券'),
      v('4', 'Buka kunci gratis', 'Free unlock', '免解锁费券'),
    ],
  ),
  dict(
    'coupons_scope',
    ['Cakupan kupon', 'Coupon scope', '适用范围'],
    [
      v('0', 'Semua', 'Any', '通用'),
      v('1', 'Perjalanan', 'Ride', '骑行'),
      v('2', 'Tukar baterai', 'Swap', '换电'),
      v('3', 'Sewa', 'Rental', '租车'),
      v('4', 'Kartu', 'Card', '套餐卡'),
      v('5', 'Mal', 'Mall', '商城'),
    ],
  ),
  dict(
    'coupons_valid_kind',
    ['Jenis masa berlaku', 'Validity kind', '有效期类型'],
    [v('1', 'Periode tetap', 'Fixed window', '固定时段'), v('2', 'N hari setelah diberikan', 'N days after grant', '领取后 N 天')],
  ),
  dict(
    'coupons_status',
    ['Status kupon', 'Coupon status', '优惠券状态'],
    [
      v('0', 'Draf', 'Draft', '草稿', 'info'),
      v('1', 'Ditayangkan', 'Listed', '已上架', 'success'),
      v('2', 'Diturunkan', 'Delisted', '已下架', 'info'),
      v('3', 'Kedaluwarsa', 'Expired', '已过期', 'info'),
    ],
  ),

  dict(
    'user_coupons_source',
    ['Sumber kupon', 'Coupon source', '领取来源'],
    [
      v('1', 'Aktivitas', 'Activity', '活动'),
      v('2', 'Kode penukaran', 'Redemption', '兑换码'),
      v('3', 'Manual', 'Manual', '手动发放'),
      v('4', 'Manfaat level', 'Level benefit', '等级权益'),
      v('5', 'Kompensasi', 'Compensation', '补偿'),
    ],
  ),
  dict(
    'user_coupons_status',
    ['Status kupon anggota', 'User coupon status', '用户券状态'],
    [
      v('1', 'Belum dipakai', 'Unused', '未使用', 'success'),
      v('2', 'Terkunci', 'Locked', '已锁定', 'primary'),
      v('3', 'Terpakai', 'Used', '已使用', 'info'),
      v('4', 'Kedaluwarsa', 'Expired', '已过期', 'info'),
      v('5', 'Dicabut', 'Revoked', '已撤销', 'info'),
    ],
  ),

  dict(
    'invoices_buyer_type',
    ['Jenis pembeli', 'Buyer type', '购买方类型'],
    [v('1', 'Anggota', 'Member', '会员'), v('2', 'Merchant', 'Merchant', '商户')],
  ),
  dict(
    'invoices_kind',
    ['Jenis faktur', 'Invoice kind', '发票类型'],
    [v('1', 'e-Faktur', 'e-Faktur (tax invoice)', '电子税票 (e-Faktur)'), v('2', 'Kuitansi', 'Receipt', '收据')],
  ),
  dict(
    'invoices_status',
    ['Status faktur', 'Invoice status', '发票状态'],
    [
      v('0', 'Diminta', 'Requested', '已申请', 'warning'),
      v('1', 'Diterbitkan', 'Issued', '已开具', 'success'),
      v('2', 'Ditolak', 'Rejected', '已驳回', 'danger'),
      v('3', 'Dibatalkan', 'Voided', '已作废', 'info'),
    ],
  ),

  dict(
    'print_records_doc_type',
    ['Jenis dokumen', 'Document type', '单据类型'],
    [
      v('1', 'Kuitansi', 'Receipt', '收据'),
      v('2', 'Faktur', 'Invoice', '发票'),
      v('3', 'Label QR kendaraan', 'Vehicle QR label', '车辆二维码标签'),
      v('4', 'Kontrak sewa', 'Rental contract', '租车合同'),
      v('5', 'Laporan penyelesaian', 'Settlement statement', '结算单'),
    ],
  ),

  dict('settlements_party_type', ['Jenis pihak', 'Party type', '结算对象类型'], [...PARTY_TYPE, v('4', 'Teknisi', 'Technician', '技术员')]),
  dict(
    'settlements_status',
    ['Status penyelesaian', 'Settlement status', '结算状态'],
    [
      v('0', 'Draf', 'Draft', '草稿', 'info'),
      v('1', 'Dikonfirmasi', 'Confirmed', '已确认', 'warning'),
      v('2', 'Disetujui', 'Approved', '已审批', 'primary'),
      v('3', 'Dibayar', 'Paid', '已付款', 'success'),
      v('4', 'Dibatalkan', 'Void', '已作废', 'info'),
    ],
  ),
  dict(
    'settlements_payout_state',
    ['Status transfer', 'Transfer state', '转账状态'],
    [
      v('0', 'Belum dikirim', 'Not sent', '未发出', 'info'),
      v('1', 'Dikirim', 'Sent', '已发出', 'warning'),
      v('2', 'Dikonfirmasi bank', 'Confirmed by the bank', '银行已确认', 'success'),
      v('3', 'Dikembalikan bank', 'Returned by the bank', '银行退回', 'danger'),
    ],
  ),
  dict(
    'settlement_lines_revenue_type',
    ['Jenis pendapatan', 'Revenue type', '收入类型'],
    [
      ...PRODUCT_CODE,
      // A technician's settlement: the piece pay of their approved tickets, by ticket type (docs/settlements.md).
      ...TICKET_TYPE.map((t) => v(pieceLineType(Number(t.value)), `Upah ${t.label.id.toLowerCase()}`, `${t.label.en} pay`, `${t.label.zh}计件`)),
    ],
  ),

  dict('profit_share_configs_party_type', ['Jenis pihak', 'Party type', '分润对象类型'], PARTY_TYPE),
  dict('profit_share_configs_revenue_type', ['Jenis pendapatan', 'Revenue type', '收入类型'], PRODUCT_CODE),
  dict(
    'profit_share_configs_basis',
    ['Dasar perhitungan', 'Basis', '分润基数'],
    [
      v('1', 'Bruto', 'Gross', '按总额'),
      v('2', 'Neto setelah pengembalian dana', 'Net of refunds', '扣除退款后'),
      v('3', 'Neto setelah pengembalian dana dan biaya kanal', 'Net of refunds and channel fee', '扣除退款和渠道费后'),
    ],
  ),
  dict('profit_share_configs_status', ['Status konfigurasi', 'Config status', '配置状态'], ASSUMED_ACTIVE_DISABLED),

  dict(
    'profit_share_entries_source_type',
    ['Jenis sumber', 'Source type', '来源类型'],
    [
      v('ride', 'Perjalanan', 'Ride', '骑行'),
      v('swap', 'Tukar baterai', 'Swap', '换电'),
      v('rental', 'Sewa', 'Rental', '租车'),
      v('card', 'Kartu', 'Card', '套餐卡'),
      v('refund', 'Pengembalian dana', 'Refund', '退款'),
    ],
  ),
  dict('profit_share_entries_revenue_type', ['Jenis pendapatan', 'Revenue type', '收入类型'], PRODUCT_CODE),
  dict('profit_share_entries_party_type', ['Jenis pihak', 'Party type', '分润对象类型'], PARTY_TYPE),
  dict(
    'profit_share_entries_status',
    ['Status bagi hasil', 'Share status', '分润状态'],
    [
      v('0', 'Terakru', 'Accrued', '已计提', 'warning'),
      v('1', 'Diselesaikan', 'Settled', '已结算', 'success'),
      v('2', 'Dibalik', 'Reversed', '已冲销', 'info'),
    ],
  ),
];
