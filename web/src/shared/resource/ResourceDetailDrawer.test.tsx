import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userResource } from '@kayuh/contract/resources/user';
import { AppProvider } from '../../app/provider';
import { mockApi, ok } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { dictApi } from '../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../testing/session';
import { ResourceDetailDrawer } from './ResourceDetailDrawer';

const listRow = {
  userId: 7,
  tenantId: 2,
  userName: 'kitabike.clerk.01',
  nickName: 'Dina Clerk',
  deptId: 2002,
  status: '0',
  version: 1,
  createdAt: '2026-11-01T02:00:00Z',
};

beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
  mockApi({
    ...dictApi(),
    // The row itself carries the linked ids a list row does not.
    'GET /system/user/7': () => ok({ ...listRow, roleIds: [31, 32], postIds: [4] }),
    'GET /system/role/options': () =>
      ok([
        { value: 31, label: 'Post clerk' },
        { value: 32, label: 'Night dispatcher' },
      ]),
    'GET /system/post/options': () => ok([{ value: 4, label: 'Warehouse keeper' }]),
    'POST /system/dept/list': () => ok([]),
  });
});
afterEach(() => {
  cleanup();
  resetApp();
});

describe('the detail view', () => {
  it("shows a user's roles and posts by name, and no password row", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AppProvider>
          <ResourceDetailDrawer resource={userResource} row={listRow} onClose={() => undefined} />
        </AppProvider>
      </QueryClientProvider>,
    );
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Post clerk, Night dispatcher')).toBeTruthy();
    expect(await within(drawer).findByText('Warehouse keeper')).toBeTruthy();
    expect(within(drawer).queryByText('Password')).toBeNull();
    // One value per line: label and value side by side, never four cells squeezed into a row.
    expect(drawer.querySelectorAll('.ant-descriptions-row')[0]!.querySelectorAll('td, th')).toHaveLength(2);
  });
});
