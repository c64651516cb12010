import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of the device link (docs/iot.md): device keys, telemetry, commands. */
export const iotCatalogue: Catalogue = {
  'device.noVehicleWithImei': t(
    'Kendaraan tidak ditemukan atau belum memiliki IMEI kotak IoT',
    'No such vehicle, or it has no IoT box IMEI yet',
    '车辆不存在，或尚未填写 IoT 设备 IMEI',
  ),
  'device.offline': t(
    'Kotak IoT kendaraan ini sedang tidak terhubung; perintah tidak terkirim',
    "This vehicle's IoT box is not connected; the command was not sent",
    '该车辆的 IoT 设备未连接，指令未发送',
  ),
  'device.commandFailed': t(
    'Perangkat tidak dapat menjalankan perintah: {reason}',
    'The device could not carry out the command: {reason}',
    '设备未能执行指令：{reason}',
  ),

  'device.key.title': t('Kredensial perangkat IoT', 'IoT device key', '设备密钥'),
  'device.key.issue': t('Buat kata sandi baru', 'Issue a new key', '生成新密钥'),
  'device.key.explain': t(
    'Kotak IoT (IMEI {imei}) masuk ke broker MQTT dengan IMEI dan kata sandinya. Kata sandi baru langsung menggantikan yang lama: kotak yang masih memakai yang lama terputus sampai yang baru dipasang.',
    'The IoT box (IMEI {imei}) signs in to the MQTT broker with its IMEI and its key. A new key replaces the old one at once: a box still using the old key is disconnected until the new one is set in it.',
    'IoT 设备（IMEI {imei}）以 IMEI 和密钥登录 MQTT 服务。新密钥立即取代旧密钥：仍使用旧密钥的设备将断开，直到写入新密钥。',
  ),
  'device.key.once': t(
    'Kata sandi ini hanya ditampilkan sekali. Salin sekarang ke konfigurasi kotak IoT.',
    'This key is shown only this once. Copy it into the IoT box’s configuration now.',
    '密钥仅显示这一次，请立即复制到设备配置中。',
  ),
  'device.key.user': t('Nama pengguna MQTT (IMEI)', 'MQTT user name (IMEI)', 'MQTT 用户名 (IMEI)'),
  'device.key.password': t('Kata sandi MQTT', 'MQTT password (key)', 'MQTT 密码（密钥）'),
  'device.command.lock': t('Kunci', 'Lock', '锁车'),
  'device.command.unlock': t('Buka kunci', 'Unlock', '开锁'),
  'device.command.ring': t('Bunyikan', 'Ring', '响铃寻车'),
  'device.command.lock.done': t('Kendaraan terkunci', 'The vehicle is locked', '已锁车'),
  'device.command.unlock.done': t('Kunci kendaraan terbuka', 'The vehicle is unlocked', '已开锁'),
  'device.command.ring.done': t('Kendaraan berbunyi', 'The vehicle is ringing', '车辆正在响铃'),

  'resource.bikeLockLog': t('Log kunci kendaraan', 'Vehicle lock log', '锁车日志'),
  'field.bikeLockLog.commandNo': t('Nomor perintah', 'Command number', '指令编号'),
  'field.bikeLockLog.vehicleId': t('Kendaraan', 'Vehicle', '车辆'),
  'field.bikeLockLog.imei': t('IMEI', 'IMEI', 'IMEI'),
  'field.bikeLockLog.command': t('Perintah', 'Command', '指令'),
  'field.bikeLockLog.source': t('Sumber', 'Source', '来源'),
  'field.bikeLockLog.requestedById': t('Diminta oleh', 'Requested by', '请求人'),
  'field.bikeLockLog.result': t('Hasil', 'Result', '结果'),
  'field.bikeLockLog.latencyMs': t('Latensi (ms)', 'Latency (ms)', '时延 (毫秒)'),
  'field.bikeLockLog.failReason': t('Alasan gagal', 'Failure reason', '失败原因'),
  'field.bikeLockLog.sentAt': t('Dikirim', 'Sent at', '发送时间'),
  'field.bikeLockLog.ackedAt': t('Dijawab', 'Acked at', '应答时间'),

  'resource.alarmRule': t('Aturan alarm', 'Alarm rule', '告警规则'),
  'field.alarmRule.alarmCode': t('Kode alarm', 'Alarm code', '告警编码'),
  'field.alarmRule.cityCode': t('Kota', 'City', '城市'),
  'field.alarmRule.cityCode.hint': t(
    'Kosong: bawaan untuk semua kota; aturan sebuah kota menggantikannya di kota itu',
    'Empty: the default for every city; a city’s own rule replaces it there',
    '留空为所有城市的默认规则；城市自有规则在该城市优先',
  ),
  'field.alarmRule.targetType': t('Jenis objek', 'Target type', '告警对象'),
  'field.alarmRule.level': t('Tingkat', 'Level', '级别'),
  'field.alarmRule.threshold': t('Ambang', 'Threshold', '阈值'),
  'field.alarmRule.threshold2': t('Ambang kedua', 'Second threshold', '二级阈值'),
  'field.alarmRule.holdS': t('Bertahan (detik)', 'Hold (s)', '持续时间 (秒)'),
  'field.alarmRule.recoverS': t('Pulih setelah (detik)', 'Recover after (s)', '恢复时间 (秒)'),
  'field.alarmRule.repeatMin': t('Ulangi pemberitahuan (menit)', 'Repeat notice (min)', '重复通知 (分钟)'),
  'field.alarmRule.autoTicketType': t('Tiket otomatis', 'Auto ticket', '自动工单'),
  'field.alarmRule.enabled': t('Aktif', 'Enabled', '启用'),
  'field.alarmRule.remark': t('Catatan', 'Remark', '备注'),
  'validation.alarmTargetOfCode': t(
    'Kode alarm ini untuk jenis objek lain',
    'This alarm code is about another kind of target',
    '该告警编码对应其他告警对象',
  ),
};
