import { dict, v, type DictTypeDef } from './types.ts';

/** DOMAIN §2.5 rides, swaps and pricing, §3.4 ride orders. */

export const ridesDicts: DictTypeDef[] = [
  dict(
    'billing_rules_status',
    ['Status aturan tarif', 'Billing rule status', '计费规则状态'],
    [v('0', 'Draf', 'Draft', '草稿', 'info'), v('1', 'Aktif', 'Active', '生效中', 'success'), v('2', 'Tidak berlaku', 'Retired', '已失效', 'info')],
  ),

  dict(
    'ride_orders_status',
    ['Status perjalanan', 'Ride status', '骑行订单状态'],
    [
      v('0', 'Dipesan', 'Reserved', '已预约', 'warning'),
      v('1', 'Sedang berkendara', 'Riding', '骑行中', 'primary'),
      v('2', 'Dijeda', 'Paused', '临时锁车', 'warning'),
      v('3', 'Selesai, belum dibayar', 'Ended (unpaid)', '已结束待支付', 'warning'),
      v('4', 'Dibayar', 'Paid', '已支付', 'success'),
      v('5', 'Dana dikembalikan', 'Refunded', '已退款', 'info'),
      v('6', 'Bermasalah', 'Abnormal', '异常', 'danger'),
      v('7', 'Dibatalkan', 'Cancelled', '已取消', 'info'),
    ],
  ),
  dict(
    'ride_orders_end_source',
    ['Sumber penyelesaian', 'End source', '结束方式'],
    [
      v('1', 'Pengendara', 'Rider', '用户'),
      v('2', 'Konsol', 'Console', '后台'),
      v('3', 'Batas waktu sistem', 'System timeout', '系统超时'),
      v('4', 'Kunci perangkat', 'Device lock', '设备锁车'),
    ],
  ),
  dict(
    'ride_orders_pay_method',
    ['Metode pembayaran', 'Payment method', '支付方式'],
    [
      v('1', 'Dompet', 'Wallet', '钱包'),
      v('2', 'QRIS', 'QRIS', 'QRIS'),
      v('3', 'Dompet digital', 'E-wallet', '电子钱包'),
      v('4', 'Hanya kartu', 'Pass only', '仅骑行卡'),
      v('5', 'Gratis', 'Free', '免费'),
    ],
  ),
  dict(
    'ride_orders_abnormal_reason',
    ['Alasan bermasalah', 'Abnormal reason', '异常原因'],
    [
      v('1', 'Tidak terkunci saat selesai', 'Not locked at end', '结束时未锁车'),
      v('2', 'Selesai di luar area', 'Ended outside area', '区域外结束'),
      v('3', 'Sinyal GPS hilang', 'GPS lost', 'GPS 信号丢失'),
      v('4', 'Melebihi durasi maksimum', 'Over max duration', '超过最长骑行时长'),
      v('5', 'Pembayaran gagal', 'Payment failed', '支付失败'),
      v('6', 'Perangkat offline', 'Device offline', '设备离线'),
    ],
  ),

  dict(
    'swap_orders_channel',
    ['Kanal tukar baterai', 'Swap channel', '换电方式'],
    [
      v('1', 'Pindai di aplikasi', 'App scan', 'App 扫码'),
      v('2', 'Bluetooth', 'BLE', '蓝牙'),
      v('3', 'Kode offline', 'Offline code', '离线码'),
      v('4', 'Konsol', 'Console', '后台'),
    ],
  ),
  dict(
    'swap_orders_status',
    ['Status tukar baterai', 'Swap status', '换电订单状态'],
    [
      v('0', 'Dimulai', 'Initiated', '已发起', 'primary'),
      v('1', 'Baterai lama masuk', 'Old battery in', '旧电池已放入', 'primary'),
      v('2', 'Selesai', 'Completed', '已完成', 'success'),
      v('3', 'Gagal', 'Failed', '失败', 'danger'),
      v('4', 'Dibatalkan', 'Cancelled', '已取消', 'info'),
    ],
  ),
  dict(
    'swap_orders_fail_reason',
    ['Alasan gagal', 'Fail reason', '失败原因'],
    [
      v('1', 'Pintu bermasalah', 'Door fault', '仓门故障'),
      v('2', 'Pemeriksaan baterai gagal', 'Battery check failed', '电池检测失败'),
      v('3', 'Waktu habis', 'Timeout', '超时'),
      v('4', 'Tidak ada baterai penuh', 'No full battery', '无满电电池'),
      v('5', 'Tidak berlangganan', 'Not subscribed', '未开通换电套餐'),
    ],
  ),
];
