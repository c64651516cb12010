import type { ResourceDef } from './types.ts';

/** Dictionary types [G] (DOMAIN §5.5): one per enum, `<table>_<column>`; the platform keeps them. */
export const dictTypeResource: ResourceDef = {
  key: 'dictType',
  module: 'configure',
  page: 'dict',
  api: '/system/dict/type',
  idName: 'dictId',
  scope: 'global',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'dictType', order: 'asc' },
  titleField: 'dictType',
  // Values point at their type by its name.
  refValue: 'dictType',
  fields: [
    {
      name: 'dictType',
      type: 'text',
      required: true,
      max: 100,
      pattern: '^[a-z][a-z0-9_]*$',
      unique: true,
      form: 'add',
      list: true,
      filter: 'like',
      sortable: true,
      example: 'vehicles_colour',
    },
    { name: 'dictName', type: 'text', required: true, max: 100, translated: true, list: true, filter: 'like', example: 'Vehicle colour' },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
};

/**
 * Dictionary values [G+tenant]: the platform's values are read by every tenant, which may add its own
 * (a tenant row with the same value takes the platform row's place in pickers and tags).
 */
export const dictDataResource: ResourceDef = {
  key: 'dictData',
  module: 'configure',
  page: 'dict',
  api: '/system/dict/values',
  idName: 'dictCode',
  scope: 'overlay',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  // Grouped by type: the values of one dictionary stand together.
  defaultSort: { field: 'dictType', order: 'asc' },
  titleField: 'dictValue',
  fields: [
    // Picked from the existing types, never typed (a typo made a dictionary nobody reads).
    {
      name: 'dictType',
      type: 'text',
      ref: { resource: 'dictType', labelField: 'dictType' },
      required: true,
      max: 100,
      pattern: '^[a-z][a-z0-9_]*$',
      form: 'add',
      list: true,
      filter: 'eq',
      sortable: true,
      example: 'vehicles_lock_type',
    },
    { name: 'dictValue', type: 'text', required: true, max: 32, uniqueWith: ['dictType'], list: true, filter: 'like', example: 'chain' },
    { name: 'dictLabel', type: 'text', required: true, max: 100, translated: true, list: true, filter: 'like', example: 'Chain lock' },
    { name: 'dictSort', type: 'int', required: true, min: 0, max: 9999, defaultValue: 0, list: true, sortable: true },
    { name: 'listClass', type: 'dict', dict: 'dict_data_list_class', list: true },
    { name: 'isDefault', type: 'dict', dict: 'dict_data_is_default', defaultValue: 'N', list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
};
