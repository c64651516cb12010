import type { DashboardDay, DashboardOverview } from '@kayuh/contract/api/dashboard';
import { DASHBOARD_DAYS, DASHBOARD_PATH } from '@kayuh/contract/api/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { sizeChartsForTests } from '../../../shared/chart/chartTesting';
import { sizeMapsForTests } from '../../../shared/map/mapTesting';
import { useConfigStore } from '../../../stores/configStore';
import { mockApi, ok, type ApiCall, type Handler } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { operator, resetApp, signIn } from '../../../testing/session';

sizeChartsForTests();
sizeMapsForTests();
beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

/** Fourteen business days, quiet except for the last two; today (the last) has its own numbers. */
const days: DashboardDay[] = Array.from({ length: DASHBOARD_DAYS }, (_, i) => ({
  day: `2026-03-${String(i + 1).padStart(2, '0')}`,
  signIns: i === DASHBOARD_DAYS - 2 ? 99 : 5,
  failedSignIns: i === DASHBOARD_DAYS - 2 ? 41 : 0,
  operations: i === DASHBOARD_DAYS - 2 ? 66 : 1,
}));
days[DASHBOARD_DAYS - 1] = { day: '2026-03-14', signIns: 1234, failedSignIns: 3, operations: 12 };

const city = (cityCode: number, cityInName: string, status: string) => ({
  cityCode,
  cityInName,
  cityName: cityInName,
  lat: -6.2,
  lng: 106.8,
  zoom: 12,
  status,
  staff: 4,
});
const overview: DashboardOverview = {
  days,
  topPages: [
    { title: 'menu.configure.user', count: 9 },
    { title: 'menu.configure.role', count: 4 },
    { title: 'engine.upload.title', count: 2 },
  ],
  cities: [city(3101, 'Jakarta', '1'), city(3102, 'Bandung', '1'), city(3103, 'Bogor', '0')],
};
const api = (dashboard: Handler = () => ok(overview)) => ({ ...shellApi(), [`GET ${DASHBOARD_PATH}`]: dashboard });
const dashboardCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === DASHBOARD_PATH);

/** The figure a statistic card shows under its title. */
const figure = (titleKey: string) => {
  const statistic = screen.getByText(tr(titleKey)).closest('.ant-statistic') as HTMLElement;
  return statistic.querySelector('.ant-statistic-content-value')!.textContent;
};
const tiles = () => screen.getByRole('navigation', { name: tr('shell.moduleIndex.pages', { module: tr('menu.configure') }) });
const chart = (titleKey: string) => screen.getByRole('region', { name: tr(titleKey, { days: DASHBOARD_DAYS }) });

describe('the System management Home', () => {
  it("shows today's figures: the last business day's sign-ins, failures and changes, and the cities", async () => {
    const calls = mockApi(api());
    renderApp('/configure');
    await screen.findByText(tr('page.configureDashboard.signInsToday'));
    expect(figure('page.configureDashboard.signInsToday')).toBe('1,234');
    expect(figure('page.configureDashboard.failedSignInsToday')).toBe('3');
    expect(figure('page.configureDashboard.changesToday')).toBe('12');
    expect(figure('page.configureDashboard.cities')).toBe('3');
    expect(screen.getByText(tr('page.configureDashboard.activeCities', { count: 2 }))).toBeTruthy();
    // Asked for the tenant and the city the header has chosen (the city's clock decides when today began).
    await waitFor(() => {
      const call = dashboardCalls(calls).at(-1)!;
      expect(call.headers['tenant-id']).toBe(String(operator.tenantId));
      expect(call.query.get('cityCode')).toBe(String(useConfigStore.getState().HCityCode));
    });
    expect(useConfigStore.getState().HCityCode).toEqual(expect.any(Number));
    // The tenant's cities on the map beside the charts.
    const map = await screen.findByRole('region', { name: tr('page.cityMap.title') });
    for (const name of ['Jakarta', 'Bandung', 'Bogor']) expect(await within(map).findByRole('button', { name })).toBeTruthy();
  });

  it('draws the activity per day and the most-worked pages, whose names read in the console language', async () => {
    mockApi(api());
    renderApp('/configure');
    for (const key of ['page.configureDashboard.signInsPerDay', 'page.configureDashboard.changesPerDay', 'page.configureDashboard.topPages']) {
      const img = await within(await screen.findByRole('region', { name: tr(key, { days: DASHBOARD_DAYS }) })).findByRole('img');
      await waitFor(() => expect(img.querySelector('svg text')).not.toBeNull());
    }
    const signIns = within(chart('page.configureDashboard.signInsPerDay')).getByRole('img');
    expect(signIns.getAttribute('aria-label')).toContain(
      tr('engine.chart.seriesSummary', { label: tr('page.configureDashboard.failedSignIns'), total: '44', max: '41', at: '2026-03-13' }),
    );

    const pages = chart('page.configureDashboard.topPages');
    fireEvent.click(within(pages).getByRole('radio', { name: tr('engine.chart.asTable') }));
    const rows = within(within(pages).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([`${tr('menu.configure.user')}9`, `${tr('menu.configure.role')}4`, `${tr('engine.upload.title')}2`]);
    expect(rows[0]).toBe('Manajemen Pengguna9');
  });

  it("keeps the tiles of the module's pages below the dashboard", async () => {
    mockApi(api());
    renderApp('/configure');
    const dashboard = await screen.findByRole('region', { name: tr('page.configureDashboard.label', { module: tr('menu.configure') }) });
    expect(dashboard.compareDocumentPosition(tiles()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(tiles()).getByRole('link', { name: tr('menu.configure.user') })).toBeTruthy();
  });

  it('says when nothing was worked on, and when the overview cannot be read, offering to try again', async () => {
    let answer: Handler = () => new Response(JSON.stringify({ code: 500, msg: 'boom' }), { status: 500 });
    const calls = mockApi(api((body, request) => answer(body, request)));
    renderApp('/configure');
    const retry = await screen.findByRole('button', { name: tr('page.configureDashboard.retry') });
    expect(screen.getByText(tr('page.configureDashboard.failed'))).toBeTruthy();
    expect(within(tiles()).getByRole('link', { name: tr('menu.configure.user') })).toBeTruthy();

    answer = () => ok({ ...overview, topPages: [] });
    fireEvent.click(retry);
    expect(await within(await waitFor(() => chart('page.configureDashboard.topPages'))).findByText(tr('engine.chart.empty'))).toBeTruthy();
    expect(dashboardCalls(calls)).toHaveLength(2);
  });
});
