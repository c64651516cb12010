import type { Catalogue, Trilingual } from '../lang.ts';

/** [id, en, zh] → Trilingual; one line per key. */
const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/**
 * The zone page's map (operations/area_scheduling_list, `page.zoneMap.*`) and the business map
 * (merchant/businessmap, `page.businessMap.*`), web/src/modules/operations/areaScheduling and merchant/businessMap.
 */
export const zoneMapsCatalogue: Catalogue = {
  'page.zoneMap.title': t('Peta area', 'Zone map', '区域地图'),
  'page.zoneMap.count': t('{count} area', '{count} zones', '{count} 个区域'),
  'page.zoneMap.legend': t('Keterangan jenis area', 'Zone types legend', '区域类型图例'),
  'page.zoneMap.truncated': t(
    'Peta menampilkan {shown} dari {total} area.',
    'The map shows {shown} of {total} zones.',
    '地图显示 {total} 个区域中的 {shown} 个。',
  ),
  'page.zoneMap.hint': t(
    'Klik sebuah area di peta untuk melihat detailnya.',
    'Click a zone on the map to see its details.',
    '点击地图上的区域查看详情。',
  ),
  'page.zoneMap.context': t(
    '{count} area lain di kota ini ditampilkan samar sebagai acuan.',
    "The city's {count} other zones are shown faintly for reference.",
    '本城市的其他 {count} 个区域以浅色显示，供参考。',
  ),
  'page.businessMap.description': t(
    'Merchant, stasiun dan area kota yang dipilih dalam satu peta.',
    "The selected city's merchants, stations and zones on one map.",
    '所选城市的商户、站点和区域，尽在一张地图。',
  ),
  'page.businessMap.map': t('Peta bisnis', 'Business map', '业务地图'),
  'page.businessMap.stations': t('Stasiun', 'Stations', '站点'),
  'page.businessMap.zones': t('Area', 'Zones', '区域'),
  'page.businessMap.merchants': t('Merchant', 'Merchants', '商户'),
  'page.businessMap.hostedBy': t('Di tempat {name}', 'At {name}', '位于 {name}'),
  'page.businessMap.sitesHosted': t('{count} lokasi', '{count} sites', '{count} 个站点'),
  'page.businessMap.layers': t('Lapisan', 'Layers', '图层'),
  'page.businessMap.truncated': t(
    'Peta menampilkan paling banyak {max} stasiun dan {max} area.',
    'The map shows at most {max} stations and {max} zones.',
    '地图最多显示 {max} 个站点和 {max} 个区域。',
  ),

  // Rebalancing targets (docs/zone-targets.md), the page's second tab.
  'page.zoneMap.zonesTab': t('Area', 'Zones', '区域'),
  'page.zoneMap.targetsTab': t('Target armada', 'Vehicle targets', '车辆目标'),
  'resource.zoneTarget': t('Target armada area', 'Zone target', '区域车辆目标'),
  'field.zoneTarget.zoneId': t('Area', 'Zone', '区域'),
  'field.zoneTarget.zoneName': t('Area', 'Zone', '区域'),
  'field.zoneTarget.weekdays': t('Hari', 'Days', '日期'),
  'field.zoneTarget.startTime': t('Mulai', 'From', '开始'),
  'field.zoneTarget.endTime': t('Sampai', 'Until', '结束'),
  'field.zoneTarget.time.hint': t(
    'Jam kota, JJ:mm; akhir boleh 24:00',
    "The city's clock, HH:mm; an end may be 24:00",
    '城市当地时间，HH:mm；结束可为 24:00',
  ),
  'field.zoneTarget.minVehicles': t('Minimum kendaraan', 'Minimum vehicles', '最少车辆'),
  'field.zoneTarget.maxVehicles': t('Maksimum kendaraan', 'Maximum vehicles', '最多车辆'),
  'field.zoneTarget.maxVehicles.hint': t('Kosongkan bila tanpa batas atas', 'Leave empty for no upper limit', '留空表示不设上限'),
  'field.zoneTarget.liveCount': t('Kendaraan sekarang', 'Vehicles now', '当前车辆'),
  'field.zoneTarget.status': t('Status', 'Status', '状态'),
  'field.zoneTarget.remark': t('Catatan', 'Remark', '备注'),
  'field.zoneTarget.cityCode': t('Kota', 'City', '城市'),
  'field.zoneTarget.createdAt': t('Dibuat', 'Created', '创建时间'),
  'zoneTarget.endBeforeStart': t('Akhir harus setelah mulai', 'The end must come after the start', '结束时间须晚于开始时间'),
  'zoneTarget.maxBelowMin': t('Maksimum tidak boleh di bawah minimum', 'The maximum cannot be below the minimum', '最多车辆不能少于最少车辆'),
  'zoneTarget.notTargetable': t(
    'Target hanya untuk area parkir atau area penempatan',
    'Targets are set on parking or deployment zones',
    '目标只能设在停车区或投放区',
  ),
};
