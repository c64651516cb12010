import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TourItem } from '@kayuh/contract/api/tour';
import { useConfigStore } from '../../../stores/configStore';
import { mockApi, ok } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { findRow } from '../../../testing/resource';
import { operator, resetApp, signIn } from '../../../testing/session';

const LIST = '/operate/admin/tenantGuide/getGuideByTenantId';
const FINISH = '/operate/admin/tenantGuide/finishGuideSetting';

const steps: TourItem[] = [
  { id: 21, status: '1', requestInterface: '/system/city/add', routeWeb: '/configure/city/cityListPage', remark: null, titleKey: 'guide.step.city' },
  {
    id: 22,
    status: '0',
    requestInterface: '/operate/billingRule/add',
    routeWeb: '/operations/billingRule',
    remark: null,
    titleKey: 'guide.step.billingRule',
  },
  { id: 23, status: '0', requestInterface: '/vehicle/add', routeWeb: '/vehicle_main/vehicle', remark: '<p>Siap</p>', titleKey: 'guide.step.vehicle' },
];

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
  // The tour is put away, so the page stays on screen until a step is finished here.
  useConfigStore.setState({ hideStep: true });
});
afterEach(resetApp);

describe('operations/steps/tour', () => {
  it("lists the tenant's steps in order with their status and page, and marks one done by hand", async () => {
    let list = steps;
    const calls = mockApi({
      ...shellApi(),
      [`POST ${LIST}`]: () => ok(list),
      [`POST ${FINISH}`]: (body) => {
        list = list.map((s) => (s.id === (body as { id: number }).id ? { ...s, status: '1' } : s));
        return ok(list);
      },
    });
    renderApp('/operations/steps/tour');
    const pending = await findRow('Tambahkan aturan tarif');
    expect(screen.getByText('1 dari 3 langkah selesai')).toBeTruthy();
    const done = await findRow('Tambahkan kota pertama Anda');
    expect(within(done).getByText('Selesai')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Tandai selesai' })).toBeNull();
    expect(within(pending).getByText('Belum')).toBeTruthy();
    expect(within(pending).getByRole('link').getAttribute('href')).toBe('/operations/billingRule');

    fireEvent.click(within(pending).getByRole('button', { name: 'Tandai selesai' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.filter((c) => c.path === FINISH).map((c) => c.body)).toEqual([{ id: 22, tenantId: 2 }]));
    await waitFor(() => expect(screen.getByText('2 dari 3 langkah selesai')).toBeTruthy());
    expect(within(await findRow('Tambahkan aturan tarif')).getByText('Selesai')).toBeTruthy();
    expect(useConfigStore.getState().stepActive).toBe(23);
  });

  it('offers the tour again once it was hidden', async () => {
    mockApi({ ...shellApi(), [`POST ${LIST}`]: () => ok(steps) });
    const { router } = renderApp('/operations/steps/tour');
    fireEvent.click(await screen.findByRole('button', { name: 'Lanjutkan panduan' }));
    await waitFor(() => expect(useConfigStore.getState().hideStep).toBe(false));
    expect(screen.queryByRole('button', { name: 'Lanjutkan panduan' })).toBeNull();
    // This page lists the steps itself; the tour's panel shows on the others.
    expect(screen.queryByRole('complementary', { name: 'Panduan penggunaan' })).toBeNull();
    await act(() => router.navigate('/configure/post'));
    await screen.findByRole('complementary', { name: 'Panduan penggunaan' });
  });
});
