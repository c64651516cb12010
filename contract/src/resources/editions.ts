import type { ResourceDef } from './types.ts';

/** App versions (editions, DOMAIN §5.7): a draft is published, then may be withdrawn. */
export const editionsResource: ResourceDef = {
  key: 'editions',
  module: 'configure',
  page: 'editions',
  api: '/system/appVersion',
  idName: 'versionId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'versionCode', order: 'desc' },
  titleField: 'versionName',
  fields: [
    { name: 'app', type: 'dict', dict: 'app_versions_app', required: true, list: true, filter: 'eq', example: '1' },
    { name: 'platform', type: 'dict', dict: 'app_versions_platform', required: true, list: true, filter: 'eq', example: '1' },
    { name: 'versionName', type: 'text', required: true, max: 20, pattern: '^\\d+\\.\\d+\\.\\d+$', list: true, filter: 'like', example: '2.4.0' },
    {
      name: 'versionCode',
      type: 'int',
      required: true,
      min: 1,
      max: 99_999_999,
      uniqueWith: ['app', 'platform'],
      list: true,
      sortable: true,
      example: 240,
    },
    { name: 'minSupportedCode', type: 'int', required: true, min: 0, max: 99_999_999, list: true, example: 200 },
    {
      name: 'downloadUrl',
      type: 'text',
      required: true,
      max: 300,
      pattern: '^https://\\S+$',
      list: 'hidden',
      span: 24,
      example: 'https://downloads.kayuh.id/rider-2.4.0.apk',
    },
    { name: 'status', type: 'dict', dict: 'app_versions_status', form: false, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'publishedAt', type: 'datetime', serverOnly: true, list: true, sortable: true },
    { name: 'remark', type: 'textarea', max: 1000, list: 'hidden', span: 24 },
  ],
  transitions: [
    { name: 'publish', field: 'status', from: ['0'], to: '1', action: 'publish', confirm: true, bulk: true },
    { name: 'withdraw', field: 'status', from: ['1'], to: '2', action: 'publish', confirm: true, bulk: true },
  ],
};
