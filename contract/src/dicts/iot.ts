import { VEHICLE_OP_STATE } from './fleet.ts';
import { TICKET_TYPE } from './operations.ts';
import { ACTOR_TYPE } from './shared.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §6 IoT: telemetry, cabinet slots, commands, illegal-move locks, alarm rules and alarms (§3.14). */

/** vehicle_telemetry.lock_state; vehicle_live_status copies it. */
const LOCK_STATE: DictValueDef[] = [
  v('0', 'Terkunci', 'Locked', '已上锁', 'success'),
  v('1', 'Terbuka', 'Unlocked', '已开锁', 'primary'),
  v('2', 'Tidak diketahui', 'Unknown', '未知', 'warning'),
];

/** alarm_rules.target_type; alarms copies it. */
const ALARM_TARGET: DictValueDef[] = [
  v('1', 'Kendaraan', 'Vehicle', '车辆'),
  v('2', 'Baterai', 'Battery', '电池'),
  v('3', 'Kabinet', 'Cabinet', '电柜'),
  v('4', 'Sistem', 'System', '系统'),
  v('5', 'Stok suku cadang', 'Spare-part stock', '备件库存'),
];

/** alarm_rules.level; alarms copies it. */
const ALARM_LEVEL: DictValueDef[] = [
  v('1', 'Kritis', 'Critical', '紧急', 'danger'),
  v('2', 'Berat', 'Major', '重要', 'warning'),
  v('3', 'Ringan', 'Minor', '次要', 'info'),
  v('4', 'Informasi', 'Info', '提示'),
];

/** alarm_code of the default rules (§6.3 table); alarm_rules and alarms hold it as text. */
const ALARM_CODE: DictValueDef[] = [
  v('LOW_SOC', 'Baterai lemah', 'Low SOC', '低电量'),
  v('OFFLINE', 'Kendaraan offline', 'Vehicle offline', '车辆离线'),
  v('ILLEGAL_MOVE', 'Pemindahan ilegal', 'Illegal move', '非法移动'),
  v('OUT_OF_AREA', 'Di luar area layanan', 'Out of service area', '超出服务区'),
  v('TAMPER', 'Pembongkaran', 'Tamper', '防拆报警'),
  v('FALL', 'Jatuh / miring', 'Fall', '倾倒'),
  v('POWER_CUT', 'Listrik utama terputus', 'Power cut', '主电源断开'),
  v('OVERSPEED', 'Kecepatan berlebih', 'Overspeed', '超速'),
  v('LOCK_FAIL', 'Gagal mengunci', 'Lock failure', '锁车失败'),
  v('BATTERY_TEMP', 'Suhu baterai tinggi', 'Battery over-temperature', '电池过温'),
  v('BATTERY_SOH', 'Kesehatan baterai rendah', 'Low battery health', '电池健康度低'),
  v('CABINET_OFFLINE', 'Kabinet offline', 'Cabinet offline', '电柜离线'),
  v('CABINET_NO_FULL', 'Kabinet kekurangan baterai penuh', 'Cabinet short of full batteries', '电柜满电不足'),
  v('TASK_FAILING', 'Tugas terjadwal gagal berulang', 'Task failing', '定时任务连续失败'),
  v('LEDGER_DRIFT', 'Selisih buku besar', 'Ledger drift', '账务不平'),
  v('LATE_PAYMENT', 'Pembayaran terlambat', 'Late payment', '延迟到账'),
  v('PREPAID_STUCK', 'Prabayar tertahan', 'Prepaid stuck', '预付订单卡单'),
  v('LOW_SPARE_STOCK', 'Stok suku cadang di bawah stok aman', 'Spare part below safety stock', '备件低于安全库存'),
];

