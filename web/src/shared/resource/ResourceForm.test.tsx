import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postResource } from '@kayuh/contract/resources/post';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { tr } from '../../lib/i18n';
import { mockApi, ok, page } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { bodiesTo, dictApi, findRow, postRow, renderResource } from '../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
// Unmount first: a page left mounted (no shell signs it out) would refetch for the reset tenant through the real fetch.
afterEach(() => {
  cleanup();
  resetApp();
});

const drawer = () => screen.getByRole('dialog');
const field = (label: string) => within(drawer()).getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(within(drawer()).getByRole('button', { name: /Simpan/ }));

describe('the add drawer', () => {
  it('starts from the declared defaults and checks required fields with translated messages before calling the server', async () => {
    const calls = mockApi({
      ...shellApi(),
      ...dictApi(),
      'POST /system/post/list': () => page([postRow(1)]),
      'POST /system/post/add': () => ({ code: 2001, msg: 'Data yang dikirim tidak valid', data: { fields: { postName: 'Nama sudah dipakai' } } }),
    });
    renderApp('/configure/post');
    await findRow('OPS_1');
    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    expect(await screen.findByText('Tambah Jabatan')).toBeTruthy();
    expect(field('Urutan').value).toBe('0');
    expect(within(drawer()).getByText('Normal')).toBeTruthy();

    save();
    await waitFor(() => expect(within(drawer()).getAllByText('Wajib diisi')).toHaveLength(2));
    fireEvent.change(field('Kode Jabatan'), { target: { value: 'ops 1' } });
    await within(drawer()).findByText('Format tidak valid');
    expect(calls.some((call) => call.path === '/system/post/add')).toBe(false);

    fireEvent.change(field('Kode Jabatan'), { target: { value: 'OPS_9' } });
    fireEvent.change(field('Nama Jabatan'), { target: { value: 'Teknisi lapangan' } });
    save();
    await within(drawer()).findByText('Nama sudah dipakai');
    expect(bodiesTo(calls, '/system/post/add')[0]).toEqual({ postCode: 'OPS_9', postName: 'Teknisi lapangan', postSort: 0, status: '0', remark: '' });
  });

  it('closes, reloads the list and says so once the server has saved', async () => {
    const calls = mockApi({
      ...shellApi(),
      ...dictApi(),
      'POST /system/post/list': () => page([postRow(1)]),
      'POST /system/post/add': (body) => ok({ ...postRow(5), ...(body as object) }),
    });
    renderApp('/configure/post');
    await findRow('OPS_1');
    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    await screen.findByText('Tambah Jabatan');
    fireEvent.change(field('Kode Jabatan'), { target: { value: 'TECH' } });
    fireEvent.change(field('Nama Jabatan'), { target: { value: 'Teknisi' } });
    const lists = bodiesTo(calls, '/system/post/list').length;
    save();
    expect(await screen.findByText('Data disimpan')).toBeTruthy();
    await waitFor(() => expect(bodiesTo(calls, '/system/post/list').length).toBeGreaterThan(lists));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });
});

describe('the edit drawer', () => {
  /** postCode set once, on add (form 'add'): shown disabled on edit and never sent. */
  const codeOnAdd: ResourceDef = {
    ...postResource,
    fields: postResource.fields.map((f) => (f.name === 'postCode' ? { ...f, form: 'add' as const } : f)),
  };

  it('reads the row first, sends its version, and on a conflict (2003) offers to reload it', async () => {
    let version = 3;
    let editAnswer: unknown = { code: 2003, msg: 'Data telah diubah orang lain, muat ulang lalu coba lagi' };
    const calls = mockApi({
      ...dictApi(),
      'POST /system/post/list': () => page([postRow(1)]),
      'GET /system/post/1': () => ok(postRow(1, { version, postName: `Nama v${version}` })),
      'POST /system/post/edit': () => editAnswer,
    });
    renderResource(codeOnAdd);
    fireEvent.click(within(await findRow('OPS_1')).getByRole('button', { name: 'Ubah' }));
    await waitFor(() => expect(field('Nama Jabatan').value).toBe('Nama v3'));
    expect(screen.getByText('Ubah Jabatan')).toBeTruthy();
    expect(field('Kode Jabatan').disabled).toBe(true);

    fireEvent.change(field('Nama Jabatan'), { target: { value: 'Supervisor' } });
    save();
    await within(drawer()).findByText('Data ini sudah diubah orang lain');
    expect(within(drawer()).getByText('Data telah diubah orang lain, muat ulang lalu coba lagi')).toBeTruthy();
    const edit = bodiesTo(calls, '/system/post/edit')[0]!;
    expect(edit).toMatchObject({ postId: 1, version: 3, postName: 'Supervisor', postSort: 1, status: '0' });
    expect(edit).not.toHaveProperty('postCode');

    version = 4;
    editAnswer = ok(postRow(1, { version: 5 }));
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Muat ulang data' }));
    await waitFor(() => expect(field('Nama Jabatan').value).toBe('Nama v4'));
    expect(within(drawer()).queryByText('Data ini sudah diubah orang lain')).toBeNull();
    save();
    await waitFor(() => expect(bodiesTo(calls, '/system/post/edit')).toHaveLength(2));
    expect(bodiesTo(calls, '/system/post/edit')[1]).toMatchObject({ postId: 1, version: 4, postName: 'Nama v4' });
  });
});

