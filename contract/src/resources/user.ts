import type { ResourceDef } from './types.ts';

/**
 * Console staff (DOMAIN §5.2): user names are unique across the platform, so sign-in needs no tenant.
 * Roles and posts are join tables; the password is set on add and by reset, never read back.
 */
export const userResource: ResourceDef = {
  key: 'user',
  module: 'configure',
  page: 'user',
  api: '/system/user',
  idName: 'userId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  // A notice's recipients are picked from the tenant's staff by whoever may send one.
  optionsForAll: true,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'userName',
  fields: [
    {
      name: 'userName',
      type: 'text',
      required: true,
      min: 3,
      max: 64,
      pattern: '^[a-z][a-z0-9._-]*$',
      unique: true,
      form: 'add',
      list: true,
      filter: 'like',
      sortable: true,
      example: 'kitabike.night.01',
    },
    { name: 'nickName', type: 'text', required: true, max: 30, list: true, filter: 'like', example: 'Wahyu Night' },
    { name: 'password', type: 'password', virtual: true, required: true, form: 'add', list: false, example: 'Malam-2026x' },
    { name: 'deptId', type: 'tree', ref: { resource: 'dept', labelField: 'deptName' }, required: true, list: true, filter: 'eq', example: 2001 },
    { name: 'userType', type: 'dict', dict: 'users_user_type', required: true, defaultValue: '00', list: 'hidden', filter: 'eq' },
    { name: 'phone', type: 'text', max: 20, pattern: '^\\+?[0-9 ()-]{6,20}$', list: true, filter: 'like' },
    { name: 'email', type: 'text', max: 50, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', list: 'hidden' },
    { name: 'sex', type: 'dict', dict: 'sys_user_sex', list: 'hidden' },
    { name: 'lang', type: 'dict', dict: 'sys_lang', defaultValue: 'ID', list: 'hidden' },
    { name: 'roleIds', type: 'idList', virtual: true, ref: { resource: 'role', labelField: 'roleName' }, list: false, span: 24 },
    { name: 'postIds', type: 'idList', virtual: true, ref: { resource: 'post', labelField: 'postName' }, list: false, span: 24 },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', form: false, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'loginAt', type: 'datetime', serverOnly: true, list: true, sortable: true },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true, filter: 'range' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
  transitions: [
    { name: 'disable', field: 'status', from: ['0'], to: '1', action: 'edit', confirm: true, bulk: true },
    { name: 'enable', field: 'status', from: ['1'], to: '0', action: 'edit', bulk: true },
  ],
  form: {
    layout: 'tabs',
    groups: [
      { key: 'account', title: 'form.user.account', fields: ['userName', 'nickName', 'password', 'deptId', 'userType', 'remark'] },
      { key: 'contact', title: 'form.user.contact', fields: ['phone', 'email', 'sex', 'lang'] },
      { key: 'access', title: 'form.user.access', fields: ['roleIds', 'postIds'] },
    ],
  },
};
