import type { ResourceDef } from './types.ts';

/** cities.parking_mode (DOMAIN §8.2): a station-based city's rides end inside a parking zone only. */
export const ParkingMode = { freeFloating: 1, stationBased: 2 } as const;

/**
 * Cities (DOMAIN §5.6): tenant-owned; the city code is the id of the city's dept (§5.2), created with it.
 * The spec's calls are form-encoded: /system/city/list (status), add, edit, remove (ids).
 */
export const cityResource: ResourceDef = {
  key: 'city',
  module: 'configure',
  page: 'cityListPage',
  api: '/system/city',
  idName: 'cityId',
  scope: 'tenant',
  cityScoped: true,
  ignoresCitySelector: true,
  unpagedByDefault: true,
  listForAll: true,
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'cityCode', order: 'asc' },
  titleField: 'cityInName',
  // Other rows name a city by its code (DOMAIN §0.5), so pickers of cities answer codes.
  refValue: 'cityCode',
  fields: [
    { name: 'cityCode', type: 'int', serverOnly: true, list: true, sortable: true, filter: 'eq' },
    { name: 'cityInName', type: 'text', required: true, max: 60, unique: true, list: true, filter: 'like', sortable: true, example: 'Medan' },
    { name: 'cityName', type: 'text', required: true, max: 60, list: true, example: '棉兰' },
    { name: 'countryId', type: 'ref', ref: { resource: 'country', labelField: 'nameIn' }, required: true, list: false, filter: 'eq', example: 1 },
    { name: 'countryName', type: 'text', serverOnly: true, list: true },
    { name: 'timeZone', type: 'decimal', required: true, min: -12, max: 14, list: true, example: 7 },
    { name: 'ianaTz', type: 'text', required: true, max: 40, defaultValue: 'Asia/Jakarta', list: 'hidden', example: 'Asia/Jakarta' },
    { name: 'centerLat', type: 'decimal', required: true, min: -90, max: 90, list: 'hidden', example: 3.5952 },
    { name: 'centerLng', type: 'decimal', required: true, min: -180, max: 180, list: 'hidden', example: 98.6722 },
    { name: 'defaultZoom', type: 'int', required: true, min: 3, max: 20, defaultValue: 13, list: 'hidden' },
    { name: 'currency', type: 'text', required: true, min: 3, max: 3, pattern: '^[A-Z]{3}$', defaultValue: 'IDR', list: 'hidden', example: 'IDR' },
    { name: 'openingHours', type: 'text', required: true, max: 100, defaultValue: '24/7', list: 'hidden' },
    {
      name: 'parkingMode',
      type: 'dict',
      dict: 'cities_parking_mode',
      required: true,
      defaultValue: '1',
      hint: 'field.city.parkingMode.hint',
      list: 'hidden',
    },
    { name: 'status', type: 'dict', dict: 'cities_status', required: true, defaultValue: '1', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
  form: {
    layout: 'sections',
    groups: [
      { key: 'names', title: 'form.city.names', fields: ['cityInName', 'cityName', 'countryId', 'status'] },
      { key: 'map', title: 'form.city.map', fields: ['timeZone', 'ianaTz', 'centerLat', 'centerLng', 'defaultZoom'] },
      { key: 'operations', title: 'form.city.operations', fields: ['currency', 'openingHours', 'parkingMode', 'remark'] },
    ],
  },
};
