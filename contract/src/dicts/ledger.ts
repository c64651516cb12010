import { ASSUMED_ACTIVE_DISABLED } from './shared.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §4 money and ledger (account books, accounts, journal, idempotency keys). */

/** {D, C}: accounts.normal_side and ledger_entries.direction. */
const DEBIT_CREDIT: DictValueDef[] = [v('D', 'Debit', 'Debit', '借'), v('C', 'Kredit', 'Credit', '贷')];

export const ledgerDicts: DictTypeDef[] = [
  dict(
    'account_books_book_type',
    ['Jenis buku', 'Book type', '账簿类型'],
    [
      v('1', 'Dompet anggota', 'Member wallet', '会员钱包'),
      v('2', 'Bonus anggota', 'Member bonus', '会员赠送金'),
      v('3', 'Deposit anggota', 'Member deposit', '会员押金'),
      v('4', 'Merchant', 'Merchant', '商户'),
      v('5', 'Mitra', 'Partner', '合作方'),
      v('6', 'Platform', 'Platform', '平台'),
      v('7', 'Staf lapangan', 'Field staff', '外勤人员'),
    ],
  ),
  dict('account_books_status', ['Status buku', 'Book status', '账簿状态'], ASSUMED_ACTIVE_DISABLED),

  dict(
    'accounts_owner_type',
    ['Jenis pemilik', 'Owner type', '账户归属'],
    [
      v('1', 'Anggota', 'Member', '会员'),
      v('2', 'Merchant', 'Merchant', '商户'),
      v('3', 'Mitra', 'Partner', '合作方'),
      v('4', 'Platform', 'Platform', '平台'),
      v('5', 'Teknisi', 'Technician', '技术员'),
    ],
  ),
  dict('accounts_normal_side', ['Sisi normal', 'Normal side', '余额方向'], DEBIT_CREDIT),
  dict(
    'accounts_status',
    ['Status akun', 'Account status', '账户状态'],
    [v('0', 'Aktif', 'Active', '正常', 'success'), v('1', 'Dibekukan', 'Frozen', '已冻结', 'warning'), v('2', 'Ditutup', 'Closed', '已关闭', 'info')],
  ),

  dict(
    'ledger_transactions_kind',
    ['Jenis transaksi', 'Transaction kind', '交易类型'],
    [
      v('TOPUP', 'Isi ulang', 'Top-up', '充值'),
      v('RIDE_PAY', 'Pembayaran perjalanan', 'Ride payment', '骑行支付'),
      v('REFUND_START', 'Pengembalian dana dimulai', 'Refund started', '退款发起'),
      v('REFUND_DONE', 'Pengembalian dana selesai', 'Refund completed', '退款完成'),
      v('CARD_BUY', 'Pembelian kartu', 'Card purchase', '购卡'),
      v('SWAP_PAY', 'Pembayaran tukar baterai', 'Swap payment', '换电支付'),
      v('RENTAL_PAY', 'Pembayaran sewa', 'Rental payment', '租车支付'),
      v('DEPOSIT_HOLD', 'Penahanan deposit', 'Deposit hold', '押金冻结'),
      v('DEPOSIT_RELEASE', 'Pelepasan deposit', 'Deposit release', '押金释放'),
      v('PREPAID', 'Prabayar (PLN/IAK)', 'Prepaid (PLN/IAK)', '预付充值 (PLN/IAK)'),
      v('SHARE_ACCRUAL', 'Akru bagi hasil', 'Profit-share accrual', '分润计提'),
      v('PAYOUT', 'Pembayaran keluar', 'Payout', '付款出账'),
      v('PIECE_PAY', 'Upah per pekerjaan', 'Piece-rate pay', '计件工资'),
      v('ADJUST', 'Penyesuaian', 'Adjustment', '调账'),
      v('BONUS_GRANT', 'Pemberian bonus', 'Bonus grant', '赠送金发放'),
      v('CHANNEL_SETTLE', 'Penyelesaian kanal', 'Channel settlement', '渠道结算'),
      v('REVERSAL', 'Pembalikan', 'Reversal', '冲正'),
    ],
  ),
  dict('ledger_entries_direction', ['Arah', 'Direction', '借贷方向'], DEBIT_CREDIT),

  dict(
    'ledger_audits_status',
    ['Hasil audit buku', 'Book audit result', '账簿核对结果'],
    [v('0', 'Sesuai', 'OK', '平衡', 'success'), v('1', 'Selisih', 'Drift', '不平', 'danger')],
  ),

  dict(
    'idempotency_keys_status',
    ['Status kunci idempotensi', 'Idempotency key status', '幂等键状态'],
    [
      v('0', 'Sedang diproses', 'In progress', '处理中', 'primary'),
      v('1', 'Selesai', 'Done', '已完成', 'success'),
      v('2', 'Gagal', 'Failed', '失败', 'danger'),
    ],
  ),
];
