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
};
