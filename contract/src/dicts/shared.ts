import { v, type DictValueDef } from './types.ts';

/** Value sets that several areas reuse (a column copied from another table keeps its codes, DOMAIN §0.2). */

/** The common `status smallint!` {0 active, 1 disabled}. */
export const ACTIVE_DISABLED: DictValueDef[] = [v('0', 'Aktif', 'Active', '启用', 'success'), v('1', 'Nonaktif', 'Disabled', '停用', 'danger')];

/**
 * Tables whose `status smallint!` DOMAIN leaves without codes get the common {0 active, 1 disabled}
 * **(assumption, to confirm in DOMAIN.md)**: member_levels, level_point_rules, level_benefits,
 * message_templates, topup_packages, product_types, profit_share_configs, redemption_batches,
 * rental_durations, app_icons, zone_targets, account_books.
 */
export const ASSUMED_ACTIVE_DISABLED = ACTIVE_DISABLED;

/** `actor_type smallint!` {1 staff, 2 member, 3 system, 4 device} (DOMAIN §0.2 shorthand). */
export const ACTOR_TYPE: DictValueDef[] = [
  v('1', 'Staf', 'Staff', '员工'),
  v('2', 'Anggota', 'Member', '会员'),
  v('3', 'Sistem', 'System', '系统'),
  v('4', 'Perangkat', 'Device', '设备'),
];

/** vehicles / batteries `owner_type` {1 operator, 2 investor, 3 partner}. */
export const OWNER_TYPE: DictValueDef[] = [
  v('1', 'Operator', 'Operator', '运营商'),
  v('2', 'Investor', 'Investor', '投资方'),
  v('3', 'Mitra', 'Partner', '合作方'),
];

/** Interface languages `char(2)` {ID, EN, ZH}. */
export const LANG_VALUES: DictValueDef[] = [
  v('ID', 'Bahasa Indonesia', 'Indonesian', '印尼语'),
  v('EN', 'Bahasa Inggris', 'English', '英语'),
  v('ZH', 'Bahasa Mandarin', 'Chinese', '中文'),
];

/** {0 draft, 1 on_sale, 2 off_sale}: rental_rules and card_rules. */
export const SALE_STATUS: DictValueDef[] = [
  v('0', 'Draf', 'Draft', '草稿', 'info'),
  v('1', 'Dijual', 'On sale', '在售', 'success'),
  v('2', 'Tidak dijual', 'Off sale', '已下架', 'info'),
];

/** {Y, N} flags. */
export const YES_NO: DictValueDef[] = [v('Y', 'Ya', 'Yes', '是'), v('N', 'Tidak', 'No', '否')];
