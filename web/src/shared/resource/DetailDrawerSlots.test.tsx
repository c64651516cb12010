import type { MenuNode } from '@kayuh/contract/api/system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deptResource } from '@kayuh/contract/resources/dept';
import { editionsResource } from '@kayuh/contract/resources/editions';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { AppProvider } from '../../app/provider';
import { tr } from '../../lib/i18n';
import { mockApi, ok, page } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { bodiesTo, depts, dictApi } from '../../testing/resource';
import { fullMenuTree, operator, resetApp, signIn, superAdmin } from '../../testing/session';
import { useConfigStore } from '../../stores/configStore';
import { ResourceDetailDrawer } from './ResourceDetailDrawer';
import type { ResourceRow } from './resourceApi';

beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
});
afterEach(() => {
  cleanup();
  resetApp();
});

/** The drawer as a page holds it: inside the router (a related list keeps its state in the component). */
const open = (resource: ResourceDef, row: ResourceRow) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppProvider>
        <MemoryRouter>
          <ResourceDetailDrawer resource={resource} row={row} onClose={() => undefined} />
        </MemoryRouter>
      </AppProvider>
    </QueryClientProvider>,
  );
const staff = (userId: number, nickName: string) => ({
  userId,
  userName: `kitabike.${userId}`,
  nickName,
  deptId: 3101,
  status: '0',
  version: 1,
  tenantId: 2,
});
const withoutPerms = (nodes: MenuNode[], perms: string[]): MenuNode[] =>
  nodes.filter((node) => !perms.includes(node.perms ?? '')).map((node) => ({ ...node, children: withoutPerms(node.children, perms) }));

describe('related lists in the detail drawer', () => {
  const jakarta = { ...depts[2]!, leader: 'Rina' };

  it("lists a dept's staff through the user list, filtered by the dept, paged, in the user page's columns", async () => {
    const calls = mockApi({
      ...dictApi(),
      'GET /system/dept/3101': () => ok(jakarta),
      'POST /system/dept/list': () => page(depts),
      'POST /system/user/list': () => page([staff(7, 'Dina Clerk'), staff(8, 'Wahyu Night')], 23),
    });
    open(deptResource, jakarta);
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer)
        .getByRole('tab', { name: tr('engine.detail.fields') })
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(bodiesTo(calls, '/system/user/list')).toEqual([]);

    fireEvent.click(within(drawer).getByRole('tab', { name: tr('related.dept.staff') }));
    expect(await within(drawer).findByText('Wahyu Night')).toBeTruthy();
    expect(bodiesTo(calls, '/system/user/list')[0]).toEqual({ pageNum: 1, pageSize: 20, deptId: '3101' });
    expect(within(drawer).getByRole('columnheader', { name: tr('field.user.userName') })).toBeTruthy();
    expect(within(drawer).queryByRole('columnheader', { name: tr('engine.actions') })).toBeNull();
    expect(within(drawer).queryByRole('columnheader', { name: tr('field.user.deptId') })).toBeNull();
    expect(within(drawer).getByText(tr('common.total', { total: 23 }))).toBeTruthy();

    fireEvent.click(within(drawer).getByTitle('2'));
    await waitFor(() => expect(bodiesTo(calls, '/system/user/list').at(-1)).toEqual({ pageNum: 2, pageSize: 20, deptId: '3101' }));
  });

  it('leaves out a list the user may not read', async () => {
    signIn(operator);
    useConfigStore.setState({ menuList: withoutPerms(fullMenuTree(), ['configure:user:view']) });
    mockApi({ ...dictApi(), 'GET /system/dept/3101': () => ok(jakarta), 'POST /system/dept/list': () => page(depts) });
    open(deptResource, jakarta);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Rina')).toBeTruthy();
    expect(within(drawer).queryByRole('tab')).toBeNull();
  });
});

describe("a row's history in the detail drawer", () => {
  const withReason: ResourceDef = {
    ...editionsResource,
    transitions: editionsResource.transitions!.map((x) =>
      x.name === 'withdraw' ? { ...x, payload: [{ name: 'remark', type: 'textarea' as const, max: 200 }] } : x,
    ),
  };
  const version = { versionId: 7, versionName: '2.4.0', status: '2', version: 3, tenantId: 2 };

  it('shows the events fired on the row, newest first: which, from and to, who, when and what it carried', async () => {
    const calls = mockApi({
      ...dictApi({ app_versions_status: ['0', '1', '2'] }),
      'GET /system/appVersion/7': () => ok(version),
      'GET /system/appVersion/7/events': () =>
        page(
          [
            {
              eventId: 12,
              event: 'withdraw',
              from: 1,
              to: 2,
              payload: { remark: 'Crash on start' },
              operName: 'kitabike.admin',
              at: '2026-11-02T03:00:00Z',
            },
            { eventId: 11, event: 'publish', from: 0, to: 1, payload: {}, operName: null, at: '2026-11-01T03:00:00Z' },
          ],
          140,
        ),
    });
    open(withReason, version);
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('tab', { name: tr('engine.detail.history') }));
    const items = await waitFor(() => {
      const found = drawer.querySelectorAll('.ant-timeline-item');
      expect(found).toHaveLength(2);
      return [...found] as HTMLElement[];
    });
    expect(within(items[0]!).getByText(tr('transition.withdraw'))).toBeTruthy();
    expect(await within(items[0]!).findByText(tr('dict.app_versions_status.1'))).toBeTruthy();
    expect(within(items[0]!).getByText(tr('dict.app_versions_status.2'))).toBeTruthy();
    expect(within(items[0]!).getByText(new RegExp(tr('engine.events.by', { name: 'kitabike.admin' })))).toBeTruthy();
    expect(within(items[0]!).getByText(tr('field.editions.remark'))).toBeTruthy();
    expect(within(items[0]!).getByText('Crash on start')).toBeTruthy();
    expect(within(items[1]!).getByText(tr('transition.publish'))).toBeTruthy();
    expect(within(items[1]!).getByText(new RegExp(tr('engine.events.system')))).toBeTruthy();
    expect(within(drawer).getByText(tr('engine.events.newest', { shown: 2, total: 140 }))).toBeTruthy();
    expect(calls.filter((call) => call.path === '/system/appVersion/7/events')).toHaveLength(1);
  });

  it('says so when nothing has happened to the row yet', async () => {
    mockApi({
      ...dictApi({ app_versions_status: ['0', '1', '2'] }),
      'GET /system/appVersion/7': () => ok({ ...version, status: '0' }),
      'GET /system/appVersion/7/events': () => page([]),
    });
    open(editionsResource, { ...version, status: '0' });
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('tab', { name: tr('engine.detail.history') }));
    expect(await within(drawer).findByText(tr('engine.events.none'))).toBeTruthy();
  });
});
