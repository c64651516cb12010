import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { setUpMapPageTests } from '../../../shared/map/mapTesting';
import { mockApi, page } from '../../../testing/api';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { areaPaths, CITIES, pathOf, square, zoneRow } from '../../operations/areaScheduling/zoneTesting';

setUpMapPageTests(() => import('./BusinessMapPage'));

const station = (stationId: number, name: string, type: string, status: string, lat: number, lng: number) => ({
  stationId,
  stationCode: `JKT-ST-${stationId}`,
  name,
  cityCode: 3101,
  type,
  status,
  lat: String(lat),
  lng: String(lng),
  version: 1,
});
// Three stations kilometres apart (each shows by itself at the city's zoom), two zones.
const stations = [
  station(1, 'Stasiun Monas', '1', '1', -6.1754, 106.8272),
  station(2, 'Kabinet Sudirman', '2', '2', -6.215, 106.818),
  station(3, 'Depo Cawang', '3', '1', -6.25, 106.87),
];
// A shop far from the stations, hosting the cabinet; one without a place is left off the map.
const merchants = [
  {
    merchantId: 5,
    merchantNo: 'MC26112800000005',
    name: 'Toko Sepeda Lestari',
    type: '1',
    status: '0',
    lat: '-6.30',
    lng: '106.75',
    stationCount: 1,
    cityCode: 3101,
    version: 1,
  },
  {
    merchantId: 6,
    merchantNo: 'MC26112800000006',
    name: 'Kios Tanpa Peta',
    type: '3',
    status: '1',
    lat: null,
    lng: null,
    stationCount: 0,
    cityCode: 3101,
    version: 1,
  },
];
const zones = [zoneRow(1, 'Area layanan Jakarta', '1', '1', square(-6.1, 106.7, 0.25)), zoneRow(2, 'Parkir Monas', '2', '0', square(-6.17, 106.82))];

const api = () => ({
  ...shellApi(),
  'POST /system/city/list': () => page(CITIES),
  'POST /merchant/station/list': () => page(stations),
  'POST /merchant/merchant/list': () => page(merchants),
  'POST /operations/zone/list': () => page(zones),
});
const points = () => [...document.querySelectorAll<HTMLElement>('.kayuh-map-point, .kayuh-map-cluster')];
const layer = (name: RegExp) => screen.getByRole('checkbox', { name });

describe('the business map', () => {
  it("shows the city's stations and zones, with their counts, and a station's name, type and status", async () => {
    const calls = mockApi(api());
    renderApp('/main/businessmap');
    await waitFor(() => expect(areaPaths()).toHaveLength(2), { timeout: 8000 });
    expect(pathOf('#1677ff')).toHaveLength(1);
    expect(pathOf('#389e0d')[0]!.getAttribute('stroke-dasharray')).toBe('6 6');
    await waitFor(() => expect(points().length).toBeGreaterThan(0));
    // Every station and the shop with a place are on the map, alone or in a cluster.
    const placed = points().reduce((sum, p) => sum + (p.classList.contains('kayuh-map-cluster') ? Number(p.textContent) : 1), 0);
    expect(placed).toBe(4);
    expect(layer(/Stasiun \(3\)/)).toBeTruthy();
    expect(layer(/Area layanan \(1\)/)).toBeTruthy();
    expect(layer(/Area parkir \(1\)/)).toBeTruthy();
    expect(layer(/Dilarang parkir \(0\)/)).toBeTruthy();
    const stationCall = calls.find((call) => call.path === '/merchant/station/list')!;
    expect((stationCall.body as { cityCode: number }).cityCode).toBe(3101);
    // Clusters open until Monas shows by itself; its popup names it, its type and its status.
    for (let i = 0; i < 5 && !screen.queryByRole('button', { name: 'Stasiun Monas' }); i++) {
      fireEvent.click(document.querySelector('.kayuh-map-cluster')!);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    fireEvent.click(await screen.findByRole('button', { name: 'Stasiun Monas' }));
    const popup = await waitFor(() => {
      const found = document.querySelector('.leaflet-popup-content');
      expect(found?.textContent).toContain('Stasiun Monas');
      return found!;
    });
    expect(popup.textContent).toContain(tr('dict.stations_type.1'));
    expect(popup.textContent).toContain(tr('dict.stations_status.1'));
  });

  it("shows the city's open and suspended merchants at their shops, with the sites they host", async () => {
    const calls = mockApi(api());
    renderApp('/main/businessmap');
    await waitFor(() => expect(layer(/Merchant \(1\)/)).toBeTruthy(), { timeout: 8000 });
    const merchantCall = calls.find((call) => call.path === '/merchant/merchant/list')!;
    expect(merchantCall.body).toMatchObject({ cityCode: 3101, status: '0,1' });
    for (let i = 0; i < 5 && !screen.queryByRole('button', { name: 'Toko Sepeda Lestari' }); i++) {
      fireEvent.click(document.querySelector('.kayuh-map-cluster')!);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    fireEvent.click(await screen.findByRole('button', { name: 'Toko Sepeda Lestari' }));
    const popup = await waitFor(() => {
      const found = document.querySelector('.leaflet-popup-content');
      expect(found?.textContent).toContain('MC26112800000005');
      return found!;
    });
    expect(popup.textContent).toContain(tr('dict.merchants_type.1'));
    expect(popup.textContent).toContain(tr('page.businessMap.sitesHosted', { count: 1 }));
    fireEvent.click(layer(/Merchant \(1\)/));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Toko Sepeda Lestari' })).toBeNull());
  });

  it('hides the stations, or one type of zone, when its layer is switched off', async () => {
    mockApi(api());
    renderApp('/main/businessmap');
    await waitFor(() => expect(areaPaths()).toHaveLength(2), { timeout: 8000 });
    await waitFor(() => expect(points().length).toBeGreaterThan(0));
    fireEvent.click(layer(/Merchant \(1\)/));
    fireEvent.click(layer(/Stasiun \(3\)/));
    await waitFor(() => expect(points()).toHaveLength(0));
    expect(areaPaths()).toHaveLength(2);
    fireEvent.click(layer(/Area parkir \(1\)/));
    await waitFor(() => expect(areaPaths()).toHaveLength(1));
    expect(pathOf('#389e0d')).toHaveLength(0);
    expect(pathOf('#1677ff')).toHaveLength(1);
    fireEvent.click(layer(/Stasiun \(3\)/));
    await waitFor(() => expect(points().length).toBeGreaterThan(0));
    expect(screen.getByText(tr('page.businessMap.stations'), { selector: '.ant-statistic-title' })).toBeTruthy();
  });
});
