import type { ResourceDef } from './types.ts';

/**
 * The organisation tree (DOMAIN §5.2), also the city-scope tree: city nodes (kind 2) have id = city code and
 * are created with their city. Moving a dept rewrites its subtree's ancestors in one transaction.
 */
export const deptResource: ResourceDef = {
  key: 'dept',
  module: 'configure',
  page: 'dept',
  api: '/system/dept',
  idName: 'deptId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  unpagedByDefault: true,
  listForAll: true,
  tree: { parentField: 'parentId' },
  defaultSort: { field: 'orderNum', order: 'asc' },
  titleField: 'deptName',
  fields: [
    { name: 'parentId', type: 'tree', ref: { resource: 'dept', labelField: 'deptName' }, required: true, list: false, example: 200 },
    { name: 'deptName', type: 'text', required: true, max: 50, list: true, filter: 'like', example: 'Night shift' },
    { name: 'ancestors', type: 'text', serverOnly: true, list: false },
    { name: 'kind', type: 'dict', dict: 'depts_kind', serverOnly: true, list: true },
    { name: 'cityCode', type: 'int', serverOnly: true, list: 'hidden' },
    { name: 'orderNum', type: 'int', required: true, min: 0, max: 9999, defaultValue: 0, list: true, sortable: true },
    { name: 'leader', type: 'text', max: 30, list: true },
    { name: 'phone', type: 'text', max: 20, pattern: '^\\+?[0-9 ()-]{6,20}$', list: 'hidden' },
    { name: 'email', type: 'text', max: 50, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', required: true, defaultValue: '0', list: true, filter: 'eq' },
  ],
  // The staff placed in the dept itself (not its sub-depts).
  related: [{ resource: 'user', field: 'deptId', title: 'related.dept.staff' }],
};
