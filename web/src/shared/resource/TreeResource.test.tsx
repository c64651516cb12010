import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../lib/i18n';
import { mockApi, page } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { bodiesTo, depts, dictApi, findRow } from '../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

const levelOf = (row: HTMLElement) => /ant-table-row-level-(\d+)/.exec(row.className)?.[1];

describe('a tree resource (dept)', () => {
  it('reads the whole tree unpaged and nests it by parent, opened two levels deep; searches still filter', async () => {
    const calls = mockApi({
      ...shellApi(),
      ...dictApi(),
      'POST /system/dept/list': (body) =>
        page((body as { deptName?: string }).deptName ? depts.filter((d) => d.deptId >= 3101 && d.deptId !== 3102) : depts),
    });
    renderApp('/configure/dept');
    expect(levelOf(await findRow('Kantor Pusat'))).toBe('0');
    expect(levelOf(await findRow('KitaBike'))).toBe('1');
    expect(levelOf(await findRow('Jakarta'))).toBe('2');
    expect(levelOf(await findRow('Bandung'))).toBe('2');
    // The third level waits behind its parent's expander; a tree has no pages.
    expect(within(screen.getByRole('table')).queryByText('Shift Malam')).toBeNull();
    expect(document.querySelector('.ant-table-pagination')).toBeNull();
    expect(bodiesTo(calls, '/system/dept/list')[0]).toEqual({});

    fireEvent.click((await findRow('Jakarta')).querySelector('.ant-table-row-expand-icon')!);
    expect(levelOf(await findRow('Shift Malam'))).toBe('3');

    // A search answers the matches only: a match whose parent did not match is a root.
    fireEvent.change(within(screen.getByRole('search')).getByLabelText(tr('field.dept.deptName')), { target: { value: 'Jak' } });
    fireEvent.click(screen.getByRole('button', { name: /Cari/ }));
    await waitFor(() => expect(bodiesTo(calls, '/system/dept/list').at(-1)).toEqual({ deptName: 'Jak' }));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Kantor Pusat')).toBeNull());
    expect(levelOf(await findRow('Jakarta'))).toBe('0');
    expect(levelOf(await findRow('Shift Malam'))).toBe('1');
  });
});
