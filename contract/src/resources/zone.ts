import type { ResourceDef } from './types.ts';

/** Zone types (DOMAIN §8.1 zones_type) the rules name. */
export const ZoneType = { serviceArea: 1, parking: 2, noParking: 3, slow: 4, noRide: 5, deployment: 6 } as const;
/** zones_status: a zone is drawn as a draft, then activated; only active zones count for rides, GBFS and rules. */
export const ZoneStatus = { draft: 0, active: 1, disabled: 2 } as const;
/** A slow zone's limit when none is set (DOMAIN §8.1). */
export const SLOW_ZONE_DEFAULT_KPH = 10;

/**
 * Zones (DOMAIN §8.1), drawn on area_scheduling_list. The server keeps the geometry honest: 3–500 points stored
 * open, no self-intersection, no overlap with an active zone of the same type in the city (slow zones excepted),
 * and one active service area per city. A refusal names the rule and the place (2001 on `points`).
 */
export const zoneResource: ResourceDef = {
  key: 'zone',
  module: 'operations',
  page: 'area_scheduling_list',
  api: '/operations/zone',
  idName: 'zoneId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'zoneCode', order: 'asc' },
  titleField: 'name',
  fields: [
    {
      name: 'zoneCode',
      type: 'text',
      required: true,
      max: 30,
      pattern: '^[A-Z0-9][A-Z0-9_-]*$',
      unique: true,
      list: true,
      filter: 'like',
      sortable: true,
      example: 'JKT-P-01',
    },
    { name: 'name', type: 'text', required: true, max: 60, list: true, filter: 'like', sortable: true, example: 'Bundaran HI' },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, required: true, list: true, example: 2001 },
    { name: 'type', type: 'dict', dict: 'zones_type', required: true, list: true, filter: 'eq', sortable: true, example: '2' },
    { name: 'points', type: 'polygon', required: true, list: false, span: 24 },
    { name: 'speedLimitKph', type: 'int', min: 5, max: 45, list: 'hidden' },
    { name: 'parkingCapacity', type: 'int', min: 1, max: 10_000, list: 'hidden' },
    { name: 'isPublic', type: 'bool', defaultValue: true, list: true },
    { name: 'penaltyFee', type: 'money', min: 0, list: 'hidden' },
    { name: 'currency', type: 'text', min: 3, max: 3, pattern: '^[A-Z]{3}$', defaultValue: 'IDR', list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'zones_status', form: false, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
  transitions: [
    { name: 'activate', field: 'status', from: ['0', '2'], to: '1', action: 'edit', confirm: true },
    { name: 'disable', field: 'status', from: ['1'], to: '2', action: 'edit', confirm: true },
  ],
};
