import type { ResourceDef } from './types.ts';

/**
 * Roles (DOMAIN §5.2): the menus and buttons they grant (kept with half-checked parents), and their data
 * scope — '2' custom takes the chosen depts, which decide the cities its holders see (§5.3).
 */
export const roleResource: ResourceDef = {
  key: 'role',
  module: 'configure',
  page: 'role',
  api: '/system/role',
  idName: 'roleId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'roleSort', order: 'asc' },
  titleField: 'roleName',
  fields: [
    { name: 'roleName', type: 'text', required: true, max: 50, list: true, filter: 'like', sortable: true, example: 'Night dispatcher' },
    {
      name: 'roleKey',
      type: 'text',
      required: true,
      max: 50,
      pattern: '^[a-z][a-z0-9_]*$',
      unique: true,
      list: true,
      filter: 'like',
      example: 'night_dispatch',
    },
    { name: 'roleSort', type: 'int', required: true, min: 0, max: 9999, defaultValue: 0, list: true, sortable: true },
    { name: 'dataScope', type: 'dict', dict: 'roles_data_scope', required: true, defaultValue: '1', list: true },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'refundApproveLimit', type: 'money', min: 0, max: 1_000_000_000_000, list: 'hidden', hint: 'hint.role.refundApproveLimit' },
    // How many live staff hold the role: a role that is held cannot be removed.
    { name: 'userCount', type: 'int', serverOnly: true, computed: true, list: true, sortable: true },
    { name: 'menuIds', type: 'idList', virtual: true, tree: true, ref: { resource: 'menu', labelField: 'menuName' }, list: false, span: 24 },
    { name: 'deptIds', type: 'idList', virtual: true, tree: true, ref: { resource: 'dept', labelField: 'deptName' }, list: false, span: 24 },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: true, sortable: true },
  ],
};