export const iotDicts: DictTypeDef[] = [
  dict(
    'vehicle_telemetry_msg_type',
    ['Jenis pesan', 'Message type', '报文类型'],
    [
      v('1', 'Detak (heartbeat)', 'Heartbeat', '心跳'),
      v('2', 'Lokasi', 'Location', '定位'),
      v('3', 'Alarm', 'Alarm', '告警'),
      v('4', 'Peristiwa', 'Event', '事件'),
      v('5', 'Balasan perintah', 'Command ack', '指令应答'),
    ],
  ),
  dict('vehicle_telemetry_lock_state', ['Status kunci', 'Lock state', '锁状态'], LOCK_STATE),
  // Bit positions of alarm_bits (bit n set = alarm n); a frame may carry several.
  dict(
    'vehicle_telemetry_alarm_bits',
    ['Bit alarm', 'Alarm bits', '告警位'],
    [
      v('0', 'Getaran / pemindahan ilegal', 'Vibration / illegal movement', '震动/非法移动'),
      v('1', 'Jatuh / miring', 'Fall / tilt', '倾倒'),
      v('2', 'Pembongkaran', 'Tamper / disassembly', '防拆报警'),
      v('3', 'Listrik utama terputus', 'Main power cut', '主电源断开'),
      v('4', 'Baterai lemah', 'Low battery', '低电量'),
      v('5', 'Kecepatan berlebih', 'Overspeed', '超速'),
      v('6', 'Keluar geofence', 'Geofence exit', '驶出围栏'),
      v('7', 'Baterai cadangan lemah', 'Backup battery low', '备用电池电量低'),
      v('8', 'Gangguan kontroler', 'Controller fault', '控制器故障'),
      v('9', 'Gangguan mekanisme kunci', 'Lock mechanism fault', '锁机构故障'),
      v('10', 'Suhu baterai berlebih', 'Battery over-temperature', '电池过温'),
    ],
  ),

  dict('vehicle_live_status_op_state', ['Status operasional', 'Operational state', '运营状态'], VEHICLE_OP_STATE),
  dict('vehicle_live_status_lock_state', ['Status kunci', 'Lock state', '锁状态'], LOCK_STATE),

  dict(
    'cabinet_slots_state',
    ['Status slot', 'Slot state', '仓位状态'],
    [
      v('0', 'Kosong', 'Empty', '空仓', 'info'),
      v('1', 'Mengisi daya', 'Charging', '充电中', 'primary'),
      v('2', 'Penuh', 'Full', '满电', 'success'),
      v('3', 'Rusak', 'Fault', '故障', 'danger'),
      v('4', 'Dikunci / nonaktif', 'Locked / disabled', '锁定/停用', 'warning'),
    ],
  ),

  dict(
    'iot_commands_command',
    ['Perintah', 'Command', '指令'],
    [
      v('1', 'Buka kunci', 'Unlock', '开锁'),
      v('2', 'Kunci', 'Lock', '关锁'),
      v('3', 'Bunyikan / cari', 'Ring / locate', '响铃寻车'),
      v('4', 'Buka kompartemen baterai', 'Battery unlock', '开电池仓'),
      v('5', 'Atur batas kecepatan', 'Set speed limit', '设置限速'),
      v('6', 'Mulai ulang', 'Reboot', '重启'),
      v('7', 'Matikan daya (imobilisasi)', 'Power off (immobilise)', '断电'),
      v('8', 'Nyalakan daya', 'Power on', '通电'),
    ],
  ),
  dict(
    'iot_commands_source',
    ['Sumber perintah', 'Command source', '指令来源'],
    [
      v('1', 'Aplikasi pengendara', 'Rider app', '骑行端'),
      v('2', 'Konsol', 'Console', '后台'),
      v('3', 'Aplikasi teknisi / alat operasional', 'Technician app / operation tool', '运维端/运维工具'),
      v('4', 'Sewa terlambat', 'Rental overdue', '长租逾期'),
      v('5', 'Aturan pemindahan ilegal', 'Illegal move rule', '非法移动规则'),
      v('6', 'Akhir / jeda perjalanan', 'Ride end / pause', '还车/临时锁车'),
    ],
  ),
  // DOMAIN gives requested_by_type no codes; read with the actor_type shorthand (assumption).
  dict('iot_commands_requested_by_type', ['Jenis peminta', 'Requested by', '请求方类型'], ACTOR_TYPE),
  dict(
    'iot_commands_result',
    ['Hasil perintah', 'Command result', '指令结果'],
    [
      v('0', 'Menunggu', 'Pending', '等待应答', 'warning'),
      v('1', 'Berhasil', 'Success', '成功', 'success'),
      v('2', 'Gagal', 'Failed', '失败', 'danger'),
      v('3', 'Waktu habis', 'Timeout', '超时', 'danger'),
    ],
  ),

  dict(
    'illegal_move_locks_trigger',
    ['Pemicu', 'Trigger', '触发条件'],
    [
      v('1', 'Getaran tanpa pesanan', 'Vibration without order', '无订单震动'),
      v('2', 'Berpindah melebihi ambang tanpa pesanan', 'Displacement over threshold without order', '无订单位移超限'),
      v('3', 'Keluar area layanan saat parkir', 'Moved out of service area while parked', '停放时移出服务区'),
    ],
  ),
  dict(
    'illegal_move_locks_action',
    ['Tindakan', 'Action', '处理动作'],
    [v('1', 'Kunci', 'Lock', '锁车'), v('2', 'Kunci + sirene', 'Lock + siren', '锁车并鸣笛'), v('3', 'Hanya alarm', 'Alarm only', '仅告警')],
  ),
  dict(
    'illegal_move_locks_result',
    ['Hasil', 'Result', '处理结果'],
    [
      v('0', 'Menunggu', 'Pending', '处理中', 'warning'),
      v('1', 'Terkunci', 'Locked', '已锁车', 'success'),
      v('2', 'Gagal mengunci', 'Lock failed', '锁车失败', 'danger'),
    ],
  ),

  dict('alarm_rules_alarm_code', ['Kode alarm', 'Alarm code', '告警编码'], ALARM_CODE),
  dict('alarm_rules_target_type', ['Jenis objek', 'Target type', '告警对象'], ALARM_TARGET),
  dict('alarm_rules_level', ['Tingkat alarm', 'Alarm level', '告警级别'], ALARM_LEVEL),
  dict('alarm_rules_auto_ticket_type', ['Tiket otomatis', 'Auto ticket type', '自动工单类型'], TICKET_TYPE),

  dict('alarms_alarm_code', ['Kode alarm', 'Alarm code', '告警编码'], ALARM_CODE),
  dict('alarms_level', ['Tingkat alarm', 'Alarm level', '告警级别'], ALARM_LEVEL),
  dict('alarms_target_type', ['Jenis objek', 'Target type', '告警对象'], ALARM_TARGET),
  dict(
    'alarms_status',
    ['Status alarm', 'Alarm status', '告警状态'],
    [
      v('0', 'Terbuka', 'Open', '待处理', 'warning'),
      v('1', 'Dikonfirmasi', 'Acknowledged', '已确认', 'primary'),
      v('2', 'Diselesaikan', 'Resolved', '已处理', 'success'),
      v('3', 'Pulih otomatis', 'Recovered', '已自动恢复', 'success'),
      v('4', 'Diabaikan', 'Ignored', '已忽略', 'info'),
    ],
  ),

  dict(
    'alarm_events_event',
    ['Peristiwa alarm', 'Alarm event', '告警事件'],
    [
      v('raised', 'Muncul', 'Raised', '触发'),
      v('repeated', 'Berulang', 'Repeated', '重复'),
      v('ack', 'Dikonfirmasi', 'Acknowledged', '确认'),
      v('resolved', 'Diselesaikan', 'Resolved', '处理完成'),
      v('recovered', 'Pulih', 'Recovered', '恢复'),
      v('reopened', 'Dibuka kembali', 'Reopened', '重新打开'),
      v('notified', 'Notifikasi dikirim', 'Notified', '已通知'),
    ],
  ),
];
