import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TourItem } from '@kayuh/contract/api/tour';
import { post } from '../../lib/http';
import { queryClient } from '../../lib/queryClient';
import { useConfigStore } from '../../stores/configStore';
import { useTourTips } from '../../shared/tour/tourState';
import { mockApi, ok, type ApiCall } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { fullMenuTree, operator, resetApp, signIn, superAdmin } from '../../testing/session';

const LIST = '/operate/admin/tenantGuide/getGuideByTenantId';
const FINISH = '/operate/admin/tenantGuide/finishGuideSetting';
const XSS_REMARK = '<p><b>Selamat!</b> Semua siap.</p><img src="x" onerror="window.__xss=1">';

const item = (id: number, status: string, requestInterface: string, routeWeb: string, titleKey: string, remark: string | null = null): TourItem => ({
  id,
  status,
  requestInterface,
  routeWeb,
  remark,
  titleKey,
});
const tour = (statuses: [string, string, string]) => [
  item(11, statuses[0], '/system/city/add', '/configure/city/cityListPage', 'guide.step.city'),
  item(12, statuses[1], '/system/role/add', '/configure/role', 'guide.step.role'),
  item(13, statuses[2], '/system/user/add', '/configure/user', 'guide.step.user', XSS_REMARK),
];

/** The server's tour: a finish marks the step done and answers the whole list (or what `finishAnswer` says). */
function tourApi(start: TourItem[], finishAnswer?: (list: TourItem[]) => unknown) {
  let list = start;
  return mockApi({
    ...shellApi(),
    [`POST ${LIST}`]: () => ok(list),
    [`POST ${FINISH}`]: (body) => {
      const { id } = body as { id: number };
      const next = list.map((s) => (s.id === id ? { ...s, status: '1' } : s));
      if (finishAnswer) return finishAnswer(next);
      list = next;
      return ok(list);
    },
    'POST /system/role/add': () => ok({ roleId: 70 }),
    'POST /system/user/add': () => ok({ userId: 71 }),
    'POST /system/post/add': () => ok({ postId: 72 }),
  });
}
const finishes = (calls: ApiCall[]) => calls.filter((c) => c.path === FINISH).map((c) => c.body);

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(() => {
  resetApp();
  useTourTips.setState({ remark: null });
  delete (window as { __xss?: unknown }).__xss;
});

