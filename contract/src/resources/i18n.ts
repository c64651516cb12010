import type { FieldDef, ResourceDef } from './types.ts';

const textFields = (clientField: FieldDef[]): FieldDef[] => [
  ...clientField,
  {
    name: 'i18nKey',
    type: 'text',
    required: true,
    max: 150,
    pattern: '^[A-Za-z0-9_.-]+$',
    uniqueWith: ['lang'],
    form: 'add',
    list: true,
    filter: 'like',
    sortable: true,
    example: 'shell.welcome.tip',
  },
  { name: 'lang', type: 'dict', dict: 'i18n_entries_lang', required: true, form: 'add', list: true, filter: 'eq', example: 'ID' },
  { name: 'module', type: 'text', required: true, max: 40, pattern: '^[A-Za-z0-9_-]+$', list: true, filter: 'eq', example: 'shell' },
  { name: 'text', type: 'textarea', required: true, max: 2000, list: true, filter: 'like', span: 24, example: 'Selamat bekerja' },
  { name: 'updatedAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
];

/**
 * The console catalogue (i18n_entries, client admin; DOMAIN §5.5) [G+tenant]: what /system/i18n/find serves.
 * A tenant's row of the same key and language overrides the platform's for that tenant.
 */
export const i18nAdminResource: ResourceDef = {
  key: 'i18nAdmin',
  module: 'configure',
  page: 'i18nAdmin',
  api: '/system/i18n/admin',
  idName: 'i18nId',
  scope: 'overlay',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  fixed: { client: ['admin'] },
  defaultSort: { field: 'i18nKey', order: 'asc' },
  titleField: 'i18nKey',
  fields: textFields([]),
};

/** Rider-app and server texts (i18n_entries, clients app and server) [G+tenant]. */
export const i18nAppResource: ResourceDef = {
  key: 'i18nApp',
  module: 'configure',
  page: 'i18nListPage',
  api: '/system/i18n/entry',
  idName: 'i18nId',
  scope: 'overlay',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  fixed: { client: ['app', 'server'] },
  defaultSort: { field: 'i18nKey', order: 'asc' },
  titleField: 'i18nKey',
  fields: textFields([
    { name: 'client', type: 'dict', dict: 'i18n_entries_client', required: true, form: 'add', list: true, filter: 'eq', example: 'app' },
  ]),
};
