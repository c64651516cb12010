import type { MenuNode } from '@kayuh/contract/api/system';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, ok, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, depts, dictApi, findRow } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

const menu = (menuId: number, parentId: number, menuName: string, menuType: MenuNode['menuType'], children: MenuNode[] = []): MenuNode => ({
  menuId,
  parentId,
  menuName,
  menuType,
  children,
  url: '',
  perms: null,
  icon: null,
  moduleKey: 'configure',
  isCache: '0',
  visible: '0',
  orderNum: menuId,
});
/** What a role may grant: a module (M) with a page (C) holding two buttons (F), and a page without any. */
const grantable = [
  menu(10, 0, 'menu.configure', 'M', [
    menu(11, 10, 'menu.configure.role', 'C', [menu(12, 11, 'action.add', 'F'), menu(13, 11, 'action.edit', 'F')]),
    menu(14, 10, 'menu.configure.user', 'C'),
  ]),
];
const roleRow = {
  roleId: 5,
  roleName: 'Dispatcher',
  roleKey: 'dispatch',
  roleSort: 1,
  dataScope: '2',
  status: '0',
  remark: '',
  version: 3,
  tenantId: 2,
};
const api = (extra: Record<string, (body: unknown) => unknown> = {}) => ({
  ...shellApi(),
  ...dictApi({ roles_data_scope: ['1', '2', '3', '4', '5'] }),
  'POST /system/role/list': () => page([roleRow]),
  'GET /system/menu/treeselect': () => ok(grantable),
  'POST /system/dept/list': () => page(depts),
  ...extra,
});

const drawer = () => screen.getByRole('dialog');
const treeNode = async (title: string) => (await within(drawer()).findByText(title)).closest('.ant-tree-treenode') as HTMLElement;
const checkbox = async (title: string) => (await treeNode(title)).querySelector('.ant-tree-checkbox') as HTMLElement;
const sorted = (ids: unknown) => [...(ids as number[])].sort((a, b) => a - b);
async function chooseScope(value: string) {
  fireEvent.mouseDown(within(drawer()).getByLabelText(tr('field.role.dataScope')));
  const label = tr(`dict.roles_data_scope.${value}`);
  await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].some((o) => o.textContent === label)).toBe(true));
  fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label)!);
}

describe('the role form', () => {
  it('sends checked and half-checked menus, and asks for depts only in the custom scope (2)', async () => {
    const calls = mockApi(api({ 'POST /system/role/add': () => ok({}) }));
    renderApp('/configure/role');
    await findRow('Dispatcher');
    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    fireEvent.click(await checkbox(tr('menu.configure.role')));
    expect((await checkbox(tr('menu.configure'))).className).toContain('ant-tree-checkbox-indeterminate');
    // Scope '1' (the default) is all data: no depts to pick.
    expect(within(drawer()).queryByText(tr('field.role.deptIds'))).toBeNull();

    await chooseScope('2');
    expect(await within(drawer()).findByText(tr('field.role.deptIds'))).toBeTruthy();
    fireEvent.click(await checkbox('Bandung'));
    fireEvent.change(within(drawer()).getByLabelText(tr('field.role.roleName')), { target: { value: 'Night desk' } });
    fireEvent.change(within(drawer()).getByLabelText(tr('field.role.roleKey')), { target: { value: 'night_desk' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: /Simpan/ }));

    await waitFor(() => expect(bodiesTo(calls, '/system/role/add')).toHaveLength(1));
    const body = bodiesTo(calls, '/system/role/add')[0]!;
    expect(body).toMatchObject({ roleName: 'Night desk', roleKey: 'night_desk', dataScope: '2' });
    // The page and both its buttons, plus the module above it, half-checked.
    expect(sorted(body.menuIds)).toEqual([10, 11, 12, 13]);
    expect(sorted(body.deptIds)).toEqual([1, 100, 3102]);
  });

  it('shows a saved role with parents half-checked from their leaves, and drops the depts outside the custom scope', async () => {
    const calls = mockApi(
      api({
        'GET /system/role/5': () => ok({ ...roleRow, menuIds: [10, 11, 12], deptIds: [1, 100, 3101, 310101] }),
        'POST /system/role/edit': () => ok(roleRow),
      }),
    );
    renderApp('/configure/role');
    fireEvent.click(within(await findRow('Dispatcher')).getByRole('button', { name: 'Ubah' }));
    await waitFor(async () => expect((await checkbox(tr('action.add'))).className).toContain('ant-tree-checkbox-checked'));
    expect((await checkbox(tr('action.edit'))).className).not.toContain('ant-tree-checkbox-checked');
    expect((await checkbox(tr('menu.configure.role'))).className).toContain('ant-tree-checkbox-indeterminate');
    expect((await checkbox(tr('menu.configure'))).className).toContain('ant-tree-checkbox-indeterminate');
    // Jakarta and its one child are held: Jakarta checked, KitaBike (Bandung not held) half-checked.
    expect((await checkbox('Jakarta')).className).toContain('ant-tree-checkbox-checked');
    expect((await checkbox('KitaBike')).className).toContain('ant-tree-checkbox-indeterminate');

    await chooseScope('1');
    await waitFor(() => expect(within(drawer()).queryByText(tr('field.role.deptIds'))).toBeNull());
    fireEvent.click(within(drawer()).getByRole('button', { name: /Simpan/ }));
    await waitFor(() => expect(bodiesTo(calls, '/system/role/edit')).toHaveLength(1));
    const body = bodiesTo(calls, '/system/role/edit')[0]!;
    expect(body).toMatchObject({ roleId: 5, version: 3, dataScope: '1', menuIds: [10, 11, 12] });
    expect(body).not.toHaveProperty('deptIds');
  });
});
