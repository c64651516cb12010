import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useConfigStore } from '../stores/configStore';
import { useUserStore } from '../stores/userStore';
import { mockApi, ok } from '../testing/api';
import { loadTestCatalogue } from '../testing/catalogue';
import { renderApp, shellApi } from '../testing/renderApp';
import { fullMenuTree, operator, resetApp, signIn } from '../testing/session';

beforeEach(() => loadTestCatalogue('ID'));
afterEach(resetApp);

describe('route guards (spec §2, §4)', () => {
  it('sends a visitor without a token to /login', async () => {
    mockApi({});
    const { router } = renderApp('/configure/role');
    await screen.findByRole('heading', { name: 'Masuk ke Kayuh' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user away from /login to /', async () => {
    signIn(operator);
    mockApi(shellApi());
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('heading', { name: 'Selamat datang, Ops Jakarta' });
  });

  it('opens a noLogin page (operation_tool) without a token, asking for the technician’s sign-in', async () => {
    mockApi({});
    const { router } = renderApp('/operations/operation_tool');
    await screen.findByRole('heading', { name: 'Alat Operasional' });
    expect(screen.getByText('Masuk dengan akun teknisi Anda')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/operations/operation_tool');
  });

  it('opens operation_tool on its own with a token too: the phone tool, no console menus', async () => {
    signIn(operator);
    mockApi({ ...shellApi(), 'GET /operations/operation_tool/tickets': () => ok({ tickets: [], may: ['grab'] }) });
    renderApp('/operations/operation_tool');
    await screen.findByRole('heading', { name: 'Bisa diambil (0)' }, { timeout: 5_000 });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows a translated 404 with a way home for unknown paths', async () => {
    signIn(operator);
    mockApi(shellApi());
    const { router } = renderApp('/no/such/page');
    await screen.findByText('Halaman yang Anda cari tidak ada.');
    fireEvent.click(screen.getByRole('button', { name: 'Kembali ke menu utama' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens /news_main as the message record page', async () => {
    signIn(operator);
    mockApi(shellApi());
    const { router } = renderApp('/news_main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/news_main/record'));
    await screen.findByRole('tab', { name: 'Catatan Pesan' });
  });
});

describe('sign-in journey', () => {
  it('signs in, keeps the login answer as userInfo and returns to the page first asked for', async () => {
    const calls = mockApi({ ...shellApi(), 'POST /system/sso/login': () => ok(operator) });
    const { router } = renderApp('/configure/personal_info');
    await screen.findByRole('heading', { name: 'Masuk ke Kayuh' });
    fireEvent.change(screen.getByLabelText('Nama pengguna'), { target: { value: ' kitabike.ops.jakarta ' } });
    fireEvent.change(screen.getByLabelText('Kata sandi'), { target: { value: 'kayuh2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/personal_info'));
    expect(calls.find((call) => call.path === '/system/sso/login')?.body).toEqual({ username: 'kitabike.ops.jakarta', password: 'kayuh2026' });
    expect(useUserStore.getState().userInfo?.token).toBe('token-abc');
    expect(useConfigStore.getState().tenantId).toBe(2);
  });

  it('asks for the missing fields before calling the server', async () => {
    const calls = mockApi({});
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Masukkan nama pengguna')).toBeTruthy();
    expect(screen.getByText('Masukkan kata sandi')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/system/sso/login')).toHaveLength(0);
  });

  it("shows the server's words for wrong credentials (2011) next to the form", async () => {
    mockApi({ 'POST /system/sso/login': () => ({ code: 2011, msg: 'Nama pengguna atau kata sandi salah' }) });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Nama pengguna'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Kata sandi'), { target: { value: 'y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    const alert = await screen.findByText('Nama pengguna atau kata sandi salah');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(useUserStore.getState().userInfo).toBeNull();
  });

  it('picks the first visible city after sign-in and shows only home tiles of the user modules', async () => {
    signIn(operator);
    const tree = fullMenuTree().filter((node) => ['configure', 'vehicle'].includes(node.moduleKey));
    mockApi(shellApi(tree));
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Modul' });
    await waitFor(() => expect(nav.querySelectorAll('a')).toHaveLength(2));
    expect(nav.textContent).toContain('Manajemen Sistem');
    expect(nav.textContent).toContain('Pusat Sepeda Listrik');
    await waitFor(() => expect(useConfigStore.getState().HCityCode).toBe(3101));
  });

  it('offers a module only where the user can open a page, its tile opening that page; help only with help pages', async () => {
    signIn(operator);
    // Operations holds only the tour page (no index, no other page); the vehicle module holds nothing openable.
    const tree = fullMenuTree()
      .filter((node) => ['configure', 'operations', 'vehicle'].includes(node.moduleKey))
      .map((node) => {
        if (node.moduleKey === 'operations') return { ...node, children: node.children.filter((page) => page.url === '/operations/steps/tour') };
        if (node.moduleKey === 'vehicle') return { ...node, children: [] };
        return node;
      });
    mockApi(shellApi(tree));
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Modul' });
    await waitFor(() => expect(nav.querySelectorAll('a')).toHaveLength(2));
    expect(nav.textContent).not.toContain('Pusat Sepeda Listrik');
    const links = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/configure', '/operations/steps/tour']);
    expect(screen.queryByRole('button', { name: 'Pusat bantuan' })).toBeNull();
  });

  it('shows the help button to a user who may open help, leading to help', async () => {
    signIn(operator);
    mockApi(shellApi());
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Pusat bantuan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
  });

  it('signs out from the user menu: server logout, session cleared, back to /login', async () => {
    signIn(operator);
    const calls = mockApi({ ...shellApi(), 'POST /system/sso/logout': () => ok() });
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Menu akun Ops Jakarta' }));
    fireEvent.click(await screen.findByText('Keluar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.path === '/system/sso/logout')).toBe(true);
    expect(useUserStore.getState().userInfo).toBeNull();
    await act(async () => undefined);
  });
});
