import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureModule } from '@kayuh/contract/menus/configure';
import { useConfigStore } from '../../stores/configStore';
import { mockApi, page } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { operator, resetApp, signIn, superAdmin } from '../../testing/session';

const tabLabels = () => [...document.querySelectorAll('.kayuh-tabs [role="tab"]')].map((tab) => tab.textContent);

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

describe('open tabs in the shell (spec §2)', () => {
  it('keeps the 8 most recent pages when 9 are opened, the oldest dropped', async () => {
    mockApi(shellApi());
    const pages = configureModule.pages.slice(0, 9);
    const { router } = renderApp(pages[0]!.path);
    await screen.findByRole('tab', { name: 'Beranda' });
    for (const next of pages.slice(1)) await act(() => router.navigate(next.path));
    await waitFor(() => expect(tabLabels()).toHaveLength(8));
    expect(tabLabels()).not.toContain('Beranda');
    expect(tabLabels()).toContain('Manajemen Kota');
    expect(useConfigStore.getState().tagsList.map((tab) => tab.path)).toEqual(pages.slice(1).map((p) => p.path));
  });

  it('names the page in the browser tab, and follows navigation', async () => {
    mockApi(shellApi());
    const { router } = renderApp('/configure/role');
    await screen.findByRole('tab', { name: 'Manajemen Peran' });
    await waitFor(() => expect(document.title).toBe('Manajemen Peran · Kayuh'));
    await act(() => router.navigate('/configure/dept'));
    await waitFor(() => expect(document.title).toBe('Manajemen Departemen · Kayuh'));
  });

  it('navigates on a tab click and closes a tab with its close button', async () => {
    mockApi(shellApi());
    const { router } = renderApp('/configure/role');
    await screen.findByRole('tab', { name: 'Manajemen Peran' });
    await act(() => router.navigate('/configure/dept'));
    await screen.findByRole('tab', { name: 'Manajemen Departemen' });
    fireEvent.click(screen.getByRole('tab', { name: 'Manajemen Peran' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/role'));
    const roleTab = screen.getByRole('tab', { name: 'Manajemen Peran' }).closest('.ant-tabs-tab')!;
    fireEvent.click(roleTab.querySelector('.ant-tabs-tab-remove')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/dept'));
    expect(tabLabels()).toEqual(['Manajemen Departemen']);
  });

  it('re-translates tab titles when the language changes', async () => {
    mockApi(shellApi());
    renderApp('/configure/role');
    await screen.findByRole('tab', { name: 'Manajemen Peran' });
    act(() => void loadTestCatalogue('EN'));
    await screen.findByRole('tab', { name: 'Role Management' });
  });
});

describe('kept tab state (DESIGN §6)', () => {
  const journalRows = (pageNum: number) =>
    Array.from({ length: 20 }, (_, i) => ({
      infoId: pageNum * 100 + i,
      userName: `user${pageNum}-${i}`,
      ipaddr: '10.0.0.1',
      loginLocation: 'Jakarta',
      browser: 'Chrome',
      os: 'Linux',
      status: i % 2 ? '1' : '0',
      msg: 'ok',
      loginAt: '2026-03-01T08:00:00Z',
      tenantId: 2,
    }));

  it('keeps a list page mounted with its page and scroll while another tab is shown', async () => {
    const calls = mockApi({
      ...shellApi(),
      // The journal pages by cursor: this link opens its third page.
      'POST /system/logininfor/list': (body) => page(journalRows((body as { cursor?: string }).cursor === 'PAGE3' ? 3 : 1), 95),
    });
    const { router } = renderApp('/configure/login_journal?cursor=PAGE3');
    await screen.findByText('user3-0');
    const panel = document.querySelector<HTMLElement>('[data-path="/configure/login_journal"]')!;
    panel.scrollTop = 420;
    fireEvent.scroll(panel);

    await act(() => router.navigate('/configure/role'));
    await screen.findByRole('tab', { name: 'Manajemen Peran' });
    expect(panel.isConnected).toBe(true);
    expect(panel.style.display).toBe('none');

    fireEvent.click(screen.getByRole('tab', { name: 'Jurnal Masuk' }));
    await waitFor(() => expect(router.state.location.search).toBe('?cursor=PAGE3'));
    expect(document.querySelector('[data-path="/configure/login_journal"]')).toBe(panel);
    expect(panel.style.display).not.toBe('none');
    expect(screen.getByText('user3-0')).toBeTruthy();
    expect(panel.scrollTop).toBe(420);
    const listCalls = calls.filter((call) => call.path === '/system/logininfor/list');
    expect(listCalls.map((call) => (call.body as { cursor: string }).cursor)).toEqual(['PAGE3']);
  });
});

describe('pages that are not cached (menu isCache 1)', () => {
  it('drops the page while its tab is hidden, so it opens fresh', async () => {
    mockApi({ ...shellApi(), 'GET /system/user/profile': () => ({ code: 1000, data: null }) });
    const { router } = renderApp('/configure/changePwd');
    await screen.findByLabelText('Kata sandi lama');
    fireEvent.change(screen.getByLabelText('Kata sandi lama'), { target: { value: 'typed' } });
    await act(() => router.navigate('/configure/role'));
    await screen.findByRole('tab', { name: 'Manajemen Peran' });
    expect(document.querySelector('[data-path="/configure/changePwd"]')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Ubah Kata Sandi' }));
    expect(((await screen.findByLabelText('Kata sandi lama')) as HTMLInputElement).value).toBe('');
  });
});

describe('tenant switcher (super-administrator)', () => {
  it("offers 'All tenants' for the platform tenant and sends the chosen tenant as tenant-id", async () => {
    signIn(superAdmin);
    const calls = mockApi(shellApi());
    renderApp('/');
    const select = await screen.findByRole('combobox', { name: 'Tenant' });
    await screen.findByText('Semua tenant');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('KitaBike'));
    await waitFor(() => expect(useConfigStore.getState().tenantId).toBe(2));
    await waitFor(() => expect(calls.filter((call) => call.path === '/system/city/list').at(-1)?.headers['tenant-id']).toBe('2'));
  });

  it('is not shown to other users', async () => {
    mockApi(shellApi());
    renderApp('/');
    await screen.findByRole('heading', { name: /Selamat datang/ });
    expect(screen.queryByRole('combobox', { name: 'Tenant' })).toBeNull();
  });
});

describe('route flags and menus (spec §6)', () => {
  it("derives the route's flags from its menu item and the side menu from getMenu", async () => {
    const calls = mockApi(shellApi());
    renderApp('/configure/role');
    await screen.findByRole('tab', { name: 'Manajemen Peran' });
    await waitFor(() =>
      expect(useConfigStore.getState().Permission).toMatchObject({ view: true, add: true, edit: true, remove: true, export: true, assign: true }),
    );
    expect(calls.some((call) => call.path === '/system/menu/getMenu' && call.query.get('type') === 'configure')).toBe(true);
    const nav = await screen.findByRole('navigation', { name: 'Halaman Manajemen Sistem' });
    expect(nav.textContent).toContain('Jurnal Masuk');
  });

  it('makes side-menu items real links that a modified click leaves to the browser', async () => {
    mockApi(shellApi());
    const { router } = renderApp('/configure/role');
    const nav = await screen.findByRole('navigation', { name: 'Halaman Manajemen Sistem' });
    const link = await within(nav).findByRole('link', { name: 'Jurnal Masuk' });
    expect(link.getAttribute('href')).toBe('/configure/login_journal');
    // Ctrl-click opens a new browser tab (jsdom has none): this tab stays where it is.
    fireEvent.click(link, { ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.pathname).toBe('/configure/role');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/login_journal'));
  });

  it('collapses the side menu to an icon per page, each named by a tooltip', async () => {
    mockApi(shellApi());
    renderApp('/configure/role');
    const nav = await screen.findByRole('navigation', { name: 'Halaman Manajemen Sistem' });
    await within(nav).findByRole('link', { name: 'Jurnal Masuk' });
    fireEvent.click(screen.getByRole('button', { name: 'Ciutkan menu samping' }));
    const items = await waitFor(() => {
      const found = within(nav).getAllByRole('menuitem');
      expect(nav.querySelector('.ant-menu-inline-collapsed')).not.toBeNull();
      return found;
    });
    for (const item of items) expect(item.querySelector('.anticon svg')).not.toBeNull();
    fireEvent.mouseEnter(items.find((item) => item.textContent?.includes('Jurnal Masuk'))!);
    expect((await screen.findByRole('tooltip')).textContent).toContain('Jurnal Masuk');
  });

  it('shows no access for a page outside the user menu', async () => {
    const tree = (await import('../../testing/session')).fullMenuTree().filter((node) => node.moduleKey !== 'vehicle');
    mockApi(shellApi(tree));
    renderApp('/vehicle_main/vehicle');
    await screen.findByText('Tidak ada akses');
  });
});
