import type { Catalogue, Trilingual } from '../lang.ts';

/** [id, en, zh] → Trilingual; one line per key. */
const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** The e-bike centre Home (/vehicle_main, `page.vehicleDashboard.*`): web/src/modules/vehicle/index. */
export const vehicleDashboardCatalogue: Catalogue = {
  'page.vehicleDashboard.label': t('Ringkasan {module}', '{module} overview', '{module}概览'),
  'page.vehicleDashboard.inService': t('Beroperasi', 'In service', '运营中'),
  'page.vehicleDashboard.ofFleet': t('dari {count} kendaraan', 'of {count} vehicles', '共 {count} 辆车'),
  'page.vehicleDashboard.onlineRate': t('Tingkat daring', 'Online rate', '在线率'),
  'page.vehicleDashboard.onlineOf': t('{online} dari {inService} daring', '{online} of {inService} online', '{inService} 辆中 {online} 辆在线'),
  'page.vehicleDashboard.averageSoc': t('Rata-rata baterai', 'Average SOC', '平均电量'),
  'page.vehicleDashboard.averageSocCaption': t('Kendaraan yang beroperasi', 'Of vehicles in service', '运营中车辆'),
  'page.vehicleDashboard.lowBattery': t('Baterai lemah', 'Low battery', '低电量'),
  'page.vehicleDashboard.lowBatteryCaption': t('Menunggu tukar baterai', 'Waiting for a swap', '等待换电'),
  'page.vehicleDashboard.byState': t('Armada per status operasional', 'Fleet by operational state', '车队运营状态分布'),
  'page.vehicleDashboard.state': t('Status', 'State', '状态'),
  'page.vehicleDashboard.vehicles': t('Kendaraan', 'Vehicles', '车辆'),
  'page.vehicleDashboard.byModel': t('Kendaraan per model', 'Vehicles by model', '各车型车辆数'),
  'page.vehicleDashboard.model': t('Model', 'Model', '车型'),
  'page.vehicleDashboard.batteriesByState': t('Baterai per status', 'Batteries by state', '电池状态分布'),
  'page.vehicleDashboard.batteries': t('Baterai', 'Batteries', '电池'),
  'page.vehicleDashboard.empty': t('Belum ada kendaraan di kota ini.', 'There are no vehicles in this city yet.', '该城市暂无车辆。'),
  'page.vehicleDashboard.allCitiesEmpty': t('Belum ada kendaraan.', 'There are no vehicles yet.', '暂无车辆。'),
  'page.vehicleDashboard.failed': t('Ringkasan armada tidak dapat dimuat.', 'The fleet overview cannot be loaded.', '车队概览无法加载。'),
  'page.vehicleDashboard.retry': t('Coba lagi', 'Try again', '重试'),
};
