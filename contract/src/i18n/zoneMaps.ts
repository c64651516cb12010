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
};
