import { describe, expect, it } from 'vitest';
import {
  collectPerms,
  EMPTY_HPERMISSION,
  hasEffect,
  hasPerm,
  isSuperAdmin,
  isTenantRestricted,
  matchPerm,
  routeFlags,
  SPECIAL_PERMS,
  specialFlags,
} from './permissions.ts';

const superAdmin = { roleIdAndpostIds: [{ roleId: 7 }, { roleId: 1 }] };
const staff = { roleIdAndpostIds: [{ roleId: 7 }] };

describe('isSuperAdmin', () => {
  it('is true for any roleIdAndpostIds entry with roleId 1', () => {
    expect(isSuperAdmin(superAdmin)).toBe(true);
  });

  it('is false otherwise', () => {
    expect(isSuperAdmin(staff)).toBe(false);
    expect(isSuperAdmin({ roleIdAndpostIds: [] })).toBe(false);
    expect(isSuperAdmin({ roleIdAndpostIds: null })).toBe(false);
    expect(isSuperAdmin({})).toBe(false);
    expect(isSuperAdmin(null)).toBe(false);
    expect(isSuperAdmin(undefined)).toBe(false);
  });
});

describe('isTenantRestricted', () => {
  it('is true for another tenant when not a super-administrator', () => {
    expect(isTenantRestricted(staff, 2, 3)).toBe(true);
    expect(isTenantRestricted(null, 2, 3)).toBe(true);
    expect(isTenantRestricted(staff, null, 3)).toBe(true);
    expect(isTenantRestricted(staff, undefined, 0)).toBe(true);
  });

  it('is false for the own tenant, for a super-administrator, or without a target', () => {
    expect(isTenantRestricted(staff, 2, 2)).toBe(false);
    expect(isTenantRestricted(superAdmin, 2, 3)).toBe(false);
    expect(isTenantRestricted(staff, 2, null)).toBe(false);
    expect(isTenantRestricted(staff, 2, undefined)).toBe(false);
  });
});

describe('hasEffect', () => {
  const ctx = { user: staff, currentTenantId: 2 };

  it('disables an element carrying another tenant id', () => {
    expect(hasEffect({ title: 'Edit', data: { tenantId: 3 } }, ctx)).toEqual({ disabled: true, reason: 'tenantRestricted' });
  });

  it('leaves it enabled for the own tenant, without a tenant id, or for a super-administrator', () => {
    expect(hasEffect({ title: 'Edit', data: { tenantId: 2 } }, ctx)).toEqual({ disabled: false });
    expect(hasEffect({ title: 'Edit', data: { tenantId: null } }, ctx)).toEqual({ disabled: false });
    expect(hasEffect({ title: 'Edit', data: null }, ctx)).toEqual({ disabled: false });
    expect(hasEffect({ title: 'Edit' }, ctx)).toEqual({ disabled: false });
    expect(hasEffect({ title: 'Edit', data: { tenantId: 3 } }, { ...ctx, user: superAdmin })).toEqual({ disabled: false });
  });

  it("exempts buttons titled 'View' and operating buttons", () => {
    expect(hasEffect({ title: 'View', data: { tenantId: 3 } }, ctx)).toEqual({ disabled: false });
    expect(hasEffect({ title: 'Edit', operating: true, data: { tenantId: 3 } }, ctx)).toEqual({ disabled: false });
  });

  it('exempts the translated View labels', () => {
    const viewTitles = ['Lihat', '查看'];
    expect(hasEffect({ title: 'Lihat', data: { tenantId: 3 } }, { ...ctx, viewTitles })).toEqual({ disabled: false });
    expect(hasEffect({ title: '查看', data: { tenantId: 3 } }, { ...ctx, viewTitles })).toEqual({ disabled: false });
    expect(hasEffect({ title: 'Ubah', data: { tenantId: 3 } }, { ...ctx, viewTitles }).disabled).toBe(true);
    expect(hasEffect({ data: { tenantId: 3 } }, { ...ctx, viewTitles }).disabled).toBe(true);
  });
});

