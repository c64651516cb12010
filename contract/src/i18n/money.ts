import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of the ledger, the wallet and the gateways (DOMAIN §4): server messages, memos and job names. */
export const moneyCatalogue: Catalogue = {
  'ledger.accountFrozen': t('Akun ini dibekukan', 'This account is frozen', '该账户已冻结'),
  'ledger.accountClosed': t('Akun ini sudah ditutup', 'This account is closed', '该账户已关闭'),
  'ledger.reversalOfReversal': t('Pembalikan tidak dapat dibalik lagi', 'A reversal cannot be reversed', '冲正交易不能再次冲正'),
  'ledger.memo.topup': t('Isi ulang saldo', 'Wallet top-up', '钱包充值'),
  'ledger.memo.topupBonus': t('Bonus paket isi ulang', 'Top-up package bonus', '充值套餐赠送'),
  'idempotency.inProgress': t(
    'Permintaan yang sama sedang diproses, coba lagi sebentar lagi',
    'The same request is still being processed; try again shortly',
    '相同的请求正在处理中，请稍后重试',
  ),
  'wallet.topupBelowMin': t('Isi ulang minimal {min}', 'The smallest top-up is {min}', '最低充值金额为 {min}'),
  'wallet.overCap': t(
    'Saldo setelah isi ulang melebihi batas dompet {cap}',
    'The balance after this top-up would exceed the wallet limit of {cap}',
    '充值后余额将超过钱包上限 {cap}',
  ),
  'wallet.packageMismatch': t(
    'Jumlah tidak sesuai dengan paket yang dipilih',
    'The amount is not the amount of the chosen package',
    '金额与所选套餐不符',
  ),
  'wallet.packageUnavailable': t('Paket isi ulang ini tidak tersedia', 'This top-up package is not available', '该充值套餐不可用'),
  'wallet.channelUnavailable': t('Metode pembayaran ini tidak tersedia', 'This payment method is not available', '该支付方式不可用'),
  'wallet.gatewayUnavailable': t(
    'Penyedia pembayaran tidak dapat dihubungi, coba lagi',
    'The payment provider could not be reached; try again',
    '无法连接支付服务商，请重试',
  ),
  'wallet.memberInactive': t('Akun anggota ini tidak aktif', 'This member account is not active', '该会员账户不可用'),
  'payment.notSandbox': t('Kanal ini bukan sandbox', 'This channel is not a sandbox', '该渠道不是沙箱'),
  'payment.sandboxForgot': t(
    'Sandbox tidak lagi menyimpan pesanan ini (server dimulai ulang); buat pesanan baru',
    'The sandbox no longer holds this order (the server restarted); start a new one',
    '沙箱已不再保存该订单（服务器已重启），请重新下单',
  ),
  'field.role.refundApproveLimit': t('Batas persetujuan refund', 'Refund approval limit', '退款审批上限'),
  'hint.role.refundApproveLimit': t(
    'Refund terbesar yang boleh disetujui peran ini; kosong = tanpa batas',
    'The largest refund this role may approve; empty = no limit',
    '该角色可审批的最大退款金额；留空表示不限',
  ),
  'ledger.memo.refundStart': t('Refund dimulai', 'Refund started', '退款发起'),
  'ledger.memo.refundDone': t('Refund selesai', 'Refund completed', '退款完成'),
  'ledger.memo.refundFailed': t('Refund gagal, dana dikembalikan', 'Refund failed, money put back', '退款失败，资金退回'),
  'ledger.memo.bonusClawback': t('Bonus isi ulang ditarik kembali', 'Top-up bonus taken back', '充值赠送金收回'),
  'refund.overLimit': t(
    'Refund ini melebihi batas persetujuan Anda ({limit})',
    'This refund is above your approval limit ({limit})',
    '该退款超过您的审批上限（{limit}）',
  ),
  'refund.overPaid': t(
    'Jumlah refund melebihi sisa yang dapat dikembalikan ({left})',
    'The refund is more than what is left to refund ({left})',
    '退款金额超过可退余额（{left}）',
  ),
  'refund.walletForTopup': t(
    'Isi ulang tidak dapat dikembalikan ke dompet: dananya sudah ada di sana',
    'A top-up cannot be refunded to the wallet: the money is already there',
    '充值订单不能退回钱包：资金已在钱包中',
  ),
  'refund.notPaid': t('Hanya pesanan yang sudah dibayar yang dapat direfund', 'Only a paid order can be refunded', '只有已支付的订单可以退款'),
  'refund.tooManyAttempts': t('Sudah dicoba {max} kali', 'Already tried {max} times', '已重试 {max} 次'),
  'refund.noGatewayRefund': t(
    'Kanal ini tidak mengembalikan dana lewat gateway; pilih transfer bank',
    'This channel does not refund through its gateway; choose bank transfer',
    '该渠道不支持原路退款，请选择银行转账',
  ),
  'transition.approve': t('Setujui', 'Approve', '审核通过'),
  'transition.reject': t('Tolak', 'Reject', '驳回'),
  'transition.retry': t('Coba lagi', 'Retry', '重试'),
  'transition.requestRefund': t('Ajukan refund', 'Request a refund', '申请退款'),
  'transition.confirmTransfer': t('Konfirmasi transfer bank', 'Confirm bank transfer', '确认银行转账'),
  'field.refund.rejectReason': t('Alasan penolakan', 'Why it is rejected', '驳回原因'),
  'field.refund.bankRef': t('Referensi transfer bank', 'Bank transfer reference', '银行转账流水号'),
  'field.refund.remark': t('Catatan', 'Note', '备注'),
  'refund.notBankTransfer': t('Refund ini bukan transfer bank', 'This refund is not a bank transfer', '该退款不是银行转账'),
  'jobTarget.paymentTask.expireOrders': t(
    'Menutup pesanan pembayaran yang kedaluwarsa (dan kode QRIS-nya)',
    'Closes payment orders nobody paid in time (and their QRIS codes)',
    '关闭超时未支付的支付订单（及其 QRIS 码）',
  ),
  'jobTarget.ledgerTask.audit': t(
    'Audit buku besar malam: saldo vs entri, debit = kredit; LEDGER_DRIFT bila selisih',
    'Nightly ledger audit: balances against entries, debits = credits; LEDGER_DRIFT on a difference',
    '每晚账务核对：余额对分录、借贷平衡；不平则告警 LEDGER_DRIFT',
  ),
  'jobTarget.paymentTask.submitRefunds': t(
    'Mengirim refund yang disetujui ke gateway kanal asalnya',
    'Sends approved refunds to the gateway of their original channel',
    '将已审批的退款提交到原支付渠道',
  ),
  'jobRun.msg.refundsSubmitted': t('Refund dikirim ke gateway', 'Refunds sent to gateways', '已提交渠道的退款'),
  'jobRun.msg.ordersExpired': t('Pesanan kedaluwarsa ditutup', 'Expired orders closed', '已关闭的超时订单'),
  'jobRun.msg.booksDrifted': t('Buku dengan selisih', 'Books with a drift', '不平的账簿'),
};