describe('the tour (spec §4)', () => {
  it('makes the first pending step active and opens its page, with a panel naming the step', async () => {
    const calls = tourApi(tour(['1', '0', '0']));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/role'));
    expect(calls.find((c) => c.path === LIST)?.body).toEqual({ tenantId: 2 });
    expect(useConfigStore.getState().stepActive).toBe(12);
    const panel = await screen.findByRole('complementary', { name: 'Panduan penggunaan' });
    expect(within(panel).getByText('Panduan · langkah 2 dari 3')).toBeTruthy();
    expect(within(panel).getByText('Tambahkan peran')).toBeTruthy();
  });

  it('finishes the step when a call on its API succeeds, takes the returned list and moves on', async () => {
    const calls = tourApi(tour(['1', '0', '0']));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/role'));
    await act(() => post('/system/role/add', { roleName: 'Dispatcher' }));
    await waitFor(() => expect(finishes(calls)).toEqual([{ id: 12, tenantId: 2 }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/user'));
    expect(useConfigStore.getState().tourList.map((s) => s.status)).toEqual(['1', '1', '0']);
    expect(useConfigStore.getState().stepActive).toBe(13);
  });

  it('finishes nothing for another path or a failed call, and keeps the list when the answer is not 1000', async () => {
    const calls = tourApi(tour(['1', '0', '0']), () => ({ code: 2006, msg: 'Tidak boleh' }));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/role'));
    await act(() => post('/system/post/add', {}));
    expect(finishes(calls)).toEqual([]);
    await act(() => post('/system/role/add', {}));
    await waitFor(() => expect(finishes(calls)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useConfigStore.getState().tourList.map((s) => s.status)).toEqual(['1', '0', '0']);
    expect(router.state.location.pathname).toBe('/configure/role');
  });

  it("shows 'Tips' with the last remark as sanitized HTML once nothing is pending", async () => {
    tourApi(tour(['1', '1', '0']));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/user'));
    await act(() => post('/system/user/add', {}));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tips')).toBeTruthy();
    expect(within(dialog).getByText('Selamat!')).toBeTruthy();
    const image = dialog.querySelector('img');
    expect(image).not.toBeNull();
    expect(image!.hasAttribute('onerror')).toBe(false);
    expect(dialog.innerHTML).not.toContain('onerror');
    image!.dispatchEvent(new Event('error'));
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(useTourTips.getState().remark).toBeNull());
    expect(screen.queryByRole('complementary', { name: 'Panduan penggunaan' })).toBeNull();
  });

  it('keeps a page opened by link or reload, and offers the step instead', async () => {
    tourApi(tour(['1', '0', '0']));
    const { router } = renderApp('/configure/post');
    const panel = await screen.findByRole('complementary', { name: 'Panduan penggunaan' });
    expect(router.state.location.pathname).toBe('/configure/post');
    fireEvent.click(within(panel).getByRole('button', { name: 'Buka halaman' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/role'));
  });

  it('stays out of the way once hidden: no panel, no navigation', async () => {
    useConfigStore.setState({ hideStep: true });
    const calls = tourApi(tour(['0', '0', '0']));
    const { router } = renderApp('/');
    await waitFor(() => expect(calls.some((c) => c.path === LIST)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('complementary', { name: 'Panduan penggunaan' })).toBeNull();
  });

  it("never opens a step's page the console has not built: it says so, and the step can be skipped", async () => {
    const list = [
      item(11, '1', '/system/city/add', '/configure/city/cityListPage', 'guide.step.city'),
      // A step the tenant pointed at a page still to come (the mall's goods).
      item(14, '0', '/mall/goods/add', '/mall_main/goodsList', 'guide.step.billingRule'),
      item(13, '0', '/system/user/add', '/configure/user', 'guide.step.user'),
    ];
    const calls = tourApi(list);
    const { router } = renderApp('/');
    const panel = await screen.findByRole('complementary', { name: 'Panduan penggunaan' });
    expect(within(panel).getByText('Tambahkan aturan tarif')).toBeTruthy();
    expect(within(panel).getByText(/belum bisa Anda buka/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Buka halaman' })).toBeNull();
    expect(router.state.location.pathname).toBe('/');

    fireEvent.click(within(panel).getByRole('button', { name: 'Lewati langkah' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configure/user'));
    expect(useConfigStore.getState().stepActive).toBe(13);
    // Skipping is this user's choice: nothing is finished for the tenant.
    expect(finishes(calls)).toEqual([]);
    expect(useConfigStore.getState().tourList.find((s) => s.id === 14)?.status).toBe('0');
  });

  it('puts the whole tour away across reloads until the tour page resumes it', async () => {
    tourApi(tour(['1', '0', '0']));
    const first = renderApp('/configure/post');
    const panel = await screen.findByRole('complementary', { name: 'Panduan penggunaan' });
    fireEvent.click(within(panel).getByRole('button', { name: /Lewati panduan/ }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Panduan penggunaan' })).toBeNull());
    first.unmount();

    // A new page load: the session's flags start afresh, the choice is read back from this browser.
    queryClient.clear();
    useConfigStore.setState({ hideStep: false, tourList: [], stepActive: 0 });
    const { router } = renderApp('/');
    await waitFor(() => expect(useConfigStore.getState().tourList).toHaveLength(3));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('complementary', { name: 'Panduan penggunaan' })).toBeNull();

    await act(() => router.navigate('/operations/steps/tour'));
    fireEvent.click(await screen.findByRole('button', { name: 'Lanjutkan panduan' }));
    await act(() => router.navigate('/configure/post'));
    expect(await screen.findByRole('complementary', { name: 'Panduan penggunaan' })).toBeTruthy();
  });

  it('gives the super admin no tour in a tenant they work in, though the tour page lists its steps', async () => {
    signIn(superAdmin);
    useConfigStore.setState({ tenantId: 2 });
    const calls = tourApi(tour(['0', '0', '0']));
    const { router } = renderApp('/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.path === LIST)).toBe(false);
    await act(() => router.navigate('/operations/steps/tour'));
    expect(await screen.findByText('Tambahkan peran')).toBeTruthy();
    await act(() => router.navigate('/configure/post'));
    await screen.findByRole('heading', { name: 'Jabatan' });
    expect(router.state.location.pathname).toBe('/configure/post');
    expect(screen.queryByRole('complementary', { name: 'Panduan penggunaan' })).toBeNull();
    // Nor does the super admin's work finish the tenant's steps.
    await act(() => post('/system/role/add', {}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finishes(calls)).toEqual([]);
  });

  it('has no tour for the super admin in the platform tenant, nor for staff without the tour page', async () => {
    signIn(superAdmin);
    let calls = tourApi(tour(['0', '0', '0']));
    const first = renderApp('/configure/post');
    await screen.findByRole('heading', { name: 'Jabatan' });
    expect(calls.some((c) => c.path === LIST)).toBe(false);
    first.unmount();

    resetApp();
    signIn(operator);
    const withoutTour = fullMenuTree().map((module) => ({
      ...module,
      children: module.children.filter((page) => page.url !== '/operations/steps/tour'),
    }));
    calls = mockApi({ ...shellApi(withoutTour), [`POST ${LIST}`]: () => ok(tour(['0', '0', '0'])) });
    renderApp('/configure/post');
    await screen.findByRole('heading', { name: 'Jabatan' });
    expect(calls.some((c) => c.path === LIST)).toBe(false);
  });
});
