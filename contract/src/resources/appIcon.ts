import type { ResourceDef } from './types.ts';

/**
 * Home-screen icons of the apps (appIcon, DOMAIN §5.7): a slot of an app shows an uploaded image and opens a
 * link, in some cities (none picked = every city) and, optionally, only between two times.
 */
export const appIconResource: ResourceDef = {
  key: 'appIcon',
  module: 'configure',
  page: 'appIcon',
  api: '/system/appIcon',
  idName: 'iconId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'sort', order: 'asc' },
  titleField: 'slotKey',
  fields: [
    {
      name: 'imageUrl',
      type: 'image',
      required: true,
      max: 500,
      pattern: '^(https?://|/)\\S+$',
      list: true,
      example: '/api/files/uploads/2/2026/01/0f8fad5b-d9cb-469f-a165-70867728950e.png',
    },
    { name: 'app', type: 'dict', dict: 'app_icons_app', required: true, list: true, filter: 'eq', example: '1' },
    {
      name: 'slotKey',
      type: 'text',
      required: true,
      max: 40,
      pattern: '^[a-z][a-z0-9]*(_[a-z0-9]+)*$',
      list: true,
      filter: 'like',
      example: 'home_scan',
    },
    // The rider app translates it from its own catalogue (the app texts page), so it is kept as the key.
    { name: 'titleKey', type: 'text', required: true, max: 100, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$', list: 'hidden', example: 'app.icon.homeScan' },
    { name: 'link', type: 'text', max: 300, pattern: '^(https://|kayuh://)\\S+$', list: 'hidden', span: 24, example: 'kayuh://scan' },
    {
      name: 'cityCodes',
      type: 'idList',
      ref: { resource: 'city', labelField: 'cityInName' },
      hint: 'field.appIcon.cityCodes.hint',
      list: true,
      span: 24,
    },
    { name: 'startAt', type: 'datetime', list: true, sortable: true },
    { name: 'endAt', type: 'datetime', list: true, sortable: true },
    { name: 'sort', type: 'int', required: true, min: 0, max: 9999, defaultValue: 0, list: true, sortable: true },
    { name: 'status', type: 'dict', dict: 'app_icons_status', required: true, defaultValue: '0', list: true, filter: 'eq' },
  ],
};
