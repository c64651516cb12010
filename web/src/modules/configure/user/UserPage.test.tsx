import type { MenuNode } from '@kayuh/contract/api/system';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, ok, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, depts, dictApi, findRow } from '../../../testing/resource';
import { fullMenuTree, operator, resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

const staff = {
  userId: 42,
  userName: 'kitabike.ops',
  nickName: 'Ops Jakarta',
  deptId: 3101,
  phone: '',
  status: '0',
  loginAt: null,
  version: 1,
  tenantId: 2,
};
const api = (tree = fullMenuTree()) => ({
  ...shellApi(tree),
  ...dictApi(),
  'POST /system/user/list': () => page([staff]),
  'POST /system/dept/list': () => page(depts),
  'POST /system/user/resetPwd': () => ok(),
  'POST /system/user/forceLogout': () => ok(),
});
const withoutPerms = (nodes: MenuNode[], perms: string[]): MenuNode[] =>
  nodes.filter((node) => !perms.includes(node.perms ?? '')).map((node) => ({ ...node, children: withoutPerms(node.children, perms) }));
const openMore = async () => {
  fireEvent.click(within(await findRow('kitabike.ops')).getByRole('button', { name: /Lainnya/ }));
  await waitFor(() => expect(screen.getAllByRole('menu')).toBeTruthy());
  return screen.getAllByRole('menu').at(-1)!;
};
const errors = (root: HTMLElement) => [...root.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

describe('staff row actions', () => {
  it('resets a password in a dialog, checked with the contract rule before it is sent', async () => {
    const calls = mockApi(api());
    renderApp('/configure/user');
    fireEvent.click(within(await openMore()).getByText(tr('page.user.resetPwd')));
    const dialog = await screen.findByRole('dialog');
    const password = within(dialog).getByLabelText(tr('page.user.newPassword'));
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: tr('page.user.resetPwd') }));

    submit();
    await waitFor(() => expect(errors(dialog)).toEqual([tr('validation.required')]));
    fireEvent.change(password, { target: { value: 'pendek1' } });
    await waitFor(() => expect(errors(dialog)).toEqual([tr('validation.tooShort', { min: 8 })]));
    fireEvent.change(password, { target: { value: 'tanpaangka' } });
    await waitFor(() => expect(errors(dialog)).toEqual([tr('validation.passwordRule')]));
    submit();
    expect(bodiesTo(calls, '/system/user/resetPwd')).toEqual([]);

    fireEvent.change(password, { target: { value: 'Malam-2026x' } });
    submit();
    await waitFor(() => expect(bodiesTo(calls, '/system/user/resetPwd')).toEqual([{ userId: 42, password: 'Malam-2026x' }]));
    expect(await screen.findByText(tr('page.user.resetPwdDone'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('forces a sign-out after confirming', async () => {
    const calls = mockApi(api());
    renderApp('/configure/user');
    fireEvent.click(within(await openMore()).getByText(tr('page.user.forceLogout')));
    const confirm = await screen.findByRole('tooltip');
    expect(calls.some((call) => call.path === '/system/user/forceLogout')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: tr('page.user.forceLogout') }));
    await waitFor(() => expect(bodiesTo(calls, '/system/user/forceLogout')).toEqual([{ userId: 42 }]));
    expect(await screen.findByText(tr('page.user.forcedOut'))).toBeTruthy();
  });

  it('offers each action only with its permission', async () => {
    signIn(operator);
    mockApi(api(withoutPerms(fullMenuTree(), ['configure:user:reset'])));
    renderApp('/configure/user');
    const more = await openMore();
    expect(within(more).queryByText(tr('page.user.resetPwd'))).toBeNull();
    expect(within(more).getByText(tr('page.user.forceLogout'))).toBeTruthy();
  });
});