describe('row actions', () => {
  const withTransitions: ResourceDef = {
    ...postResource,
    transitions: [
      { name: 'disable', field: 'status', from: ['0'], to: '1', action: 'edit' },
      { name: 'enable', field: 'status', from: ['1'], to: '0', action: 'edit', confirm: true },
    ],
  };

  it('offers a transition only in its from states and runs it with the row version', async () => {
    const calls = mockApi({
      ...dictApi(),
      'POST /system/post/list': () => page([postRow(1, { status: '0', version: 7 }), postRow(2, { status: '1' })]),
      'POST /system/post/disable': (body) => ok({ ...postRow(1), ...(body as object), status: '1' }),
    });
    renderResource(withTransitions);
    // Four entries (View, Edit, Remove, one transition): two inline, the rest under More.
    const moreOf = async (code: string) => {
      fireEvent.click(within(await findRow(code)).getByRole('button', { name: /Lainnya/ }));
      await waitFor(() => expect(screen.getAllByRole('menu')).toBeTruthy());
      return screen.getAllByRole('menu').at(-1)!;
    };
    const inactive = await moreOf('OPS_2');
    expect(within(inactive).getByText(tr('transition.enable'))).toBeTruthy();
    expect(within(inactive).queryByText(tr('transition.disable'))).toBeNull();

    const active = await moreOf('OPS_1');
    expect(within(active).getByText(tr('transition.disable'))).toBeTruthy();
    expect(within(active).queryByText(tr('transition.enable'))).toBeNull();
    fireEvent.click(within(active).getByText(tr('transition.disable')));
    await waitFor(() => expect(bodiesTo(calls, '/system/post/disable')).toEqual([{ postId: 1, version: 7 }]));
  });

  it("asks for an event's payload first, checks it as the server does, and sends it with the row version", async () => {
    const withReason: ResourceDef = {
      ...postResource,
      transitions: [
        {
          name: 'disable',
          field: 'status',
          from: ['0'],
          to: '1',
          action: 'edit',
          confirm: true,
          payload: [{ name: 'remark', type: 'textarea', required: true, max: 20 }],
        },
      ],
    };
    const calls = mockApi({
      ...dictApi(),
      'POST /system/post/list': () => page([postRow(1, { status: '0', version: 3 })]),
      'POST /system/post/disable': (body) => ok({ ...postRow(1), status: '1', ...(body as object) }),
    });
    renderResource(withReason);
    fireEvent.click(within(await findRow('OPS_1')).getByRole('button', { name: /Lainnya/ }));
    await waitFor(() => expect(screen.getAllByRole('menu')).toBeTruthy());
    fireEvent.click(within(screen.getAllByRole('menu').at(-1)!).getByText(tr('transition.disable')));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`${tr('transition.disable')} · Operator 1`)).toBeTruthy();
    const ok_ = within(dialog).getByRole('button', { name: tr('transition.disable') });
    fireEvent.click(ok_);
    expect(await within(dialog).findByText(tr('validation.required'))).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(tr('field.post.remark')), { target: { value: 'Shift dihapus' } });
    fireEvent.click(ok_);
    await waitFor(() => expect(bodiesTo(calls, '/system/post/disable')).toEqual([{ remark: 'Shift dihapus', postId: 1, version: 3 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a row in the detail drawer, titled by its title field', async () => {
    mockApi({ ...dictApi(), 'POST /system/post/list': () => page([postRow(1, { remark: 'Shift pagi' })]) });
    renderResource(postResource);
    fireEvent.click(within(await findRow('OPS_1')).getByRole('button', { name: 'Lihat' }));
    const detail = await screen.findByRole('dialog');
    expect(detail.querySelector('.ant-drawer-title')?.textContent).toBe('Operator 1');
    expect(within(detail).getByText('Shift pagi')).toBeTruthy();
    expect(within(detail).getByText('Diperbarui pada')).toBeTruthy();
    // The engine's own stamps are on the city's clock like the declared times (no city here: Jakarta, UTC+7).
    expect(within(detail).getByText('2026-03-02 08:02:03')).toBeTruthy();
    await within(detail).findByText('Normal');
  });
});
