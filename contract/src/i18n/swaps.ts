import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of battery swaps (stationDebitListPage), swap cabinets on the device link and the app's refusals (docs/swaps.md). */
export const swapsCatalogue: Catalogue = {
  'resource.swapOrder': t('Tukar baterai', 'Battery swap', '换电订单'),
  'field.swapOrder.orderNo': t('No. pesanan', 'Order no.', '订单号'),
  'field.swapOrder.status': t('Status', 'Status', '状态'),
  'field.swapOrder.cityCode': t('Kota', 'City', '城市'),
  'field.swapOrder.memberPhone': t('Telepon anggota', 'Member phone', '会员手机号'),
  'field.swapOrder.stationId': t('Kabinet', 'Cabinet', '换电柜'),
  'field.swapOrder.channel': t('Kanal', 'Channel', '方式'),
  'field.swapOrder.startedAt': t('Mulai', 'Started', '开始时间'),
  'field.swapOrder.finishedAt': t('Selesai', 'Finished', '结束时间'),
  'field.swapOrder.oldBatterySn': t('Baterai lama', 'Pack returned', '归还电池'),
  'field.swapOrder.oldSoc': t('SOC lama (%)', 'Returned SOC (%)', '归还电量 (%)'),
  'field.swapOrder.newBatterySn': t('Baterai baru', 'Pack taken', '取出电池'),
  'field.swapOrder.newSoc': t('SOC baru (%)', 'Taken SOC (%)', '取出电量 (%)'),
  'field.swapOrder.slotIn': t('Slot masuk', 'Bay in', '放入仓位'),
  'field.swapOrder.slotOut': t('Slot keluar', 'Bay out', '取出仓位'),
  'field.swapOrder.userCardId': t('Paket tukar baterai', 'Swap plan', '换电套餐'),
  'field.swapOrder.fee': t('Biaya', 'Fee', '费用'),
  'field.swapOrder.currency': t('Mata uang', 'Currency', '币种'),
  'field.swapOrder.failReason': t('Alasan gagal', 'Fail reason', '失败原因'),
  'field.swapOrder.createdAt': t('Dibuat', 'Created', '创建时间'),
  'field.swapOrder.memberId': t('ID anggota', 'Member ID', '会员 ID'),
  'field.swapOrder.remark': t('Catatan', 'Remark', '备注'),
  'related.swapOrder.entries': t('Jurnal buku besar', 'Ledger postings', '账务分录'),
  'field.ledgerEntry.swapOrderId': t('Tukar baterai', 'Battery swap', '换电订单'),

  'field.station.swapFee': t('Biaya tukar tanpa paket', 'Swap fee without a plan', '单次换电费用'),
  'field.station.swapFee.hint': t(
    'Kosongkan bila hanya pemegang paket tukar baterai yang boleh menukar di sini',
    'Leave empty when only swap-plan holders may swap here',
    '留空则仅换电套餐用户可在此换电',
  ),
  'field.station.lastReportedAt': t('Laporan terakhir', 'Last report', '最近上报'),
  'device.key.explainCabinet': t(
    'Kabinet (IMEI modem {imei}) masuk ke broker MQTT dengan IMEI dan kata sandinya. Kata sandi baru langsung menggantikan yang lama: kabinet yang masih memakai yang lama terputus sampai yang baru dipasang.',
    'The cabinet (modem IMEI {imei}) signs in to the MQTT broker with its IMEI and its key. A new key replaces the old one at once: a cabinet still using the old key is disconnected until the new one is set in it.',
    '换电柜（模块 IMEI {imei}）以 IMEI 和密钥登录 MQTT 服务。新密钥立即取代旧密钥：仍使用旧密钥的换电柜将断开，直到写入新密钥。',
  ),

  'swap.cabinetUnknown': t('Kabinet tidak ditemukan', 'No such cabinet', '换电柜不存在'),
  'swap.cabinetOffline': t(
    'Kabinet ini sedang tidak terhubung; coba kabinet lain',
    'This cabinet is not connected; try another one',
    '该换电柜离线,请换一台',
  ),
  'swap.cabinetBusy': t(
    'Kabinet ini sedang melayani penukaran lain; tunggu sebentar',
    'This cabinet is serving another swap; wait a moment',
    '该换电柜正在为他人换电,请稍候',
  ),
  'swap.alreadySwapping': t('Anda sudah memiliki penukaran yang berlangsung', 'You already have a swap under way', '您已有进行中的换电'),
  'swap.noFullBattery': t(
    'Tidak ada baterai penuh di kabinet ini; coba kabinet lain',
    'No full battery in this cabinet; try another one',
    '该换电柜暂无满电电池,请换一台',
  ),
  'swap.noEmptySlot': t(
    'Tidak ada slot kosong untuk baterai Anda di kabinet ini',
    'No empty bay for your battery in this cabinet',
    '该换电柜没有空仓位放入您的电池',
  ),
  'swap.notSubscribed': t(
    'Beli paket tukar baterai untuk menukar di kabinet ini',
    'Buy a swap plan to swap at this cabinet',
    '请购买换电套餐后在此换电',
  ),
  'swap.lowBalance': t(
    'Saldo tidak cukup: tukar baterai di sini {fee} {currency}',
    'Not enough balance: a swap here costs {fee} {currency}',
    '余额不足:在此换电需 {fee} {currency}',
  ),
  'swap.notCancellable': t(
    'Penukaran hanya dapat dibatalkan sebelum baterai Anda dimasukkan',
    'A swap can be cancelled only before your battery is put in',
    '放入电池后不能取消换电',
  ),
  'swap.none': t('Penukaran tidak ditemukan', 'No such swap', '换电订单不存在'),
  'jobTarget.swapTask.expire': t(
    'Menggagalkan penukaran yang pintunya tidak didatangi anggota tepat waktu',
    'Fails swaps whose open door the member did not come to in time',
    '使会员未按时取放电池的换电失败',
  ),
  'jobRun.msg.swapsExpired': t('Penukaran yang habis waktu', 'Swaps timed out', '超时的换电'),
  'device.noCabinet': t('Kabinet tanpa nomor perangkat', 'A cabinet with no device serial', '该站点不是已登记设备编号的换电柜'),
};
