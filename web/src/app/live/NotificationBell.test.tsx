import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffNotification } from '@kayuh/contract/api/staffNotice';
import { mockApi, ok, page, type ApiCall } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { operator, resetApp, signIn } from '../../testing/session';

const notice = (id: number, over: Partial<StaffNotification> = {}): StaffNotification => ({
  notificationId: id,
  bizCmd: 'message',
  title: null,
  message: `Pesan ${id}`,
  url: null,
  sender: null,
  readAt: null,
  createdAt: '2026-03-01T08:00:00Z',
  ...over,
});

let rows: StaffNotification[];
let calls: ApiCall[];

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
  rows = [
    notice(3, { bizCmd: 'titleMessage', title: 'Ekspor siap', message: 'Jabatan: 12 baris', url: '/configure/downloadList' }),
    notice(2, { sender: { userId: 100, name: 'Rina Admin' } }),
    notice(1, { readAt: '2026-03-01T09:00:00Z' }),
  ];
  const unread = () => rows.filter((r) => !r.readAt).length;
  const markRead = (ids: number[]) => {
    rows = rows.map((r) => (ids.includes(r.notificationId) && !r.readAt ? { ...r, readAt: '2026-03-02T00:00:00Z' } : r));
  };
  calls = mockApi({
    ...shellApi(),
    'GET /message/staffNotice/unreadCount': () => ok(unread()),
    'POST /message/staffNotice/mine': () => page(rows, 14),
    'POST /message/staffNotice/read': (body) => {
      markRead((body as { ids: number[] }).ids);
      return ok({ updated: 1 });
    },
    'POST /message/staffNotice/readAll': () => {
      markRead(rows.map((r) => r.notificationId));
      return ok({ updated: 2 });
    },
  });
});
afterEach(resetApp);

const openBell = async (count: number) => {
  fireEvent.click(await screen.findByRole('button', { name: `Pemberitahuan, ${count} belum dibaca` }));
  return screen.findByRole('region', { name: 'Pemberitahuan' });
};

describe('the bell', () => {
  it('lists the newest notifications with their links and says how many older ones there are', async () => {
    renderApp('/');
    const list = await openBell(2);
    expect(await within(list).findByText('Jabatan: 12 baris')).toBeTruthy();
    expect(within(list).getByText('Ekspor siap')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Buka' }).getAttribute('href')).toBe('/configure/downloadList');
    expect(within(list).getAllByRole('button', { name: 'Tandai dibaca' })).toHaveLength(2);
    expect(within(list).getByText('11 pemberitahuan lain yang lebih lama')).toBeTruthy();
    // Who sent each: a colleague by name, the system's own as the system.
    expect(within(list).getByText('Dari Rina Admin')).toBeTruthy();
    expect(within(list).getAllByText('Dari sistem Kayuh')).toHaveLength(2);
    expect(calls.find((c) => c.path === '/message/staffNotice/mine')?.body).toEqual({ pageSize: 10 });
  });

  it('marks one read, then all, and the count follows', async () => {
    renderApp('/');
    const list = await openBell(2);
    await within(list).findByText('Pesan 2');
    fireEvent.click(within(list).getAllByRole('button', { name: 'Tandai dibaca' })[1]!);
    await screen.findByRole('button', { name: 'Pemberitahuan, 1 belum dibaca' });
    expect(calls.find((c) => c.path === '/message/staffNotice/read')?.body).toEqual({ ids: [2] });
    fireEvent.click(within(list).getByRole('button', { name: 'Tandai semua dibaca' }));
    await screen.findByRole('button', { name: 'Pemberitahuan, 0 belum dibaca' });
    await waitFor(() => expect(within(list).queryAllByRole('button', { name: 'Tandai dibaca' })).toHaveLength(0));
  });

  it('opens a notification inside the console and marks it read', async () => {
    const { router } = renderApp('/');
    const list = await openBell(2);
    fireEvent.click(await within(list).findByRole('link', { name: 'Buka' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/downloadList'));
    await screen.findByRole('button', { name: 'Pemberitahuan, 1 belum dibaca' });
    expect(calls.find((c) => c.path === '/message/staffNotice/read')?.body).toEqual({ ids: [3] });
  });

  it('says so when there is nothing yet', async () => {
    rows = [];
    renderApp('/');
    const list = await openBell(0);
    expect(await within(list).findByText('Belum ada pemberitahuan')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Tandai semua dibaca' }).hasAttribute('disabled')).toBe(true);
  });
});
