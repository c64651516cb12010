import { Code } from '@kayuh/contract/codes';
import { MODULES } from '@kayuh/contract/menus/index';
import type { MenuNode } from '@kayuh/contract/api/system';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const tree = async (user: string) => (await t.call('GET', '/api/system/menu/getMenuForUserId', { headers: await t.signIn(user) })).data as MenuNode[];
const perms = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [...(n.perms ? [n.perms] : []), ...perms(n.children)]);

describe('menus', () => {
  it('gives the super admin every module, page and button with the 13 icons', async () => {
    const modules = await tree('superadmin');
    expect(modules.map((m) => m.url)).toEqual(MODULES.map((m) => m.basePath));
    expect(new Set(modules.map((m) => m.icon).filter(Boolean)).size).toBe(13);
    const all = perms(modules);
    for (const p of ['carBusiness:vehicleList:export', 'carBusiness:index:home', 'payment:accountListPage:view', 'configure:menu:view'])
      expect(all).toContain(p);
  });

  it("gives a tenant admin the package's menus but not the platform's own pages", async () => {
    const all = perms(await tree('kitabike.admin'));
    expect(all).toContain('configure:user:view');
    expect(all).toContain('payment:accountListPage:view');
    expect(all).not.toContain('configure:menu:view');
    expect(all).not.toContain('operations:stepsList:view');
  });

  it('gives a city ops manager operations and vehicles but no payment, and their own account pages', async () => {
    const modules = await tree('kitabike.ops.jakarta');
    const keys = modules.map((m) => m.moduleKey);
    expect(keys).toEqual(expect.arrayContaining(['operations', 'vehicle', 'alarm', 'report', 'carBusiness', 'configure']));
    expect(keys).not.toContain('payment');
    const all = perms(modules);
    expect(all).toContain('carBusiness:vehicleList:export');
    expect(all).not.toContain('carBusiness:configListPage:view');
    const configure = modules.find((m) => m.moduleKey === 'configure')!;
    expect(configure.children.map((c) => c.url).sort()).toEqual(['/configure/changePwd', '/configure/personal_info']);
  });

  it("answers one module's pages with their buttons for getMenu?type", async () => {
    const headers = await t.signIn('kitabike.fin.01');
    const res = await t.call('GET', '/api/system/menu/getMenu?type=payment', { headers });
    expect(res.code).toBe(Code.ok);
    const account = (res.data as MenuNode[]).find((p) => p.url === '/payment_main/account/accountListPage')!;
    expect(account.perms).toBe('payment:accountListPage:view');
    expect(account.children.every((b) => b.menuType === 'F')).toBe(true);
    expect((await t.call('GET', '/api/system/menu/getMenu?type=mall', { headers })).data).toEqual([]);
  });
});
