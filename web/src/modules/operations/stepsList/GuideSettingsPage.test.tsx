import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { dictApi, findRow } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';

const setting = {
  id: 7,
  orderNum: 7,
  titleKey: 'guide.step.serviceArea',
  requestInterface: '/operate/zone/add',
  routeWeb: '/operations/area_scheduling_list',
  status: '0',
  remark: '<p><b>Selamat!</b> Semua siap.</p><img src="x" onerror="window.__xss=1">',
  version: 0,
  createdAt: '2026-11-21T01:00:00Z',
  updatedAt: '2026-11-21T01:00:00Z',
};

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

describe('operations/steps/list (guide settings)', () => {
  it('names steps by their translated titles and shows the closing message as sanitized HTML', async () => {
    mockApi({ ...shellApi(), ...dictApi(), 'POST /operate/admin/guideSettings/list': () => page([setting]) });
    renderApp('/operations/steps/list');
    const row = await findRow('Gambar area layanan');
    fireEvent.click(within(row).getByRole('button', { name: 'Lihat' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Gambar area layanan', { selector: '.ant-drawer-title' })).toBeTruthy();
    expect(within(drawer).getByText('Selamat!').tagName).toBe('B');
    const image = drawer.querySelector('img');
    expect(image?.hasAttribute('onerror')).toBe(false);
  });
});
