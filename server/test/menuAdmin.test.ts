import { Code } from '@kayuh/contract/codes';
import { menuRows } from '@kayuh/contract/menus/index';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('menu management', () => {
  it('answers the whole tree unpaged, and a new button is granted at once', async () => {
    const root = await t.signIn('superadmin');
    const all = await t.call('POST', '/api/system/menu/list', { headers: root, body: {} });
    expect(all.rows).toHaveLength(menuRows().length);
    const added = await t.call('POST', '/api/system/menu/add', {
      headers: root,
      body: {
        parentId: 10500,
        menuType: 'F',
        menuName: 'action.audit',
        perms: 'configure:post:audit',
        moduleKey: 'configure',
      },
    });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    const tree = (await t.call('GET', '/api/system/menu/getMenu?type=configure', { headers: root })).data as Array<{
      url: string;
      children: Array<{ perms: string }>;
    }>;
    expect(tree.find((p) => p.url === '/configure/post')!.children.map((b) => b.perms)).toContain('configure:post:audit');
  });

  it('refuses to remove a menu a role still holds, and operators cannot change menus', async () => {
    const root = await t.signIn('superadmin');
    const postAdd = menuRows().find((m) => m.perms === 'configure:post:add')!;
    expect((await t.call('POST', `/api/system/menu/remove/${postAdd.menuId}`, { headers: root })).code).toBe(Code.transitionNotAllowed);
    const admin = await t.signIn('kitabike.admin');
    expect((await t.call('POST', '/api/system/menu/list', { headers: admin, body: {} })).code).toBe(Code.forbidden);
  });
});
