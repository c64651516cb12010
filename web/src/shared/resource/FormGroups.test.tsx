import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postResource } from '@kayuh/contract/resources/post';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { tr } from '../../lib/i18n';
import { mockApi, page } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { bodiesTo, dictApi, findRow, postRow, renderResource } from '../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(() => {
  cleanup();
  resetApp();
});

/** A job form in two tabs; the required code and name are in the second. */
const inTabs: ResourceDef = {
  ...postResource,
  form: {
    layout: 'tabs',
    groups: [
      { key: 'order', title: 'form.user.contact', fields: ['postSort', 'status'] },
      { key: 'names', title: 'form.user.account', fields: ['postCode', 'postName'] },
    ],
  },
};
const drawer = () => screen.getByRole('dialog');
const tab = (title: string) => within(drawer()).getByRole('tab', { name: new RegExp(tr(title)) });
const save = () => fireEvent.click(within(drawer()).getByRole('button', { name: tr('common.save') }));
const openAdd = async (resource: ResourceDef) => {
  renderResource(resource);
  await findRow('OPS_1');
  fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
  await screen.findByText('Tambah Jabatan');
};

describe('a form in tabs', () => {
  it('opens the tab holding the errors a save found, and says on its tab how many', async () => {
    const calls = mockApi({ ...dictApi(), 'POST /system/post/list': () => page([postRow(1)]) });
    await openAdd(inTabs);
    expect(tab('form.user.contact').getAttribute('aria-selected')).toBe('true');
    // The remark, named by no group, is in the first tab.
    expect(within(drawer()).getByLabelText(tr('field.post.remark'))).toBeTruthy();

    save();
    await waitFor(() => expect(tab('form.user.account').getAttribute('aria-selected')).toBe('true'));
    expect(within(tab('form.user.account')).getByLabelText(tr('engine.form.groupErrors', { count: 2 }))).toBeTruthy();
    expect(within(tab('form.user.contact')).queryByLabelText(/./)).toBeNull();

    fireEvent.change(within(drawer()).getByLabelText(tr('field.post.postCode')), { target: { value: 'OPS_9' } });
    fireEvent.change(within(drawer()).getByLabelText(tr('field.post.postName')), { target: { value: 'Teknisi' } });
    await waitFor(() => expect(within(tab('form.user.account')).queryByLabelText(/./)).toBeNull());
    expect(calls.some((call) => call.path === '/system/post/add')).toBe(false);
  });

  it('sends the fields of every tab, and opens the tab of a field the server refused', async () => {
    const calls = mockApi({
      ...dictApi(),
      'POST /system/post/list': () => page([postRow(1)]),
      'POST /system/post/add': () => ({ code: 2001, msg: 'Data yang dikirim tidak valid', data: { fields: { postName: 'Nama sudah dipakai' } } }),
    });
    await openAdd(inTabs);
    fireEvent.click(tab('form.user.account'));
    fireEvent.change(within(drawer()).getByLabelText(tr('field.post.postCode')), { target: { value: 'OPS_9' } });
    fireEvent.change(within(drawer()).getByLabelText(tr('field.post.postName')), { target: { value: 'Teknisi' } });
    fireEvent.click(tab('form.user.contact'));
    save();
    await waitFor(() => expect(bodiesTo(calls, '/system/post/add')).toHaveLength(1));
    expect(bodiesTo(calls, '/system/post/add')[0]).toEqual({ postCode: 'OPS_9', postName: 'Teknisi', postSort: 0, status: '0', remark: '' });
    await waitFor(() => expect(tab('form.user.account').getAttribute('aria-selected')).toBe('true'));
    expect(within(drawer()).getByText('Nama sudah dipakai')).toBeTruthy();
    expect(within(tab('form.user.account')).getByLabelText(tr('engine.form.groupErrors', { count: 1 }))).toBeTruthy();
  });
});

describe('a form in sections', () => {
  it('shows every group under its title, one after another', async () => {
    mockApi({ ...dictApi(), 'POST /system/post/list': () => page([postRow(1)]) });
    await openAdd({ ...inTabs, form: { ...inTabs.form!, layout: 'sections' } });
    const titles = within(drawer()).getAllByRole('heading', { level: 3 });
    expect(titles.map((title) => title.textContent)).toEqual([tr('form.user.contact'), tr('form.user.account')]);
    // Each group's fields follow its title; a title labels none of them.
    const second = titles[1]!.closest('section')!;
    expect(within(second).getByLabelText(tr('field.post.postName'))).toBeTruthy();
    expect(within(second).queryByLabelText(tr('field.post.postSort'))).toBeNull();
    expect(within(drawer()).queryByLabelText(tr('form.user.account'))).toBeNull();
    expect(within(drawer()).queryByRole('tab')).toBeNull();
  });
});
