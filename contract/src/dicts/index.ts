import type { Catalogue } from '../lang.ts';
import { customersDicts } from './customers.ts';
import { fleetDicts } from './fleet.ts';
import { geoDicts } from './geo.ts';
import { iotDicts } from './iot.ts';
import { ledgerDicts } from './ledger.ts';
import { mallDicts } from './mall.ts';
import { marketingDicts } from './marketing.ts';
import { merchantsDicts } from './merchants.ts';
import { messagesDicts } from './messages.ts';
import { operationsDicts } from './operations.ts';
import { paymentDicts } from './payment.ts';
import { rentalDicts } from './rental.ts';
import { reportsDicts } from './reports.ts';
import { ridesDicts } from './rides.ts';
import { systemDicts } from './system.ts';
import type { DictTypeDef } from './types.ts';

export type { DictTypeDef, DictValueDef, ListClass } from './types.ts';

/**
 * Every enum of DOMAIN.md as a dictionary (DOMAIN §0.2, §5.5): dict_type = `<table>_<column>`, plus the
 * RuoYi shared types sys_normal_disable, sys_user_sex and sys_lang. Seeded into dict_types / dict_data with
 * dict_label = `dict.<type>.<value>`; the labels themselves are served by dictCatalogue().
 */
export const DICTS: readonly DictTypeDef[] = [
  ...systemDicts,
  ...geoDicts,
  ...fleetDicts,
  ...operationsDicts,
  ...customersDicts,
  ...merchantsDicts,
  ...ridesDicts,
  ...rentalDicts,
  ...paymentDicts,
  ...ledgerDicts,
  ...marketingDicts,
  ...messagesDicts,
  ...mallDicts,
  ...iotDicts,
  ...reportsDicts,
];

const BY_TYPE = new Map(DICTS.map((d) => [d.type, d]));

/** The dictionary of one dict_type, or undefined. */
export function dictByType(type: string): DictTypeDef | undefined {
  return BY_TYPE.get(type);
}

/**
 * Columns that read a shared dictionary instead of their own `<table>_<column>`: RuoYi-derived
 * `status char(1)` flags {'0' normal, '1' disabled}, RuoYi's sex flag, and the `lang char(2)` columns.
 */
export const COLUMN_DICTS: Readonly<Record<string, string>> = {
  'tenants.status': 'sys_normal_disable',
  'tenant_packages.status': 'sys_normal_disable',
  'guide_settings.status': 'sys_normal_disable',
  'users.status': 'sys_normal_disable',
  'roles.status': 'sys_normal_disable',
  'depts.status': 'sys_normal_disable',
  'posts.status': 'sys_normal_disable',
  'menus.status': 'sys_normal_disable',
  'dict_types.status': 'sys_normal_disable',
  'dict_data.status': 'sys_normal_disable',
  'users.sex': 'sys_user_sex',
  'users.lang': 'sys_lang',
  'tenants.default_lang': 'sys_lang',
  'countries.default_lang': 'sys_lang',
  'message_templates.lang': 'sys_lang',
  'help_articles.lang': 'sys_lang',
};

/** The dictionary a column is rendered with: its own `<table>_<column>`, else the shared one of COLUMN_DICTS. */
export function dictForColumn(table: string, column: string): DictTypeDef | undefined {
  const shared = COLUMN_DICTS[`${table}.${column}`];
  return dictByType(`${table}_${column}`) ?? (shared ? dictByType(shared) : undefined);
}

/** Console catalogue entries: `dict.<type>.<value>` → value label, `dictType.<type>` → dictionary name. */
export function dictCatalogue(): Catalogue {
  const catalogue: Catalogue = {};
  for (const d of DICTS) {
    catalogue[`dictType.${d.type}`] = { ...d.name };
    for (const value of d.values) catalogue[`dict.${d.type}.${value.value}`] = { ...value.label };
  }
  return catalogue;
}
