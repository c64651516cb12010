import { ACTIVE_DISABLED, ACTOR_TYPE, OWNER_TYPE } from './shared.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §2.1 fleet and assets, §3.2 vehicle op_state, §3.3 battery lifecycle. */

/** brands.kind; product_models.kind uses the same codes. */
export const BRAND_KIND: DictValueDef[] = [
  v('1', 'Kendaraan', 'Vehicle', '车辆'),
  v('2', 'Baterai', 'Battery', '电池'),
  v('3', 'Perangkat IoT', 'IoT device', '物联网设备'),
  v('4', 'Kabinet tukar baterai', 'Swap cabinet', '换电柜'),
];

/** §3.2 vehicles.op_state. In service = 20–70. */
export const VEHICLE_OP_STATE: DictValueDef[] = [
  v('10', 'Di gudang', 'In stock', '库存中', 'info'),
  v('20', 'Tersedia', 'Available', '可用', 'success'),
  v('30', 'Dipesan', 'Reserved', '已预约', 'warning'),
  v('40', 'Sedang dipakai', 'In use', '骑行中', 'primary'),
  v('50', 'Baterai lemah', 'Low battery', '低电量', 'warning'),
  v('60', 'Sedang tukar baterai', 'Swapping', '换电中', 'primary'),
  v('70', 'Sedang dipindahkan', 'Dispatching', '调度中', 'primary'),
  v('80', 'Perawatan', 'Maintenance', '维护中', 'warning'),
  v('90', 'Hilang', 'Lost', '丢失', 'danger'),
  v('100', 'Disita', 'Impounded', '被扣押', 'danger'),
  v('110', 'Disewa (jangka panjang)', 'On rental', '长租中', 'primary'),
  v('120', 'Dipensiunkan', 'Retired', '已退役', 'info'),
];

/** §3.2 event names, as written to vehicle_state_log.event. */
const VEHICLE_EVENT: DictValueDef[] = [
  v('create', 'Didaftarkan', 'Registered', '入库登记'),
  v('deploy', 'Penempatan', 'Deployed', '投放'),
  v('reserve', 'Pemesanan', 'Reserved', '预约'),
  v('reserve_expire', 'Pemesanan kedaluwarsa', 'Reservation expired', '预约超时'),
  v('cancel', 'Dibatalkan', 'Cancelled', '取消'),
  v('unlock_ok', 'Berhasil dibuka', 'Unlocked', '开锁成功'),
  v('ride_end', 'Perjalanan selesai', 'Ride ended', '骑行结束'),
  v('soc_below_threshold', 'Baterai di bawah ambang', 'SOC below threshold', '电量低于阈值'),
  v('soc_recovered', 'Baterai pulih', 'SOC recovered', '电量恢复'),
  v('ticket_started', 'Tiket dimulai', 'Ticket started', '工单开始'),
  v('ticket_submitted', 'Tiket diajukan', 'Ticket submitted', '工单提交'),
  v('fault_blocking', 'Gangguan berat', 'Blocking fault', '严重故障'),
  v('repair_done', 'Perbaikan selesai', 'Repair done', '维修完成'),
  v('ticket_released', 'Tiket dilepas', 'Ticket released', '工单释放'),
  v('mark_lost', 'Ditandai hilang', 'Marked lost', '标记丢失'),
  v('found', 'Ditemukan', 'Found', '已找回'),
  v('impound', 'Disita', 'Impounded', '扣押'),
  v('release', 'Dilepas dari sitaan', 'Released', '解除扣押'),
  v('rental_handover', 'Serah terima sewa', 'Rental handover', '长租交车'),
  v('rental_return', 'Pengembalian sewa', 'Rental return', '长租还车'),
  v('retire', 'Pemensiunan', 'Retired', '退役'),
];

/** §3.3 batteries.state. */
export const BATTERY_STATE: DictValueDef[] = [
  v('10', 'Di gudang', 'In stock', '在库', 'info'),
  v('20', 'Dalam perjalanan', 'In transit', '运输中', 'primary'),
  v('30', 'Terpasang', 'Installed', '已装车', 'success'),
  v('40', 'Di kabinet (penuh)', 'In cabinet (full)', '柜中满电', 'success'),
  v('45', 'Mengisi daya', 'Charging', '充电中', 'primary'),
  v('50', 'Dibawa anggota', 'With member', '会员持有', 'primary'),
  v('60', 'Rusak', 'Faulty', '故障', 'danger'),
  v('70', 'Dipensiunkan', 'Retired', '已退役', 'info'),
];

