import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { setUpMapPageTests } from '../../../shared/map/mapTesting';
import { mockApi, ok, page } from '../../../testing/api';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { areaPaths, CITIES, pathOf, square, zoneRow } from './zoneTesting';

setUpMapPageTests(() => import('./AreaSchedulingPage'));

const zones = [
  zoneRow(1, 'Bundaran HI', '2', '1', square(-6.19, 106.82)),
  zoneRow(2, 'Trotoar Sudirman', '3', '0', square(-6.21, 106.81)),
  zoneRow(3, 'Kota Tua lambat', '4', '2', square(-6.13, 106.81)),
];
const api = (rows = zones) => ({
  ...shellApi(),
  'POST /system/city/list': () => page(CITIES),
  'POST /operations/zone/list': () => page(rows),
  'GET /operations/zone/1': () => ok(rows[0]),
  'POST /operations/zoneTarget/list': () =>
    page([
      {
        targetId: 7,
        zoneId: 1,
        zoneName: 'Bundaran HI',
        weekdays: ['1', '2', '3', '4', '5'],
        startTime: '07:00',
        endTime: '10:00',
        minVehicles: 5,
        maxVehicles: 25,
        liveCount: 3,
        status: '0',
        cityCode: 3101,
      },
    ]),
});

describe('the zone page', () => {
  it("draws the selected city's zones in their types' colours, a draft dashed, a disabled one faded, with a legend", async () => {
    const calls = mockApi(api());
    renderApp('/operations/area_scheduling_list');
    await waitFor(() => expect(areaPaths()).toHaveLength(3), { timeout: 8000 });
    expect(screen.getByRole('region', { name: tr('page.zoneMap.title') })).toBeTruthy();
    const [parking] = pathOf('#389e0d');
    const [noParking] = pathOf('#cf1322');
    const [slow] = pathOf('#d46b08');
    expect(parking!.getAttribute('stroke-dasharray')).toBeNull();
    expect(noParking!.getAttribute('stroke-dasharray')).toBe('6 6');
    expect(slow!.getAttribute('stroke-opacity')).toBe('0.45');
    expect(parking!.getAttribute('stroke-opacity')).toBe('1');
    // The legend names the six types, with how many of each the city has.
    const legend = screen.getByRole('list', { name: tr('page.zoneMap.legend') });
    const items = within(legend).getAllByRole('listitem');
    expect(items.slice(0, 6).map((item) => item.textContent!.trim())).toEqual([
      'Area layanan (0)',
      'Area parkir (1)',
      'Dilarang parkir (1)',
      'Zona lambat (1)',
      'Dilarang berkendara (0)',
      'Penempatan (khusus staf) (0)',
    ]);
    expect(screen.getByText(tr('page.zoneMap.count', { count: 3 }))).toBeTruthy();
    // The map asks for the header's city, as the list below it does.
    const zoneCalls = calls.filter((call) => call.path === '/operations/zone/list');
    expect(zoneCalls.length).toBeGreaterThanOrEqual(2);
    for (const call of zoneCalls) expect((call.body as { cityCode: number }).cityCode).toBe(3101);
    // The engine's list is below the map.
    expect(await screen.findByRole('cell', { name: 'Bundaran HI' })).toBeTruthy();
  });

  it('opens a zone clicked on the map', async () => {
    mockApi(api());
    renderApp('/operations/area_scheduling_list');
    await waitFor(() => expect(areaPaths()).toHaveLength(3), { timeout: 8000 });
    fireEvent.click(pathOf('#389e0d')[0]!);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getAllByText('Bundaran HI').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('JKT-1')).toBeTruthy();
  });

  it('lists the zones’ targets on their own tab, with what each zone holds now', async () => {
    mockApi(api());
    renderApp('/operations/area_scheduling_list');
    fireEvent.click(await screen.findByRole('tab', { name: tr('page.zoneMap.targetsTab') }));
    const panel = await screen.findByRole('tabpanel', { name: tr('page.zoneMap.targetsTab') });
    const row = (await within(panel).findByText('07:00')).closest('tr')!;
    expect(within(row).getByText('10:00')).toBeTruthy();
    const column = (key: string) =>
      within(panel)
        .getAllByRole('columnheader')
        .findIndex((h) => h.textContent === tr(key));
    const cells = within(row).getAllByRole('cell');
    expect(cells[column('field.zoneTarget.liveCount')]!.textContent).toBe('3');
    expect(cells[column('field.zoneTarget.maxVehicles')]!.textContent).toBe('25');
  });

  it('shows a city without zones at its centre, its legend counting none', async () => {
    mockApi(api([]));
    renderApp('/operations/area_scheduling_list');
    await waitFor(() => expect(screen.getByText(tr('page.zoneMap.count', { count: 0 }))).toBeTruthy(), { timeout: 8000 });
    await waitFor(() => expect(document.querySelector('.leaflet-container')).not.toBeNull());
    expect(areaPaths()).toHaveLength(0);
    expect(screen.getByText(tr('page.zoneMap.count', { count: 0 }))).toBeTruthy();
  });
});
