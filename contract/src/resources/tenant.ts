import type { ResourceDef } from './types.ts';

/**
 * Operator companies (DOMAIN §5.1) [G], managed by the platform's super admin. Adding one provisions it: its
 * company dept, an admin role holding its package's menus, the admin user (who sets a new password at first
 * sign-in), its tour steps and its platform ledger accounts — all in the add's transaction.
 */
export const tenantResource: ResourceDef = {
  key: 'tenant', module: 'configure', page: 'tenant', api: '/system/tenant', idName: 'tenantId',
  scope: 'global', optionsNeedView: true, editable: true, actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'tenantCode', order: 'asc' }, titleField: 'brandName',
  fields: [
    { name: 'tenantCode', type: 'text', required: true, min: 2, max: 20, pattern: '^[A-Z][A-Z0-9_]*$', unique: true, form: 'add', list: true, filter: 'like', sortable: true, example: 'SEPEDAKU' },
    { name: 'brandName', type: 'text', required: true, max: 60, list: true, filter: 'like', sortable: true, example: 'Sepedaku' },
    { name: 'companyName', type: 'text', required: true, max: 120, list: true, filter: 'like', example: 'PT Sepeda Kita Nusantara' },
    { name: 'packageId', type: 'ref', ref: { resource: 'tenantPackage', labelField: 'packageName' }, required: true, list: true, filter: 'eq', example: 1 },
    { name: 'contactUserName', type: 'text', required: true, max: 60, list: true, example: 'Dewi Lestari' },
    { name: 'contactPhone', type: 'text', required: true, max: 20, pattern: '^\\+?[0-9 ()-]{6,20}$', list: true, example: '+62 812 3456 7890' },
    { name: 'email', type: 'text', required: true, max: 80, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', list: 'hidden', example: 'ops@sepedaku.id' },
    { name: 'adminUserName', type: 'text', virtual: true, required: true, unique: true, hint: 'field.tenant.adminUserName.hint', min: 3, max: 64, pattern: '^[a-z][a-z0-9._-]*$', form: 'add', list: false, example: 'sepedaku.admin' },
    { name: 'adminPassword', type: 'password', virtual: true, required: true, form: 'add', list: false, example: 'Mulai-2026x' },
    { name: 'countryId', type: 'ref', ref: { resource: 'country', labelField: 'nameIn' }, required: true, defaultValue: 1, list: false, example: 1 },
    { name: 'defaultLang', type: 'dict', dict: 'sys_lang', required: true, defaultValue: 'ID', list: 'hidden' },
    { name: 'defaultCurrency', type: 'text', required: true, min: 3, max: 3, pattern: '^[A-Z]{3}$', defaultValue: 'IDR', form: 'add', list: 'hidden', example: 'IDR' },
    { name: 'licenseNumber', type: 'text', max: 13, pattern: '^[0-9]{13}$', list: 'hidden', example: '9120001234567' },
    { name: 'npwp', type: 'text', max: 20, pattern: '^[0-9.-]{15,20}$', list: 'hidden', example: '01.234.567.8-901.000' },
    { name: 'domain', type: 'text', max: 100, pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$', list: 'hidden', example: 'console.sepedaku.id' },
    { name: 'address', type: 'textarea', max: 300, list: 'hidden', span: 24 },
    { name: 'expireAt', type: 'datetime', list: true, sortable: true },
    { name: 'accountLimit', type: 'int', required: true, min: -1, max: 100_000, defaultValue: -1, hint: 'field.tenant.accountLimit.hint', list: true, example: 50 },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', form: false, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
  transitions: [
    { name: 'disable', field: 'status', from: ['0'], to: '1', action: 'edit', confirm: true },
    { name: 'enable', field: 'status', from: ['1'], to: '0', action: 'edit' },
  ],
};

/** Tenant packages (DOMAIN §5.1) [G]: the menus a tenant may use; its roles can grant no more. */
export const tenantPackageResource: ResourceDef = {
  key: 'tenantPackage', module: 'configure', page: 'tenantPackage', api: '/system/tenant/package', idName: 'packageId',
  scope: 'global', optionsNeedView: true, editable: true, actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'packageName', order: 'asc' }, titleField: 'packageName',
  fields: [
    { name: 'packageName', type: 'text', required: true, max: 60, unique: true, list: true, filter: 'like', sortable: true, example: 'Rental only' },
    { name: 'status', type: 'dict', dict: 'sys_normal_disable', required: true, defaultValue: '0', list: true, filter: 'eq' },
    {
      name: 'menuIds', type: 'idList', tree: true, required: true, span: 24, list: false, example: '10000',
      ref: { resource: 'menu', labelField: 'menuName', query: { purpose: 'package' } },
    },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'updatedAt', type: 'datetime', serverOnly: true, list: true, sortable: true },
  ],
};
