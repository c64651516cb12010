import { ACTOR_TYPE, ASSUMED_ACTIVE_DISABLED, SALE_STATUS } from './shared.ts';
import { dict, v, type DictTypeDef } from './types.ts';

/** DOMAIN §2.6 car business (long-term rental), §3.5 rental orders. */

export const rentalDicts: DictTypeDef[] = [
  dict(
    'rental_rules_unit',
    ['Satuan sewa', 'Rental unit', '租期单位'],
    [v('1', 'Hari', 'Day', '天'), v('2', 'Minggu', 'Week', '周'), v('3', 'Bulan', 'Month', '月')],
  ),
  dict('rental_rules_status', ['Status aturan sewa', 'Rental rule status', '租车规则状态'], SALE_STATUS),

  dict('rental_durations_status', ['Status durasi', 'Duration status', '租期状态'], ASSUMED_ACTIVE_DISABLED),

  dict(
    'rental_promotions_kind',
    ['Jenis promo', 'Promotion kind', '活动类型'],
    [
      v('1', 'Potongan nominal', 'Amount off', '立减金额'),
      v('2', 'Potongan persen', 'Percent off', '百分比折扣'),
      v('3', 'Tambahan hari', 'Extra days', '赠送天数'),
    ],
  ),
  dict(
    'rental_promotions_status',
    ['Status promo', 'Promotion status', '活动状态'],
    [v('0', 'Draf', 'Draft', '草稿', 'info'), v('1', 'Aktif', 'Active', '进行中', 'success'), v('2', 'Berakhir', 'Ended', '已结束', 'info')],
  ),

  dict(
    'rental_orders_status',
    ['Status sewa', 'Rental status', '租车订单状态'],
    [
      v('0', 'Menunggu', 'Pending', '待支付交车', 'warning'),
      v('1', 'Aktif', 'Active', '租赁中', 'success'),
      v('2', 'Terlambat', 'Overdue', '已逾期', 'warning'),
      v('3', 'Dikembalikan', 'Returned', '已还车', 'primary'),
      v('4', 'Ditutup', 'Closed', '已完结', 'info'),
      v('5', 'Dibatalkan', 'Cancelled', '已取消', 'info'),
    ],
  ),
  dict(
    'rental_orders_deposit_status',
    ['Status deposit', 'Deposit status', '押金状态'],
    [
      v('0', 'Belum dibayar', 'Unpaid', '未支付', 'warning'),
      v('1', 'Ditahan', 'Held', '已冻结', 'primary'),
      v('2', 'Dikembalikan', 'Refunded', '已退还', 'success'),
      v('3', 'Dipotong sebagian', 'Partly deducted', '部分扣除', 'warning'),
      v('4', 'Hangus', 'Forfeited', '已没收', 'danger'),
    ],
  ),
  // Bit values of the abnormal_flags bitmask; a row may carry several.
  dict(
    'rental_orders_abnormal_flags',
    ['Tanda masalah', 'Abnormal flags', '异常标记'],
    [
      v('1', 'Terlambat', 'Overdue', '逾期', 'warning'),
      v('2', 'Gagal mengunci', 'Lock failed', '锁车失败', 'danger'),
      v('4', 'Di luar area', 'Outside area', '区域外', 'warning'),
      v('8', 'Pembayaran gagal', 'Payment failed', '支付失败', 'danger'),
      v('16', 'Tanpa sinyal 24 jam', 'No signal 24 h', '24 小时无信号', 'danger'),
    ],
  ),

  dict(
    'rental_order_events_event',
    ['Peristiwa sewa', 'Rental event', '租车事件'],
    [
      v('created', 'Dibuat', 'Created', '创建'),
      v('paid', 'Dibayar', 'Paid', '已支付'),
      v('handed_over', 'Diserahkan', 'Handed over', '已交车'),
      v('renewed', 'Diperpanjang', 'Renewed', '已续租'),
      v('overdue', 'Terlambat', 'Overdue', '已逾期'),
      v('locked', 'Dikunci', 'Locked', '已锁车'),
      v('unlocked', 'Dibuka', 'Unlocked', '已解锁'),
      v('returned', 'Dikembalikan', 'Returned', '已还车'),
      v('closed', 'Ditutup', 'Closed', '已完结'),
    ],
  ),
  dict('rental_order_events_actor_type', ['Jenis pelaku', 'Actor type', '操作者类型'], ACTOR_TYPE),
];
