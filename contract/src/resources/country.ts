import type { ResourceDef } from './types.ts';

/** Countries [G]: ISO code, names, phone prefix and defaults; managed by the platform. */
export const countryResource: ResourceDef = {
  key: 'country',
  module: 'configure',
  page: 'country',
  api: '/system/country',
  idName: 'countryId',
  scope: 'global',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'countryCode', order: 'asc' },
  titleField: 'nameIn',
  fields: [
    {
      name: 'countryCode',
      type: 'text',
      required: true,
      min: 2,
      max: 2,
      pattern: '^[A-Z]{2}$',
      unique: true,
      list: true,
      filter: 'eq',
      sortable: true,
      example: 'MY',
    },
    { name: 'nameIn', type: 'text', required: true, max: 60, example: 'Malaysia', list: true, filter: 'like', sortable: true },
    { name: 'nameZh', type: 'text', required: true, max: 60, example: '马来西亚', list: true },
    { name: 'phoneCode', type: 'text', required: true, max: 6, pattern: '^\\+[0-9]{1,4}$', list: true, example: '+60' },
    { name: 'defaultCurrency', type: 'text', required: true, min: 3, max: 3, pattern: '^[A-Z]{3}$', list: true, example: 'MYR' },
    { name: 'defaultLang', type: 'dict', dict: 'sys_lang', required: true, defaultValue: 'ID', list: true },
    { name: 'status', type: 'dict', dict: 'countries_status', required: true, defaultValue: '1', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
  // The caller's own cities in the country.
  related: [{ resource: 'city', field: 'countryId', title: 'related.country.cities' }],
};
