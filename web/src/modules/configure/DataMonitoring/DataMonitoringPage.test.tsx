import type { MenuNode } from '@kayuh/contract/api/system';
import type { OnlineSession, ServerFigures } from '@kayuh/contract/api/monitor';
import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, ok } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, findRow } from '../../../testing/resource';
import { fullMenuTree, operator, resetApp, signIn, superAdmin } from '../../../testing/session';
import { MONITOR_POLL_MS } from './monitorApi';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
  resetApp();
});

const figures: ServerFigures = {
  process: {
    pid: 4242,
    node: 'v22.11.0',
    uptimeS: 3723,
    rssMb: 1234,
    heapUsedMb: 60,
    heapTotalMb: 80,
    cpuUserMs: 61_000,
    cpuSystemMs: 4000,
    loadAvg: [0.5, 0.25, 1],
    cpus: 8,
  },
  database: { kind: 'pglite', sizeMb: 48 },
  queue: { exportsQueued: 3, exportsRunning: 1, taskRunsFailed24h: 7 },
  sessions: { online: 2, liveConnections: 3, scheduler: 'leader' },
  devices: {
    connected: 412,
    framesAccepted: 98_765,
    dropped: { malformed: 2, invalid: 5, unknownDevice: 0, future: 1, tooOld: 0, writeFailed: 0 },
  },
};
const session = (sessionId: number, userName: string, extra: Partial<OnlineSession> = {}): OnlineSession => ({
  sessionId,
  userName,
  nickName: `Nick ${sessionId}`,
  tenantName: 'KitaBike',
  ip: '10.0.0.7',
  browser: 'Chrome 140',
  os: 'Windows 11',
  loginAt: '2026-03-01T01:02:03Z',
  lastSeenAt: '2026-03-01T02:03:04Z',
  current: false,
  ...extra,
});
const sessions = [session(11, 'superadmin', { tenantName: 'Kayuh', current: true, ip: null }), session(12, 'kitabike.ops.jakarta')];
const api = (tree: MenuNode[] = fullMenuTree()) => ({
  ...shellApi(tree),
  'GET /monitor/server': () => ok(figures),
  'GET /monitor/online/list': () => ok(sessions),
  'POST /monitor/online/forceLogout': () => ok({ ended: 1 }),
});
const withoutPerms = (nodes: MenuNode[], perms: string[]): MenuNode[] =>
  nodes.filter((node) => !perms.includes(node.perms ?? '')).map((node) => ({ ...node, children: withoutPerms(node.children, perms) }));
const callsTo = (calls: Array<{ path: string }>, path: string) => calls.filter((call) => call.path === path).length;
const forceButton = (row: HTMLElement) => within(row).getByRole('button', { name: tr('page.dataMonitoring.forceLogout') }) as HTMLButtonElement;

