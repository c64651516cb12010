import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '@kayuh/contract/api/live';
import { mockApi, ok, type ApiCall } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { FakeLiveSocket } from '../../testing/liveSocket';
import { renderApp, shellApi } from '../../testing/renderApp';
import { operator, resetApp, signIn } from '../../testing/session';
import { useUserStore } from '../../stores/userStore';
import { onPushedMessage } from '../../lib/pushedMessages';

let unread: number;
let calls: ApiCall[];
let play: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
  FakeLiveSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeLiveSocket);
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  unread = 0;
  calls = mockApi({
    ...shellApi(),
    'GET /message/staffNotice/unreadCount': () => ok(unread),
    'POST /message/staffNotice/read': () => ok({ updated: 1 }),
  });
});
afterEach(() => {
  play.mockRestore();
  vi.useRealTimers();
  resetApp();
});

const unreadReads = () => calls.filter((c) => c.path === '/message/staffNotice/unreadCount').length;
const bell = (count: number) => screen.findByRole('button', { name: `Pemberitahuan, ${count} belum dibaca` });
const notices = () => document.querySelectorAll('.ant-notification-notice');

/** Renders the console and lets the fake broker accept the tab's link. */
async function connected(path = '/') {
  const view = renderApp(path);
  await waitFor(() => expect(FakeLiveSocket.instances).toHaveLength(1));
  act(() => FakeLiveSocket.latest().open());
  await screen.findByRole('img', { name: 'Tautan langsung: terhubung' });
  return view;
}
const push = (message: LiveMessage | string) => act(() => FakeLiveSocket.latest().push(message));

describe('the live link in the shell', () => {
  it('shows its state in the header: connecting, then connected', async () => {
    renderApp('/');
    expect(await screen.findByRole('img', { name: 'Tautan langsung: menghubungkan…' })).toBeTruthy();
    await waitFor(() => expect(FakeLiveSocket.instances).toHaveLength(1));
    expect(FakeLiveSocket.latest().url).toBe(`ws://${window.location.host}/api/ws`);
    act(() => FakeLiveSocket.latest().open());
    expect(await screen.findByRole('img', { name: 'Tautan langsung: terhubung' })).toBeTruthy();
  });

  it('shows a push bottom-right, counts it in the bell at once and opens its link inside the console', async () => {
    unread = 2;
    const { router } = await connected();
    await bell(2);
    const readsBefore = unreadReads();
    push({
      bizCmd: 'titleMessage',
      data: { title: 'Ekspor siap', message: 'Jabatan: 12 baris (tugas EX1).', url: '/configure/downloadList', notificationId: 9 },
    });
    expect(await screen.findByText('Jabatan: 12 baris (tugas EX1).')).toBeTruthy();
    expect(screen.getByText('Dari sistem Kayuh')).toBeTruthy();
    expect(screen.getByText('Ekspor siap')).toBeTruthy();
    expect(document.querySelector('.ant-notification-bottomRight')?.contains(screen.getByText('Ekspor siap'))).toBe(true);
    await bell(3);
    expect(unreadReads()).toBe(readsBefore);
    expect(play).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('link', { name: 'Buka' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/downloadList'));
    await waitFor(() => expect(calls.find((c) => c.path === '/message/staffNotice/read')?.body).toEqual({ ids: [9] }));
  });

  it('replaces the notice on screen with the next one, and rings once for two quick pushes', async () => {
    await connected();
    push({ bizCmd: 'message', data: { message: 'Baterai rendah: 10 kendaraan di Jakarta', notificationId: 1 } });
    await screen.findByText('Baterai rendah: 10 kendaraan di Jakarta');
    push({ bizCmd: 'message', data: { message: 'Tiket baru ditugaskan kepada Anda', notificationId: 2 } });
    await screen.findByText('Tiket baru ditugaskan kepada Anda');
    await waitFor(() => expect(screen.queryByText('Baterai rendah: 10 kendaraan di Jakarta')).toBeNull());
    expect(notices()).toHaveLength(1);
    // A text-only notice carries the generic title.
    expect(notices()[0]!.textContent).toContain('Pemberitahuan');
    expect(play).toHaveBeenCalledTimes(1);
    await bell(2);
  });

  it('ignores malformed pushes: no notice, no sound, no count, nothing passed on', async () => {
    await connected();
    const heard: LiveMessage[] = [];
    const stop = onPushedMessage((message) => heard.push(message));
    push('not json at all');
    push({ bizCmd: 'alarm', data: { message: 'unknown command' } } as never);
    push({ bizCmd: 'message', data: { title: 'no text' } } as never);
    push('{"bizCmd":"titleMessage","data":{"message":"","title":"empty"}}');
    // A link off the console makes the whole push suspect, so it is not shown at all.
    push({ bizCmd: 'titleMessage', data: { title: 'Keamanan', message: 'Masuk lagi', url: 'https://kayuh-login.example/login' } });
    await bell(0);
    expect(notices()).toHaveLength(0);
    expect(play).not.toHaveBeenCalled();
    push({ bizCmd: 'message', data: { message: 'Yang ini sah', sender: { userId: 100, name: 'Rina Admin' } } });
    expect(await screen.findByText('Yang ini sah')).toBeTruthy();
    expect(screen.getByText('Dari Rina Admin')).toBeTruthy();
    await bell(1);
    // Only the valid push reaches the features that listen (the alarm indicator).
    expect(heard.map((m) => m.data.message)).toEqual(['Yang ini sah']);
    stop();
  });

  it('reconnects 5 s after the link is lost and reads the unread count again, so a notice sent meanwhile counts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await connected();
    await bell(0);
    act(() => FakeLiveSocket.latest().drop());
    expect(await screen.findByRole('img', { name: 'Tautan langsung: terputus, menyambung ulang…' })).toBeTruthy();
    unread = 1;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(FakeLiveSocket.instances).toHaveLength(2));
    act(() => FakeLiveSocket.latest().open());
    await bell(1);
    expect(await screen.findByRole('img', { name: 'Tautan langsung: terhubung' })).toBeTruthy();
  });

  it('keeps a notice 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await connected();
    push({ bizCmd: 'message', data: { message: 'Rapat pukul 15.00' } });
    await screen.findByText('Rapat pukul 15.00');
    // happy-dom plays no CSS animation, so the notice is seen starting to leave rather than gone.
    const leaving = () => notices()[0]!.className.includes('-leave');
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(leaving()).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(leaving()).toBe(true));
  });

  it('disconnects when the session ends', async () => {
    await connected();
    const socket = FakeLiveSocket.latest();
    act(() => useUserStore.getState().setUserInfo(null));
    await waitFor(() => expect(socket.sent.map((f) => f.command)).toContain('DISCONNECT'));
    expect(socket.readyState).toBe(3);
  });
});