describe('matchPerm', () => {
  it('matches equal strings and one segment per *', () => {
    expect(matchPerm('system:user:list', 'system:user:list')).toBe(true);
    expect(matchPerm('system:user:*', 'system:user:edit')).toBe(true);
    expect(matchPerm('system:*:list', 'system:role:list')).toBe(true);
    expect(matchPerm('*:*:*', 'payment:accountListPage:view')).toBe(true);
  });

  it('does not match other strings or other segment counts', () => {
    expect(matchPerm('system:user:list', 'system:user:edit')).toBe(false);
    expect(matchPerm('system:*', 'system:user:list')).toBe(false);
    expect(matchPerm('system:user:*', 'system:user')).toBe(false);
    expect(matchPerm('system:user:lis', 'system:user:list')).toBe(false);
    expect(matchPerm('', 'system:user:list')).toBe(false);
    expect(matchPerm('*:*:*', '')).toBe(false);
  });
});

describe('hasPerm', () => {
  it('accepts a set or an array of patterns', () => {
    expect(hasPerm(new Set(['system:user:list']), 'system:user:list')).toBe(true);
    expect(hasPerm(new Set(['system:user:*']), 'system:user:list')).toBe(true);
    expect(hasPerm(['carBusiness:*:export'], SPECIAL_PERMS.export)).toBe(true);
    expect(hasPerm(['*:*:*'], 'log:interfaceLog:view')).toBe(true);
  });

  it('is false without a matching pattern', () => {
    expect(hasPerm([], 'system:user:list')).toBe(false);
    expect(hasPerm(new Set(['system:role:list']), 'system:user:list')).toBe(false);
    expect(hasPerm(['*:*:*'], '')).toBe(false);
  });
});

describe('special flags', () => {
  it('are all false by default', () => {
    expect(EMPTY_HPERMISSION).toEqual({ home: false, export: false, accountListPage: false });
    expect(specialFlags([])).toEqual(EMPTY_HPERMISSION);
  });

  it('follow their three permission strings', () => {
    expect(SPECIAL_PERMS).toEqual({
      export: 'carBusiness:vehicleList:export',
      home: 'carBusiness:index:home',
      accountListPage: 'payment:accountListPage:view',
    });
    expect(specialFlags(['carBusiness:vehicleList:export'])).toEqual({ home: false, export: true, accountListPage: false });
    expect(specialFlags(new Set(['carBusiness:index:home', 'payment:accountListPage:view']))).toEqual({
      home: true,
      export: false,
      accountListPage: true,
    });
    expect(specialFlags(['*:*:*'])).toEqual({ home: true, export: true, accountListPage: true });
  });
});

describe('routeFlags', () => {
  const buttons = ['system:user:add', 'system:user:edit', 'system:user:remove', 'system:user:export'];

  it('always has view, even with no perms', () => {
    expect(routeFlags(null, [], [])).toEqual({ view: true });
    expect(routeFlags('system:user:view', buttons, [])).toEqual({ view: true });
  });

  it('turns the actions the user holds into flags', () => {
    expect(routeFlags('system:user:view', buttons, ['system:user:view', 'system:user:add', 'system:user:export'])).toEqual({
      view: true,
      add: true,
      export: true,
    });
  });

  it('honours wildcard grants', () => {
    expect(routeFlags(undefined, buttons, ['system:user:*'])).toEqual({ view: true, add: true, edit: true, remove: true, export: true });
    expect(routeFlags('system:user:view', buttons, ['*:*:*'])).toEqual({ view: true, add: true, edit: true, remove: true, export: true });
  });

  it("includes the page's own action and skips empty or wildcard button perms", () => {
    expect(routeFlags('payment:account:list', ['', 'payment:account:*'], ['*:*:*'])).toEqual({ view: true, list: true });
  });
});

describe('collectPerms', () => {
  it('flattens every non-empty perm of a menu tree, depth first, once each', () => {
    const tree = [
      {
        perms: null,
        children: [
          { perms: 'system:user:view', children: [{ perms: 'system:user:add' }, { perms: '' }, { perms: '  ' }] },
          { perms: 'system:role:view', children: [] },
        ],
      },
      { perms: 'log:interfaceLog:view', children: null },
      { perms: 'system:user:add' },
    ];
    expect(collectPerms(tree)).toEqual(['system:user:view', 'system:user:add', 'system:role:view', 'log:interfaceLog:view']);
    expect(collectPerms([])).toEqual([]);
  });
});
