import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, dictApi } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

const value = (dictType: string, dictValue: string) => ({
  dictCode: dictValue.length,
  tenantId: 1,
  dictType,
  dictValue,
  dictLabel: dictValue,
  dictSort: 0,
  status: '0',
  version: 0,
});

describe('dictionary page', () => {
  it('lists values, shows the types beside them, and a type opens its values', async () => {
    const calls = mockApi({
      ...shellApi(),
      ...dictApi(),
      'POST /system/dict/values/list': (body) =>
        page(
          (body as { dictType?: string }).dictType === 'tickets_status'
            ? [value('tickets_status', 'open')]
            : [value('sys_lang', 'ID'), value('tickets_status', 'open')],
        ),
      'POST /system/dict/type/list': () => page([{ dictId: 9, dictType: 'tickets_status', dictName: 'Ticket status', status: '0', version: 0 }]),
    });
    const { router } = renderApp('/configure/dict');
    expect(await screen.findByText('sys_lang')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Jenis Kamus' }));
    const types = await screen.findByRole('tabpanel', { name: 'Jenis Kamus' });
    fireEvent.click(await within(types).findByText('tickets_status'));
    await waitFor(() => expect(router.state.location.search).toContain('dictType=tickets_status'));
    await waitFor(() => expect(bodiesTo(calls, '/system/dict/values/list').at(-1)).toMatchObject({ dictType: 'tickets_status' }));
    expect(screen.getByRole('tab', { name: 'Nilai Kamus' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.queryByText('sys_lang')).toBeNull());
  });

  it("picks a value's type from the existing types, in the search and in the form", async () => {
    mockApi({
      ...shellApi(),
      ...dictApi(),
      'POST /system/dict/values/list': () => page([value('sys_lang', 'ID')]),
      'GET /system/dict/type/options': () =>
        ok([
          { value: 'sys_lang', label: 'sys_lang' },
          { value: 'tickets_status', label: 'tickets_status' },
        ]),
    });
    renderApp('/configure/dict');
    expect(await screen.findByText('sys_lang')).toBeTruthy();
    // The filter is a select of the types, not a text box a typo slips through.
    expect(screen.getAllByRole('combobox').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    const drawer = await screen.findByRole('dialog');
    const typeField = await within(drawer).findByLabelText('Jenis Kamus');
    expect(typeField.getAttribute('role')).toBe('combobox');
  });
});
