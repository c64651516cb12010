import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of the device link (docs/iot.md): device keys, telemetry, commands. */
export const iotCatalogue: Catalogue = {
  'device.noVehicleWithImei': t(
    'Kendaraan tidak ditemukan atau belum memiliki IMEI kotak IoT',
    'No such vehicle, or it has no IoT box IMEI yet',
    '车辆不存在，或尚未填写 IoT 设备 IMEI',
  ),
};
