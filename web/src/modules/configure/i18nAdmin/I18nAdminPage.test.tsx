import type { MenuNode } from '@kayuh/contract/api/system';
import { catalogueFor } from '@kayuh/contract/i18n/index';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, ok, page, type Handler } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, dictApi, findRow } from '../../../testing/resource';
import { fullMenuTree, operator, resetApp, signIn, superAdmin } from '../../../testing/session';

const createObjectURL = URL.createObjectURL;
beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(() => {
  resetApp();
  URL.createObjectURL = createObjectURL;
  vi.restoreAllMocks();
});

const text = { i18nId: 5, i18nKey: 'menu.operations', lang: 'ID', module: 'menu', text: 'Pusat Operasi', version: 0, tenantId: 1 };
const api = (more: Record<string, Handler> = {}, tree = fullMenuTree()) => ({
  ...shellApi(tree),
  ...dictApi({ i18n_entries_lang: ['ID', 'EN', 'ZH'] }),
  'POST /system/i18n/admin/list': () => page([text]),
  'GET /system/i18n/find': () => ok({ ...catalogueFor('ID'), 'menu.operations': 'Pusat Operasional' }),
  ...more,
});
const withoutPerms = (nodes: MenuNode[], perms: string[]): MenuNode[] =>
  nodes.filter((node) => !perms.includes(node.perms ?? '')).map((node) => ({ ...node, children: withoutPerms(node.children, perms) }));

/** Opens Import, picks a file and sends it. */
async function importFile(name: string) {
  fireEvent.click(screen.getByRole('button', { name: tr('action.import') }));
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, {
      target: { files: [new File(['xlsx'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })] },
    });
  });
  fireEvent.click(within(dialog).getByRole('button', { name: tr('action.import') }));
  return dialog;
}

describe('console texts: a language to xlsx and back', () => {
  it('imports a file, shows the counts, and reloads the list and the console texts', async () => {
    const forms: FormData[] = [];
    const calls = mockApi(
      api({
        'POST /system/i18n/admin/import': (_body, { init }) => {
          forms.push(init.body as FormData);
          return ok({ added: 2, updated: 5, unchanged: 1900 });
        },
      }),
    );
    renderApp('/configure/i18n/admin');
    await findRow('menu.operations');
    const listCalls = bodiesTo(calls, '/system/i18n/admin/list').length;

    const dialog = await importFile('console-texts-ID.xlsx');
    expect(await within(dialog).findByText(tr('page.i18nAdmin.counts', { added: 2, updated: 5, unchanged: '1,900' }))).toBeTruthy();
    expect(forms).toHaveLength(1);
    expect(forms[0]!.get('lang')).toBe('ID');
    expect((forms[0]!.get('file') as File).name).toBe('console-texts-ID.xlsx');
    await waitFor(() => expect(bodiesTo(calls, '/system/i18n/admin/list').length).toBeGreaterThan(listCalls));
    // The texts on screen are the server's new ones.
    await waitFor(() => expect(tr('menu.operations')).toBe('Pusat Operasional'));
  });

  it('lists the rows at fault when the file is refused, and how many more there are', async () => {
    mockApi(
      api({
        'POST /system/i18n/admin/import': () => ({
          code: 2001,
          msg: 'Berkas memiliki 22 kesalahan; tidak ada yang diimpor',
          data: {
            errorCount: 22,
            rowErrors: [
              { row: 3, message: 'Kunci: Format tidak valid' },
              { row: 7, message: 'Teks: Wajib diisi' },
            ],
          },
        }),
      }),
    );
    renderApp('/configure/i18n/admin');
    await findRow('menu.operations');
    const dialog = await importFile('texts.xlsx');
    expect(await within(dialog).findByText('Berkas memiliki 22 kesalahan; tidak ada yang diimpor')).toBeTruthy();
    expect(within(dialog).getByText(tr('page.i18nAdmin.rowError', { row: 3, message: 'Kunci: Format tidak valid' }))).toBeTruthy();
    expect(within(dialog).getByText(tr('page.i18nAdmin.rowError', { row: 7, message: 'Teks: Wajib diisi' }))).toBeTruthy();
    expect(within(dialog).getByText(tr('page.i18nAdmin.moreErrors', { count: 20 }))).toBeTruthy();
  });

  it('refuses a file that is not an .xlsx before sending it', async () => {
    const calls = mockApi(api());
    renderApp('/configure/i18n/admin');
    await findRow('menu.operations');
    const dialog = await importFile('texts.csv');
    expect(await within(dialog).findByText(tr('page.i18nAdmin.fileType', { maxMb: 2 }))).toBeTruthy();
    expect(calls.filter((c) => c.path === '/system/i18n/admin/import')).toEqual([]);
  });

  it('exports the chosen language with a reference language as a download', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:kayuh/1');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = mockApi(
      api({
        'POST /system/i18n/admin/exportLang': () =>
          new Response('xlsx-bytes', {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': 'attachment; filename="console-texts-ID.xlsx"',
            },
          }),
      }),
    );
    renderApp('/configure/i18n/admin');
    await findRow('menu.operations');
    fireEvent.click(screen.getByRole('button', { name: tr('page.i18nAdmin.exportLang') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: tr('page.i18nAdmin.download') }));
    await waitFor(() => expect(saved).toEqual(['console-texts-ID.xlsx']));
    expect(bodiesTo(calls, '/system/i18n/admin/exportLang')).toEqual([{ lang: 'ID', refLang: 'EN' }]);
  });

  it('shows the buttons only with their permissions', async () => {
    signIn(operator);
    mockApi(api({}, withoutPerms(fullMenuTree(), ['configure:i18nAdmin:import'])));
    renderApp('/configure/i18n/admin');
    await findRow('menu.operations');
    expect(screen.getByRole('button', { name: tr('page.i18nAdmin.exportLang') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: tr('action.import') })).toBeNull();
  });
});
