import { MERCHANT_DASHBOARD_PATH, MERCHANT_STATUSES, OPEN_APPLICATION_STATUSES, type MerchantDashboard } from '@kayuh/contract/api/merchants';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { sizeChartsForTests } from '../../../shared/chart/chartTesting';
import { useConfigStore } from '../../../stores/configStore';
import { mockApi, ok, type ApiCall } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { chartRows, figure } from '../../../testing/dashboards';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { dictApi } from '../../../testing/resource';
import { operator, resetApp, signIn } from '../../../testing/session';

sizeChartsForTests();
beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

const overview: MerchantDashboard = {
  byStatus: [
    { code: 0, count: 13 },
    { code: 1, count: 1 },
    { code: 2, count: 1 },
  ],
  openApplications: [
    { code: 0, count: 3 },
    { code: 1, count: 2 },
  ],
  sitesHosted: 10,
  currency: 'IDR',
  monthSwaps: 42,
  monthAmount: 504_000,
  top: [
    { merchantId: 7, name: 'Toko Sepeda Lestari', swaps: 30, amount: 360_000 },
    { merchantId: 9, name: 'Bengkel Motor Jaya', swaps: 12, amount: 144_000 },
  ],
};
const api = () => ({
  ...shellApi(),
  ...dictApi({ merchants_status: MERCHANT_STATUSES.map(String) }),
  [`GET ${MERCHANT_DASHBOARD_PATH}`]: () => ok(overview),
});
const dashboardCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === MERCHANT_DASHBOARD_PATH);

describe('the merchant centre Home', () => {
  it("shows the city's merchants, the applications waiting, the sites they host and this month's swap revenue, each leading to its list", async () => {
    const calls = mockApi(api());
    renderApp('/main');
    await screen.findByText(tr('page.merchantDashboard.active'));
    expect(figure('page.merchantDashboard.active')).toBe('13');
    expect(screen.getByText(tr('page.merchantDashboard.suspended', { count: '1' }))).toBeTruthy();
    expect(figure('page.merchantDashboard.waiting')).toBe('5');
    expect(screen.getByText(tr('page.merchantDashboard.underReview', { count: '2' }))).toBeTruthy();
    expect(figure('page.merchantDashboard.sites')).toBe('10');
    expect(figure('page.merchantDashboard.month')).toMatch(/504[.,]000/);
    expect(screen.getByText(tr('page.merchantDashboard.monthSwaps', { count: '42' }))).toBeTruthy();
    expect(screen.getByRole('link', { name: tr('page.merchantDashboard.waiting') }).getAttribute('href')).toBe(
      `/main/application?status=${OPEN_APPLICATION_STATUSES.join(',')}`,
    );
    expect(screen.getByRole('link', { name: tr('page.merchantDashboard.active') }).getAttribute('href')).toBe('/main/merchant?status=0');
    await waitFor(() => expect(dashboardCalls(calls).at(-1)!.query.get('cityCode')).toBe(String(useConfigStore.getState().HCityCode)));
  });

  it('draws merchants by status and the month’s revenue by merchant', async () => {
    mockApi(api());
    renderApp('/main');
    for (const key of ['page.merchantDashboard.byStatus', 'page.merchantDashboard.top']) {
      const img = await within(await screen.findByRole('region', { name: tr(key) })).findByRole('img');
      await waitFor(() => expect(img.querySelector('svg')).not.toBeNull());
    }
    expect(chartRows('page.merchantDashboard.byStatus')).toContain(`${tr('dict.merchants_status.1')}1`);
    expect(chartRows('page.merchantDashboard.top')).toEqual(['Toko Sepeda Lestari360,000', 'Bengkel Motor Jaya144,000']);
  });
});