/** §3.3 event names, as written to battery_events.event. */
const BATTERY_EVENT: DictValueDef[] = [
  v('receive_lot', 'Lot diterima', 'Lot received', '批次入库'),
  v('dispatch_out', 'Keluar gudang', 'Dispatched out', '出库'),
  v('install', 'Dipasang', 'Installed', '装车'),
  v('put_in_cabinet', 'Dimasukkan ke kabinet', 'Put in cabinet', '放入电柜'),
  v('staff_takes', 'Diambil staf', 'Taken by staff', '员工取出'),
  v('remove', 'Dilepas', 'Removed', '拆下'),
  v('charge_full', 'Terisi penuh', 'Fully charged', '充满'),
  v('member_takes', 'Diambil anggota', 'Taken by member', '会员取走'),
  v('member_returns', 'Dikembalikan anggota', 'Returned by member', '会员归还'),
  v('return_to_depot', 'Kembali ke gudang', 'Returned to depot', '退回仓库'),
  v('fault_detected', 'Gangguan terdeteksi', 'Fault detected', '检测到故障'),
  v('repaired', 'Diperbaiki', 'Repaired', '已修复'),
  v('retire', 'Pemensiunan', 'Retired', '退役'),
];

const ORDERED_LOT_KIND: DictValueDef[] = [
  v('1', 'Kendaraan', 'Vehicle', '车辆'),
  v('2', 'Baterai', 'Battery', '电池'),
  v('3', 'Perangkat IoT', 'IoT device', '物联网设备'),
];

