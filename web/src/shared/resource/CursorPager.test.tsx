import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { dictApi, findRow } from '../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../testing/session';

beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
});
afterEach(resetApp);

const row = (infoId: number) => ({ infoId, userName: `user.${infoId}`, status: '0', loginAt: '2026-11-20T01:00:00Z', tenantId: 2 });
/** Three pages of two sign-ins, newest first, chained by cursor as the server answers them. */
const PAGES: Record<string, { rows: unknown[]; nextCursor: string | null }> = {
  '': { rows: [row(6), row(5)], nextCursor: 'AFTER5' },
  AFTER5: { rows: [row(4), row(3)], nextCursor: 'AFTER3' },
  AFTER3: { rows: [row(2), row(1)], nextCursor: null },
};

describe('a cursor-paged list (the login journal)', () => {
  it('reads each page after the last one by its cursor, goes back, and never asks for a page number', async () => {
    const calls = mockApi({
      ...shellApi(),
      ...dictApi(),
      'POST /system/logininfor/list': (body) => {
        const page = PAGES[(body as { cursor?: string }).cursor ?? '']!;
        return { code: 1000, msg: '', total: 6, ...page };
      },
    });
    renderApp('/configure/login_journal');
    await findRow('user.6');
    const next = () => fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    const previous = () => fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(screen.getByRole('button', { name: /Previous/ })).toHaveProperty('disabled', true);
    next();
    await findRow('user.4');
    next();
    await findRow('user.2');
    expect(screen.getByRole('button', { name: /Next/ })).toHaveProperty('disabled', true);
    previous();
    await findRow('user.4');
    previous();
    await findRow('user.6');
    await waitFor(() => expect(screen.getByRole('button', { name: /Previous/ })).toHaveProperty('disabled', true));
    const lists = calls.filter((c) => c.path === '/system/logininfor/list').map((c) => c.body as Record<string, unknown>);
    // Going back shows the pages already read (from the query cache); each page was asked for once.
    expect(lists.map((b) => b.cursor ?? '')).toEqual(['', 'AFTER5', 'AFTER3']);
    expect(lists.every((b) => !('pageNum' in b))).toBe(true);
    expect(screen.getByText('6 records in total')).toBeTruthy();
  });
});
