import type { MenuNode } from '@kayuh/contract/api/system';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, page } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { bodiesTo, dictApi, findRow, postRow } from '../../testing/resource';
import { fullMenuTree, operator, resetApp, signIn, superAdmin } from '../../testing/session';
import { tableSettingsKey } from './tableSettings';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

const listApi = (rows = [postRow(1), postRow(2)], total = rows.length) => ({
  ...shellApi(),
  ...dictApi(),
  'POST /system/post/list': () => page(rows, total),
});
const withoutPerms = (nodes: MenuNode[], perms: string[]): MenuNode[] =>
  nodes.filter((node) => !perms.includes(node.perms ?? '')).map((node) => ({ ...node, children: withoutPerms(node.children, perms) }));
/** Inside a part of the form that is folded away (display: none on an ancestor). */
const isHidden = (element: HTMLElement | null): boolean => element !== null && (element.style.display === 'none' || isHidden(element.parentElement));
const headers = () =>
  screen
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim())
    .filter(Boolean);
const searchParams = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('a resource list page from its declaration', () => {
  it("names antd's own controls in the console's language: the selection boxes and a select's clear button", async () => {
    mockApi(listApi());
    renderApp('/configure/post');
    await findRow('OPS_1');
    expect(screen.getByRole('checkbox', { name: 'Pilih semua baris di halaman ini' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Pilih Operator 2' })).toBeTruthy();
    const search = screen.getByRole('search');
    fireEvent.mouseDown(within(search).getByLabelText('Status'));
    fireEvent.click(await screen.findByTitle('Normal'));
    expect(await within(search).findByRole('button', { name: 'Kosongkan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('replaces the not-built page: search form and columns come from the post declaration', async () => {
    const calls = mockApi(listApi());
    renderApp('/configure/post');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jabatan' })).toBeTruthy();
    const row = await findRow('OPS_1');
    // Filters: postCode (like), postName (like), status (eq, dict) shown; createdAt (range) behind "More filters".
    const search = screen.getByRole('search');
    for (const label of ['Kode Jabatan', 'Nama Jabatan', 'Status']) expect(within(search).getByLabelText(label)).toBeTruthy();
    expect(isHidden(within(search).getByLabelText('Kode Jabatan'))).toBe(false);
    expect(isHidden(within(search).getByLabelText('Dibuat pada'))).toBe(true);
    // Columns: listed fields in order; remark is 'hidden' so it starts unchecked; then the actions.
    expect(headers()).toEqual(['Kode Jabatan', 'Nama Jabatan', 'Urutan', 'Status', 'Dibuat pada (WIB)', 'Aksi']);
    expect(within(row).getByText('Normal')).toBeTruthy();
    expect(within(row).getByText('2026-03-01', { exact: false })).toBeTruthy();
    expect(bodiesTo(calls, '/system/post/list')[0]).toEqual({ pageNum: 1, pageSize: 20 });
    expect(bodiesTo(calls, '/system/dict/data/list')[0]).toMatchObject({ dictType: 'sys_normal_disable' });
  });

  it('puts a filter and a page change in the URL and in the request body', async () => {
    const calls = mockApi(listApi([postRow(1)], 45));
    const { router } = renderApp('/configure/post?pageNum=3');
    await findRow('OPS_1');
    fireEvent.change(within(screen.getByRole('search')).getByLabelText('Kode Jabatan'), { target: { value: ' OPS ' } });
    fireEvent.click(screen.getByRole('button', { name: /Cari/ }));
    await waitFor(() => expect(searchParams(router)).toEqual({ pageNum: '1', pageSize: '20', postCode: 'OPS' }));
    await waitFor(() => expect(bodiesTo(calls, '/system/post/list').at(-1)).toEqual({ pageNum: 1, pageSize: 20, postCode: 'OPS' }));

    fireEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(searchParams(router)).toEqual({ pageNum: '2', pageSize: '20', postCode: 'OPS' }));
    await waitFor(() => expect(bodiesTo(calls, '/system/post/list').at(-1)).toEqual({ pageNum: 2, pageSize: 20, postCode: 'OPS' }));

    fireEvent.click(screen.getByRole('button', { name: 'Atur Ulang' }));
    await waitFor(() => expect(searchParams(router)).toEqual({ pageSize: '20' }));
  });

  it('reads a date range from the URL and sends it as whole days', async () => {
    const calls = mockApi(listApi());
    renderApp('/configure/post?createdAtFrom=2026-03-01&createdAtTo=2026-03-02&status=1');
    await findRow('OPS_1');
    const body = bodiesTo(calls, '/system/post/list')[0]!;
    expect(body.status).toBe('1');
    expect(new Date(body.createdAtFrom as string).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(body.createdAtTo as string).getTime()).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).getTime());
    // A filter behind "More filters" that holds a value opens them.
    expect(screen.getByRole('button', { name: /Sembunyikan filter/ }).getAttribute('aria-expanded')).toBe('true');
  });

  it('sorts on the server by a sortable column: orderByColumn and isAsc', async () => {
    const calls = mockApi(listApi());
    const { router } = renderApp('/configure/post');
    await findRow('OPS_1');
    const header = () => screen.getByRole('columnheader', { name: 'Kode Jabatan' });
    fireEvent.click(header());
    await waitFor(() => expect(searchParams(router)).toMatchObject({ orderByColumn: 'postCode', isAsc: 'asc' }));
    await waitFor(() => expect(bodiesTo(calls, '/system/post/list').at(-1)).toMatchObject({ orderByColumn: 'postCode', isAsc: 'asc' }));
    fireEvent.click(header());
    await waitFor(() => expect(bodiesTo(calls, '/system/post/list').at(-1)).toMatchObject({ orderByColumn: 'postCode', isAsc: 'desc' }));
    // Status is not sortable: no sorter on its header.
    expect(screen.getByRole('columnheader', { name: 'Status' }).className).not.toContain('ant-table-column-has-sorters');
  });

  it('hides and shows columns and sets the density, remembered per user', async () => {
    mockApi(listApi());
    const first = renderApp('/configure/post');
    await findRow('OPS_1');
    fireEvent.click(screen.getByRole('button', { name: /Kolom/ }));
    const settings = await screen.findByRole('tooltip');
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Kode Jabatan' }));
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Keterangan' }));
    await waitFor(() => expect(headers()).toEqual(['Nama Jabatan', 'Urutan', 'Status', 'Keterangan', 'Dibuat pada (WIB)', 'Aksi']));
    fireEvent.click(screen.getByRole('button', { name: /Kepadatan/ }));
    fireEvent.click(await screen.findByText('Rapat'));
    await waitFor(() => expect(document.querySelector('.ant-table-small')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(tableSettingsKey(superAdmin.userId, 'post'))!)).toEqual({
      columns: { postCode: false, remark: true },
      density: 'small',
    });
    first.unmount();

    // The same user gets the same columns back; another user has their own (the defaults).
    resetApp();
    mockApi(listApi());
    signIn(superAdmin);
    const again = renderApp('/configure/post');
    await findRow('Operator 1');
    expect(headers()).toEqual(['Nama Jabatan', 'Urutan', 'Status', 'Keterangan', 'Dibuat pada (WIB)', 'Aksi']);
    expect(document.querySelector('.ant-table-small')).not.toBeNull();
    again.unmount();
    resetApp();
    mockApi(listApi());
    signIn({ ...superAdmin, userId: 77 });
    renderApp('/configure/post');
    await findRow('OPS_1');
    expect(headers()).toEqual(['Kode Jabatan', 'Nama Jabatan', 'Urutan', 'Status', 'Dibuat pada (WIB)', 'Aksi']);
    expect(document.querySelector('.ant-table-small')).toBeNull();
  });

  it("disables (not hides) another tenant's Edit and Remove for a non-super-admin; View stays", async () => {
    signIn(operator);
    mockApi(listApi([postRow(1, { tenantId: operator.tenantId }), postRow(2, { tenantId: 9 })]));
    renderApp('/configure/post');
    const own = await findRow('OPS_1');
    const other = await findRow('OPS_2');
    const button = (row: HTMLElement, name: string) => within(row).getByRole('button', { name }) as HTMLButtonElement;
    expect(button(own, 'Ubah').disabled).toBe(false);
    expect(button(other, 'Ubah').disabled).toBe(true);
    expect(button(other, 'Hapus').disabled).toBe(true);
    expect(button(other, 'Lihat').disabled).toBe(false);
    expect((within(other).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });

  it('removes a row after confirming: POST remove/<id>, then the list reloads', async () => {
    const calls = mockApi({ ...listApi(), 'POST /system/post/remove/2': () => ok() });
    renderApp('/configure/post');
    const row = await findRow('OPS_2');
    fireEvent.click(within(row).getByRole('button', { name: 'Hapus' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Hapus "Operator 2"?')).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/system/post/remove'))).toBe(false);
    const lists = bodiesTo(calls, '/system/post/list').length;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/system/post/remove/2')).toBe(true));
    await waitFor(() => expect(bodiesTo(calls, '/system/post/list').length).toBeGreaterThan(lists));
  });

  it('removes the selected rows at once', async () => {
    const calls = mockApi({ ...listApi(), 'POST /system/post/remove/1,2': () => ok() });
    renderApp('/configure/post');
    await findRow('OPS_1');
    fireEvent.click(within(await findRow('OPS_1')).getByRole('checkbox'));
    fireEvent.click(within(await findRow('OPS_2')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /Hapus terpilih \(2\)/ }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/system/post/remove/1,2')).toBe(true));
  });

  it('exports with the list filters and points to the Download Center', async () => {
    const calls = mockApi({ ...listApi(), 'POST /system/post/export': () => ok({ jobNo: 'EXP-7' }) });
    renderApp('/configure/post?postName=Ops&pageNum=2');
    await findRow('OPS_1');
    fireEvent.click(screen.getByRole('button', { name: /Ekspor/ }));
    expect(await screen.findByText(/EXP-7/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buka Pusat Unduhan' }).getAttribute('href')).toBe('/configure/downloadList');
    expect(bodiesTo(calls, '/system/post/export')[0]).toEqual({ postName: 'Ops' });
  });

  it('offers Add and Export only with their permissions', async () => {
    signIn(operator);
    mockApi({ ...listApi(), ...shellApi(withoutPerms(fullMenuTree(), ['configure:post:add', 'configure:post:export'])) });
    renderApp('/configure/post');
    await findRow('OPS_1');
    expect(screen.queryByRole('button', { name: /Tambah/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Ekspor/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Hapus terpilih/ })).toBeTruthy();
  });

  it('renders the country resource too, from its own declaration', async () => {
    mockApi({
      ...shellApi(),
      ...dictApi(),
      'POST /system/country/list': () =>
        page([
          {
            countryId: 1,
            countryCode: 'ID',
            nameIn: 'Indonesia',
            nameZh: '印度尼西亚',
            phoneCode: '+62',
            defaultCurrency: 'IDR',
            defaultLang: 'ID',
            status: '1',
            version: 1,
            tenantId: 1,
          },
        ]),
    });
    renderApp('/configure/country');
    await findRow('Indonesia');
    expect(headers()).toEqual([
      'Kode Negara',
      'Nama Negara',
      'Nama dalam Bahasa Mandarin',
      'Kode Telepon',
      'Mata Uang Bawaan',
      'Bahasa Bawaan',
      'Status',
      'Aksi',
    ]);
    // The country declaration offers no export.
    expect(screen.queryByRole('button', { name: /Ekspor/ })).toBeNull();
  });
});