export const fleetDicts: DictTypeDef[] = [
  dict('brands_kind', ['Jenis merek', 'Brand kind', '品牌类别'], BRAND_KIND),
  dict('brands_status', ['Status merek', 'Brand status', '品牌状态'], ACTIVE_DISABLED),

  dict('product_models_kind', ['Jenis model', 'Model kind', '型号类别'], BRAND_KIND),
  dict(
    'product_models_form_factor',
    ['Bentuk kendaraan', 'Form factor', '车辆形态'],
    [
      // GBFS v3.0 vehicle_types.form_factor (DOMAIN: {bicycle, moped, scooter_seated, …})
      v('bicycle', 'Sepeda', 'Bicycle', '自行车'),
      v('cargo_bicycle', 'Sepeda kargo', 'Cargo bicycle', '载货自行车'),
      v('car', 'Mobil', 'Car', '汽车'),
      v('moped', 'Moped', 'Moped', '轻便摩托车'),
      v('scooter_standing', 'Skuter berdiri', 'Standing scooter', '站立式滑板车'),
      v('scooter_seated', 'Skuter duduk', 'Seated scooter', '座式滑板车'),
      v('other', 'Lainnya', 'Other', '其他'),
    ],
  ),
  dict(
    'product_models_propulsion',
    ['Jenis penggerak', 'Propulsion', '动力类型'],
    [v('electric_assist', 'Bantuan listrik (pedal)', 'Electric assist', '电助力'), v('electric', 'Listrik penuh', 'Electric', '纯电动')],
  ),
  dict('product_models_status', ['Status model', 'Model status', '型号状态'], ACTIVE_DISABLED),

  dict(
    'suppliers_kind',
    ['Jenis pemasok', 'Supplier kind', '供应商类别'],
    [
      v('1', 'Kendaraan', 'Vehicle', '车辆'),
      v('2', 'Baterai', 'Battery', '电池'),
      v('3', 'Suku cadang', 'Parts', '配件'),
      v('4', 'Perangkat IoT', 'IoT device', '物联网设备'),
      v('5', 'Jasa', 'Service', '服务'),
    ],
  ),
  dict(
    'suppliers_status',
    ['Status pemasok', 'Supplier status', '供应商状态'],
    [v('0', 'Aktif', 'Active', '启用', 'success'), v('1', 'Diblokir', 'Blocked', '已拉黑', 'danger')],
  ),

  dict('factory_lots_kind', ['Jenis lot', 'Lot kind', '批次类别'], ORDERED_LOT_KIND),
  dict(
    'factory_lots_status',
    ['Status lot', 'Lot status', '批次状态'],
    [
      v('0', 'Dipesan', 'Ordered', '已下单', 'warning'),
      v('1', 'Dalam produksi', 'In production', '生产中', 'primary'),
      v('2', 'Diterima', 'Received', '已到货', 'success'),
      v('3', 'Ditutup', 'Closed', '已关闭', 'info'),
    ],
  ),

  dict(
    'vehicles_lock_type',
    ['Jenis kunci', 'Lock type', '锁类型'],
    [
      v('1', 'Kunci IoT', 'IoT lock', '物联网锁'),
      v('2', 'Kunci Bluetooth', 'Bluetooth (BLE) lock', '蓝牙锁'),
      v('3', 'IoT dan Bluetooth', 'IoT and Bluetooth', '物联网+蓝牙'),
    ],
  ),
  dict('vehicles_op_state', ['Status operasional', 'Operational state', '运营状态'], VEHICLE_OP_STATE),
  dict(
    'vehicles_usage_mode',
    ['Mode penggunaan', 'Usage mode', '使用模式'],
    [v('1', 'Berbagi', 'Sharing', '共享'), v('2', 'Sewa jangka panjang', 'Long-term rental', '长租'), v('3', 'Keduanya', 'Both', '两者皆可')],
  ),
  dict('vehicles_owner_type', ['Jenis pemilik', 'Owner type', '资产归属'], OWNER_TYPE),

  dict('vehicle_state_log_from_state', ['Status awal', 'From state', '原状态'], VEHICLE_OP_STATE),
  dict('vehicle_state_log_to_state', ['Status baru', 'To state', '新状态'], VEHICLE_OP_STATE),
  dict('vehicle_state_log_event', ['Peristiwa', 'Event', '事件'], VEHICLE_EVENT),
  dict('vehicle_state_log_actor_type', ['Jenis pelaku', 'Actor type', '操作者类型'], ACTOR_TYPE),

  dict('batteries_state', ['Status baterai', 'Battery state', '电池状态'], BATTERY_STATE),
  dict(
    'batteries_health',
    ['Kesehatan baterai', 'Battery health', '电池健康'],
    [
      v('0', 'Normal', 'Normal', '正常', 'success'),
      v('1', 'Menurun (SOH < 80)', 'Degraded (SOH < 80)', '衰减 (SOH < 80)', 'warning'),
      v('2', 'Rusak', 'Faulty', '故障', 'danger'),
    ],
  ),
  dict('batteries_owner_type', ['Jenis pemilik', 'Owner type', '资产归属'], OWNER_TYPE),

  dict('battery_events_event', ['Peristiwa baterai', 'Battery event', '电池事件'], BATTERY_EVENT),
  dict('battery_events_from_state', ['Status awal', 'From state', '原状态'], BATTERY_STATE),
  dict('battery_events_to_state', ['Status baru', 'To state', '新状态'], BATTERY_STATE),
  dict('battery_events_actor_type', ['Jenis pelaku', 'Actor type', '操作者类型'], ACTOR_TYPE),

  dict(
    'battery_acquisitions_status',
    ['Status akuisisi', 'Acquisition status', '收购状态'],
    [
      v('0', 'Dipesan', 'Ordered', '已下单', 'warning'),
      v('1', 'Dibayar', 'Paid', '已付款', 'primary'),
      v('2', 'Diserahkan', 'Delivered', '已交付', 'success'),
      v('3', 'Dibatalkan', 'Cancelled', '已取消', 'info'),
    ],
  ),

  dict(
    'spare_parts_status',
    ['Status suku cadang', 'Spare part status', '备件状态'],
    [v('0', 'Aktif', 'Active', '启用', 'success'), v('1', 'Dihentikan', 'Discontinued', '已停产', 'info')],
  ),
  dict(
    'spare_parts_unit',
    ['Satuan', 'Unit', '单位'],
    [v('pcs', 'Buah', 'Piece', '个'), v('set', 'Set', 'Set', '套'), v('m', 'Meter', 'Metre', '米')],
  ),
  dict(
    'spare_part_movements_reason',
    ['Alasan mutasi stok', 'Movement reason', '出入库原因'],
    [
      v('1', 'Masuk dari pembelian', 'Purchase in', '采购入库'),
      v('2', 'Keluar untuk perbaikan', 'Repair out', '维修出库'),
      v('3', 'Transfer keluar', 'Transfer out', '调拨出库'),
      v('4', 'Transfer masuk', 'Transfer in', '调拨入库'),
      v('5', 'Retur masuk', 'Return in', '退货入库'),
      v('6', 'Afkir', 'Scrap', '报废'),
      v('7', 'Penyesuaian', 'Adjustment', '盘点调整'),
    ],
  ),

  dict(
    'fault_types_severity',
    ['Tingkat keparahan', 'Severity', '严重程度'],
    [
      v('1', 'Tidak bisa dikendarai', 'Blocks riding', '无法骑行', 'danger'),
      v('2', 'Fungsi menurun', 'Degraded', '功能受限', 'warning'),
      v('3', 'Kosmetik', 'Cosmetic', '外观问题', 'info'),
    ],
  ),
  dict(
    'fault_types_default_action',
    ['Tindakan bawaan', 'Default action', '默认处理方式'],
    [v('1', 'Perbaiki di lokasi', 'Fix on site', '现场修复'), v('2', 'Perbaikan di bengkel', 'Workshop repair', '返修车间')],
  ),

  dict(
    'vehicle_faults_source',
    ['Sumber gangguan', 'Fault source', '故障来源'],
    [
      v('1', 'Laporan pengendara', 'Rider report', '用户上报'),
      v('2', 'Kode IoT', 'IoT code', '物联网故障码'),
      v('3', 'Inspeksi', 'Inspection', '巡检'),
      v('4', 'Staf', 'Staff', '员工'),
    ],
  ),
  dict(
    'vehicle_faults_status',
    ['Status gangguan', 'Fault status', '故障状态'],
    [
      v('0', 'Terbuka', 'Open', '待处理', 'warning'),
      v('1', 'Dalam tiket', 'In ticket', '工单处理中', 'primary'),
      v('2', 'Sudah diperbaiki', 'Fixed', '已修复', 'success'),
      v('3', 'Tidak dapat direproduksi', 'Not reproducible', '无法复现', 'info'),
    ],
  ),
];
