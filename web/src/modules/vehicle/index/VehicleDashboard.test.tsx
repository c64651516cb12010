import { BATTERY_STATES, VEHICLE_DASHBOARD_PATH, VEHICLE_OP_STATES, type VehicleDashboard } from '@kayuh/contract/api/vehicleDashboard';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { sizeChartsForTests } from '../../../shared/chart/chartTesting';
import { useConfigStore } from '../../../stores/configStore';
import { mockApi, ok, type ApiCall, type Handler } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { chartRows, figure } from '../../../testing/dashboards';
import { dictApi } from '../../../testing/resource';
import { operator, resetApp, signIn } from '../../../testing/session';

sizeChartsForTests();
beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

const states = (counts: Record<number, number>, codes: readonly number[]) => codes.map((state) => ({ state, count: counts[state] ?? 0 }));
const overview: VehicleDashboard = {
  vehicles: 1520,
  byState: states({ 10: 20, 20: 1100, 40: 150, 50: 120, 80: 30, 120: 100 }, VEHICLE_OP_STATES),
  inService: 1370,
  online: 1302,
  onlineRate: 95,
  averageSoc: 67.4,
  lowBattery: 120,
  byModel: [
    { modelId: 1, name: 'Kayuh City 2', modelCode: 'KC2', count: 1200 },
    { modelId: 2, name: 'Kayuh Cargo', modelCode: 'KCG', count: 320 },
  ],
  batteriesByState: states({ 30: 1370, 40: 400, 45: 180, 60: 12 }, BATTERY_STATES),
};
const empty: VehicleDashboard = {
  vehicles: 0,
  byState: states({}, VEHICLE_OP_STATES),
  inService: 0,
  online: 0,
  onlineRate: null,
  averageSoc: null,
  lowBattery: 0,
  byModel: [],
  batteriesByState: states({}, BATTERY_STATES),
};
const api = (dashboard: Handler = () => ok(overview)) => ({
  ...shellApi(),
  ...dictApi({ vehicles_op_state: VEHICLE_OP_STATES.map(String), batteries_state: BATTERY_STATES.map(String) }),
  [`GET ${VEHICLE_DASHBOARD_PATH}`]: dashboard,
});
const dashboardCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === VEHICLE_DASHBOARD_PATH);

const tiles = () => screen.getByRole('navigation', { name: tr('shell.moduleIndex.pages', { module: tr('menu.vehicle') }) });

describe('the e-bike centre Home', () => {
  it('shows the fleet figures of the city chosen in the header', async () => {
    const calls = mockApi(api());
    renderApp('/vehicle_main');
    await screen.findByText(tr('page.vehicleDashboard.inService'));
    expect(figure('page.vehicleDashboard.inService')).toBe('1,370');
    expect(screen.getByText(tr('page.vehicleDashboard.ofFleet', { count: '1,520' }))).toBeTruthy();
    expect(figure('page.vehicleDashboard.onlineRate')).toBe('95%');
    expect(screen.getByText(tr('page.vehicleDashboard.onlineOf', { online: '1,302', inService: '1,370' }))).toBeTruthy();
    expect(figure('page.vehicleDashboard.averageSoc')).toBe('67.4%');
    expect(figure('page.vehicleDashboard.lowBattery')).toBe('120');
    await waitFor(() => {
      const call = dashboardCalls(calls).at(-1)!;
      expect(call.headers['tenant-id']).toBe(String(operator.tenantId));
      expect(call.query.get('cityCode')).toBe(String(useConfigStore.getState().HCityCode));
    });
    expect(useConfigStore.getState().HCityCode).toEqual(expect.any(Number));

    // Another city in the header asks again, for that city.
    act(() => useConfigStore.setState({ HCityCode: 3102 }));
    await waitFor(() => expect(dashboardCalls(calls).at(-1)!.query.get('cityCode')).toBe('3102'));
  });

  it('draws the fleet by every op_state with its dictionary labels, the batteries by state and the vehicles per model', async () => {
    mockApi(api());
    renderApp('/vehicle_main');
    for (const key of ['page.vehicleDashboard.byState', 'page.vehicleDashboard.batteriesByState', 'page.vehicleDashboard.byModel']) {
      const img = await within(await screen.findByRole('region', { name: tr(key) })).findByRole('img');
      await waitFor(() => expect(img.querySelector('svg text')).not.toBeNull());
    }
    const fleet = chartRows('page.vehicleDashboard.byState');
    expect(fleet).toHaveLength(VEHICLE_OP_STATES.length);
    expect(fleet[0]).toBe(`${tr('dict.vehicles_op_state.10')}20`);
    expect(fleet).toContain('Tersedia1,100');
    expect(fleet).toContain(`${tr('dict.vehicles_op_state.30')}0`);
    const batteries = chartRows('page.vehicleDashboard.batteriesByState');
    expect(batteries).toHaveLength(BATTERY_STATES.length);
    expect(batteries).toContain(`${tr('dict.batteries_state.30')}1,370`);
    expect(batteries).toContain(`${tr('dict.batteries_state.60')}12`);
    expect(batteries).toContain(`${tr('dict.batteries_state.70')}0`);
    expect(chartRows('page.vehicleDashboard.byModel')).toEqual(['Kayuh City 21,200', 'Kayuh Cargo320']);
  });

  it("says when the city has no vehicles, and keeps the tiles of the module's pages below", async () => {
    mockApi(api(() => ok(empty)));
    renderApp('/vehicle_main');
    const dashboard = await screen.findByRole('region', { name: tr('page.vehicleDashboard.label', { module: tr('menu.vehicle') }) });
    expect(await within(dashboard).findByText(tr('page.vehicleDashboard.empty'))).toBeTruthy();
    expect(screen.queryByText(tr('page.vehicleDashboard.inService'))).toBeNull();
    expect(dashboard.compareDocumentPosition(tiles()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(tiles()).getByRole('link', { name: tr('menu.vehicle.vehicle') })).toBeTruthy();
  });

  it('offers to try again when the overview cannot be read', async () => {
    let answer: Handler = () => new Response(JSON.stringify({ code: 500, msg: 'boom' }), { status: 500 });
    const calls = mockApi(api((body, request) => answer(body, request)));
    renderApp('/vehicle_main');
    const retry = await screen.findByRole('button', { name: tr('page.vehicleDashboard.retry') });
    expect(screen.getByText(tr('page.vehicleDashboard.failed'))).toBeTruthy();
    answer = () => ok(overview);
    fireEvent.click(retry);
    expect(await screen.findByText(tr('page.vehicleDashboard.inService'))).toBeTruthy();
    expect(dashboardCalls(calls)).toHaveLength(2);
  });
});
