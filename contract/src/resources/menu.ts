import type { ResourceDef } from './types.ts';

/**
 * Menus [G] (DOMAIN §5.4): module (M) → page (C) → button (F) with `module:page:action` permissions. The
 * platform keeps them; tenants see them through their package. Titles are i18n keys.
 */
export const menuResource: ResourceDef = {
  key: 'menu',
  module: 'configure',
  page: 'menu',
  api: '/system/menu',
  idName: 'menuId',
  scope: 'global',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  unpagedByDefault: true,
  tree: { parentField: 'parentId' },
  defaultSort: { field: 'orderNum', order: 'asc' },
  titleField: 'menuName',
  fields: [
    { name: 'parentId', type: 'tree', ref: { resource: 'menu', labelField: 'menuName' }, required: true, list: false, example: 10000 },
    { name: 'menuType', type: 'dict', dict: 'menus_menu_type', required: true, list: true, filter: 'eq', example: 'F' },
    { name: 'menuName', type: 'text', required: true, max: 100, translated: true, list: true, filter: 'like', example: 'action.audit' },
    { name: 'icon', type: 'dict', dict: 'menus_icon', list: true },
    { name: 'orderNum', type: 'int', required: true, min: 0, max: 9999, defaultValue: 0, list: true, sortable: true },
    { name: 'path', type: 'text', max: 200, pattern: '^(/[A-Za-z0-9_/-]*)?$', defaultValue: '', list: true },
    {
      name: 'perms',
      type: 'text',
      max: 100,
      pattern: '^[A-Za-z0-9_]+:[A-Za-z0-9_]+:[A-Za-z0-9_]+$',
      unique: true,
      list: true,
      filter: 'like',
      example: 'configure:post:audit',
    },
    { name: 'moduleKey', type: 'text', required: true, max: 30, pattern: '^[A-Za-z]+$', list: 'hidden', example: 'configure' },
    { name: 'isCache', type: 'dict', dict: 'menus_is_cache', required: true, defaultValue: '0', list: 'hidden' },
    { name: 'visible', type: 'dict', dict: 'menus_visible', required: true, defaultValue: '0', list: true },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', required: true, defaultValue: '0', list: true, filter: 'eq' },
  ],
};
