import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §5.6 geography master data (countries, cities) and §8.1 zones and stations. */

/** cities.status follows the spec ('1' enabled, '0' disabled); labels identical to i18n/guide.ts. countries.status has the same codes. */
const ENABLED_DISABLED: DictValueDef[] = [v('1', 'Aktif', 'Enabled', '启用', 'success'), v('0', 'Nonaktif', 'Disabled', '停用', 'info')];

export const geoDicts: DictTypeDef[] = [
  dict('countries_status', ['Status negara', 'Country status', '国家状态'], ENABLED_DISABLED),
  dict('cities_status', ['Status kota', 'City status', '城市状态'], ENABLED_DISABLED),
  dict(
    'cities_parking_mode',
    ['Mode parkir', 'Parking mode', '停车模式'],
    [
      v('1', 'Bebas (di mana saja yang diizinkan)', 'Free-floating', '自由停放'),
      v('2', 'Di stasiun (zona parkir saja)', 'Station-based', '站点停放'),
    ],
  ),

  dict(
    'zones_type',
    ['Jenis area', 'Zone type', '区域类型'],
    [
      v('1', 'Area layanan', 'Service area', '服务区'),
      v('2', 'Area parkir', 'Parking', '停车区'),
      v('3', 'Dilarang parkir', 'No parking', '禁停区'),
      v('4', 'Zona lambat', 'Slow zone', '限速区'),
      v('5', 'Dilarang berkendara', 'No riding', '禁行区'),
      v('6', 'Penempatan (khusus staf)', 'Deployment (staff only)', '投放区 (仅员工)'),
    ],
  ),
  dict(
    'zones_status',
    ['Status area', 'Zone status', '区域状态'],
    [v('0', 'Draf', 'Draft', '草稿', 'info'), v('1', 'Aktif', 'Active', '启用', 'success'), v('2', 'Nonaktif', 'Disabled', '停用', 'danger')],
  ),

  dict(
    'stations_type',
    ['Jenis stasiun', 'Station type', '站点类型'],
    [
      v('1', 'Stasiun parkir (virtual)', 'Parking station (virtual)', '停车点 (虚拟)'),
      v('2', 'Kabinet tukar baterai', 'Swap cabinet', '换电柜'),
      v('3', 'Depo / gudang', 'Depot / warehouse', '仓库'),
      v('4', 'Konter merchant', 'Merchant counter', '商户柜台'),
    ],
  ),
  dict(
    'stations_status',
    ['Status stasiun', 'Station status', '站点状态'],
    [
      v('0', 'Direncanakan', 'Planned', '规划中', 'info'),
      v('1', 'Beroperasi', 'Operating', '运营中', 'success'),
      v('2', 'Perawatan', 'Maintenance', '维护中', 'warning'),
      v('3', 'Ditutup', 'Closed', '已关闭', 'info'),
    ],
  ),
];