describe('data monitoring', () => {
  it('shows the process, database, queue and session figures, formatted like the rest of the console', async () => {
    mockApi(api());
    renderApp('/configure/DataMonitoring');
    expect(await screen.findByText('1:02:03')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText(tr('page.dataMonitoring.liveConnections'))).toBeTruthy();
    expect(screen.getByText(tr('page.dataMonitoring.heapOf', { used: 60, total: 80 }))).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: tr('page.dataMonitoring.heap') }).getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('0:01:05')).toBeTruthy();
    expect(screen.getByText('0.50 / 0.25 / 1.00')).toBeTruthy();
    expect(screen.getByText('PGlite')).toBeTruthy();
    expect(screen.getByText(tr('page.dataMonitoring.scheduler.leader'))).toBeTruthy();
    // The device link: boxes connected, frames taken in, and those dropped by reason.
    expect(screen.getByText('98,765')).toBeTruthy();
    const dropped = screen.getByText(tr('page.dataMonitoring.framesDropped')).closest('.ant-statistic') as HTMLElement;
    expect(within(dropped).getByText('8')).toBeTruthy();
    const reasons = screen.getByRole('list', { name: tr('page.dataMonitoring.framesDropped') });
    expect(within(reasons).getByText(`${tr('page.dataMonitoring.drop.invalid')} 5`)).toBeTruthy();
    const queue = screen.getByText(tr('page.dataMonitoring.failedRuns')).closest('.ant-statistic') as HTMLElement;
    expect(within(queue).getByText('7')).toBeTruthy();
    // The time of the reading, as the console writes every timestamp.
    expect(
      screen.getByText(new RegExp(`^${tr('page.dataMonitoring.lastReading', { time: '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}' })}$`)),
    ).toBeTruthy();
  });

  it('lists the sessions with their tenant, marks this session and keeps it from being ended', async () => {
    mockApi(api());
    renderApp('/configure/DataMonitoring');
    const own = await findRow('Nick 11');
    expect(within(own).getByText(tr('page.dataMonitoring.thisSession'))).toBeTruthy();
    expect(within(own).getByText('Kayuh')).toBeTruthy();
    expect(within(own).getByText('--')).toBeTruthy();
    expect(forceButton(own).disabled).toBe(true);
    const other = await findRow('kitabike.ops.jakarta');
    expect(within(other).getByText('2026-03-01 ' + new Date('2026-03-01T02:03:04Z').toTimeString().slice(0, 8))).toBeTruthy();
    expect(forceButton(other).disabled).toBe(false);
    expect(screen.getByRole('columnheader', { name: tr('page.dataMonitoring.tenant') })).toBeTruthy();
  });

  it('ends a session only after confirming, then reads the list again', async () => {
    const calls = mockApi(api());
    renderApp('/configure/DataMonitoring');
    fireEvent.click(forceButton(await findRow('kitabike.ops.jakarta')));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(tr('page.dataMonitoring.confirmForceLogout', { name: 'kitabike.ops.jakarta' }))).toBeTruthy();
    expect(bodiesTo(calls, '/monitor/online/forceLogout')).toEqual([]);
    const listed = callsTo(calls, '/monitor/online/list');
    fireEvent.click(within(confirm).getByRole('button', { name: tr('page.dataMonitoring.forceLogout') }));
    await waitFor(() => expect(bodiesTo(calls, '/monitor/online/forceLogout')).toEqual([{ sessionIds: [12] }]));
    expect(await screen.findByText(tr('page.dataMonitoring.forcedOut'))).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, '/monitor/online/list')).toBeGreaterThan(listed));
  });

  it('searches the sessions by user name', async () => {
    const calls = mockApi(api());
    renderApp('/configure/DataMonitoring');
    await findRow('kitabike.ops.jakarta');
    const search = screen.getByRole('searchbox', { name: tr('page.dataMonitoring.searchUser') });
    fireEvent.change(search, { target: { value: ' jakarta ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/monitor/online/list')
          .at(-1)
          ?.query.get('userName'),
      ).toBe('jakarta'),
    );
  });

  it('offers no force sign-out without its permission, and no tenant column outside the super-admin', async () => {
    signIn({ ...operator, tenantId: 1 });
    mockApi(api(withoutPerms(fullMenuTree(), ['configure:DataMonitoring:forceLogout'])));
    renderApp('/configure/DataMonitoring');
    const row = await findRow('kitabike.ops.jakarta');
    expect(within(row).queryByRole('button', { name: tr('page.dataMonitoring.forceLogout') })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: tr('page.dataMonitoring.tenant') })).toBeNull();
  });

  it('reads the figures again every 5 s while the browser tab is in front, and not while it is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = mockApi(api());
    renderApp('/configure/DataMonitoring');
    await screen.findByText('PGlite');
    const before = callsTo(calls, '/monitor/server');
    await act(async () => {
      vi.advanceTimersByTime(MONITOR_POLL_MS);
    });
    await waitFor(() => expect(callsTo(calls, '/monitor/server')).toBe(before + 1));

    act(() => focusManager.setFocused(false));
    await act(async () => {
      vi.advanceTimersByTime(MONITOR_POLL_MS * 3);
    });
    expect(callsTo(calls, '/monitor/server')).toBe(before + 1);
  });

  it('reads everything again on Refresh', async () => {
    const calls = mockApi(api());
    renderApp('/configure/DataMonitoring');
    await screen.findByText('PGlite');
    const before = callsTo(calls, '/monitor/server');
    fireEvent.click(screen.getByRole('button', { name: tr('page.dataMonitoring.refresh') }));
    await waitFor(() => expect(callsTo(calls, '/monitor/server')).toBe(before + 1));
  });
});
