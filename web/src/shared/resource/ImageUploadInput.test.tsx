import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../lib/i18n';
import { mockApi, ok, page, type Handler } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { bodiesTo, dictApi, findRow } from '../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(() => {
  cleanup();
  resetApp();
});

const STORED = '/api/files/uploads/2/2026/01/0f8fad5b-d9cb-469f-a165-70867728950e.png';
const iconRow = {
  iconId: 7,
  app: '1',
  slotKey: 'wallet',
  titleKey: 'app.icon.wallet',
  imageUrl: '/api/files/uploads/2/2026/01/1b4e28ba-2fa1-11d2-883f-0016d3cca427.png',
  cityCodes: [3101],
  sort: 1,
  status: '0',
  version: 0,
  tenantId: 2,
};
const api = (upload: Handler, extra: Record<string, Handler> = {}) => ({
  ...shellApi(),
  ...dictApi({ app_icons_app: ['1', '2', '3'], app_icons_status: ['0', '1'] }),
  'POST /system/appIcon/list': () => page([iconRow]),
  'GET /system/city/options': () =>
    ok([
      { value: 3101, label: 'Jakarta' },
      { value: 3102, label: 'Bandung' },
    ]),
  'POST /common/upload': upload,
  ...extra,
});

const drawer = () => screen.getByRole('dialog');
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'scan.png', { type: 'image/png' });
const pick = (file: File) => fireEvent.change(drawer().querySelector('input[type="file"]')!, { target: { files: [file] } });
const storedImage = () => drawer().querySelector(`img[src$="${STORED}"]`);

async function openAdd() {
  renderApp('/configure/appIcon');
  await findRow('wallet');
  fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
  await screen.findByText(tr('engine.addTitle', { name: tr('resource.appIcon') }));
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(within(drawer()).getByLabelText(label));
  await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].some((o) => o.textContent === option)).toBe(true));
  fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === option)!);
}

describe('the image field', () => {
  it('shows the list thumbnail from the stored path on the console host', async () => {
    mockApi(api(() => ok()));
    renderApp('/configure/appIcon');
    const row = await findRow('wallet');
    const thumb = row.querySelector('img')!;
    expect(thumb.getAttribute('src')).toBe(`${window.location.origin}${iconRow.imageUrl}`);
    expect(await within(row).findByText('Jakarta')).toBeTruthy();
  });

  it('uploads the picked image at once, shows it, and saves its address with the row', async () => {
    const calls = mockApi(
      api(() => ok({ url: STORED, fileName: 'scan.png', size: 8 }), {
        'POST /system/appIcon/add': (body) => ok({ ...iconRow, ...(body as object) }),
      }),
    );
    await openAdd();
    pick(png());
    await waitFor(() => expect(storedImage()).not.toBeNull());
    const sent = calls.find((call) => call.path === '/common/upload')!;
    expect(sent.headers.token).toBe(superAdmin.token);

    await choose(tr('field.appIcon.app'), tr('dict.app_icons_app.1'));
    fireEvent.change(within(drawer()).getByLabelText(tr('field.appIcon.slotKey')), { target: { value: 'home_scan' } });
    fireEvent.change(within(drawer()).getByLabelText(tr('field.appIcon.titleKey')), { target: { value: 'app.icon.homeScan' } });
    fireEvent.click(within(drawer()).getByRole('button', { name: /Simpan/ }));
    await waitFor(() => expect(bodiesTo(calls, '/system/appIcon/add')).toHaveLength(1));
    // No city picked: the icon shows in every city (sent empty, stored as none).
    expect(bodiesTo(calls, '/system/appIcon/add')[0]).toMatchObject({ imageUrl: STORED, app: '1', slotKey: 'home_scan', cityCodes: [] });
  });

  it("shows the server's reason when it refuses the file, and keeps the field empty", async () => {
    const refused = { code: 2001, msg: 'Data yang dikirim tidak valid', data: { fields: { file: 'Hanya gambar PNG, JPEG, WebP atau GIF' } } };
    const calls = mockApi(api(() => refused));
    await openAdd();
    pick(png());
    expect((await within(drawer()).findByRole('alert')).textContent).toBe('Hanya gambar PNG, JPEG, WebP atau GIF');
    expect(drawer().querySelector('.ant-upload-list-item')).toBeNull();

    fireEvent.click(within(drawer()).getByRole('button', { name: /Simpan/ }));
    await waitFor(() => expect(within(drawer()).getAllByText(tr('validation.required')).length).toBeGreaterThan(0));
    expect(bodiesTo(calls, '/system/appIcon/add')).toHaveLength(0);
  });

  it('refuses an SVG or an oversized file before sending it', async () => {
    const calls = mockApi(api(() => ok({ url: STORED, fileName: 'x', size: 1 })));
    await openAdd();
    pick(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect((await within(drawer()).findByRole('alert')).textContent).toBe(tr('validation.imageType'));
    pick(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    await waitFor(() => expect(within(drawer()).getByRole('alert').textContent).toBe(tr('validation.imageTooLarge', { max: 2 })));
    expect(calls.some((call) => call.path === '/common/upload')).toBe(false);
  });
});
