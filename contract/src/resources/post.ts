import type { ResourceDef } from './types.ts';

/** Jobs (posts): staff positions such as operations manager or field technician. */
export const postResource: ResourceDef = {
  key: 'post',
  module: 'configure',
  page: 'post',
  api: '/system/post',
  idName: 'postId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'postSort', order: 'asc' },
  titleField: 'postName',
  fields: [
    {
      name: 'postCode',
      type: 'text',
      required: true,
      max: 32,
      pattern: '^[A-Z][A-Z0-9_]*$',
      unique: true,
      list: true,
      filter: 'like',
      sortable: true,
      example: 'OPS_LEAD',
    },
    { name: 'postName', type: 'text', required: true, max: 50, example: 'Operations lead', list: true, filter: 'like', sortable: true },
    { name: 'postSort', type: 'int', required: true, min: 0, max: 9999, defaultValue: 0, list: true, sortable: true },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: true, sortable: true, filter: 'range' },
  ],
};
