import { PAYMENT_DASHBOARD_PATH, type PaymentDashboard } from '@kayuh/contract/api/paymentDashboard';
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
import { fullMenuTree, operator, resetApp, signIn } from '../../../testing/session';

sizeChartsForTests();
beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(resetApp);

const overview: PaymentDashboard = {
  currency: 'IDR',
  paidToday: { count: 1204, amount: 61_250_000 },
  topupsToday: { count: 310, amount: 15_500_000 },
  refundsPending: { count: 3, amount: 125_000 },
  refundsUnderWay: { count: 2, amount: 40_000 },
  refundsFailed: { count: 1, amount: 20_000 },
  failedCallbacks: [
    { outcome: 'refused_signature', count: 4 },
    { outcome: 'parked_late', count: 1 },
  ],
  openAlarms: [
    { code: 'LATE_PAYMENT', count: 1 },
    { code: 'LEDGER_DRIFT', count: 0 },
  ],
  ledgerAudit: { result: 'ok', statDate: '2026-03-01', auditedAt: '2026-03-01T19:30:00.000Z', books: 6, driftBooks: 0 },
  byChannel: [
    { channelCode: 'QRIS', count: 900, amount: 45_000_000 },
    { channelCode: null, count: 300, amount: 16_000_000 },
    { channelCode: 'VA_BCA', count: 4, amount: 250_000 },
  ],
  today: [
    { hour: 0, count: 4, amount: 200_000 },
    { hour: 1, count: 1, amount: 50_000 },
  ],
  days: ['2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'].map((day, i) => ({
    day,
    count: i,
    amount: i * 1_000_000,
  })),
  utcOffsetHours: 7,
};

const api = (dashboard: Handler = () => ok(overview), tree = fullMenuTree()) => ({
  ...shellApi(tree),
  ...dictApi({
    payment_channels_channel_code: ['QRIS', 'VA_BCA'],
    api_logs_outcome: ['refused_signature', 'parked_late'],
    alarms_alarm_code: ['LATE_PAYMENT', 'LEDGER_DRIFT'],
  }),
  [`GET ${PAYMENT_DASHBOARD_PATH}`]: dashboard,
});
const dashboardCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === PAYMENT_DASHBOARD_PATH);

const statistic = (titleKey: string) => screen.getByText(tr(titleKey)).closest('.ant-statistic') as HTMLElement;
const card = (titleKey: string) => statistic(titleKey).closest('.ant-card') as HTMLElement;
const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the payment centre Home', () => {
  it("shows today's money, the refunds and what finance must look at, for the city in the header", async () => {
    const calls = mockApi(api());
    renderApp('/payment_main');
    await screen.findByText(tr('page.paymentDashboard.paidToday'));
    expect(figure('page.paymentDashboard.paidToday')).toBe('Rp 61,250,000');
    expect(within(card('page.paymentDashboard.paidToday')).getByText(tr('page.paymentDashboard.paidTodayCaption', { count: '1,204' }))).toBeTruthy();
    expect(figure('page.paymentDashboard.topupsToday')).toBe('Rp 15,500,000');
    expect(figure('page.paymentDashboard.refundsPending')).toBe('3');
    expect(
      within(card('page.paymentDashboard.refundsPending')).getByText(tr('page.paymentDashboard.refundsTotal', { amount: 'Rp 125,000' })),
    ).toBeTruthy();
    expect(figure('page.paymentDashboard.refundsUnderWay')).toBe('2');
    expect(figure('page.paymentDashboard.refundsFailed')).toBe('1');
    expect(figure('page.paymentDashboard.failedCallbacks')).toBe('5');
    expect(figure('page.paymentDashboard.openAlarms')).toBe('1');
    expect(figure('page.paymentDashboard.ledgerAudit')).toBe(tr('page.paymentDashboard.auditOk'));
    await waitFor(() => {
      const call = dashboardCalls(calls).at(-1)!;
      expect(call.headers['tenant-id']).toBe(String(operator.tenantId));
      expect(call.query.get('cityCode')).toBe(String(useConfigStore.getState().HCityCode));
    });

    // Another city in the header asks again, for that city.
    act(() => useConfigStore.setState({ HCityCode: 3102 }));
    await waitFor(() => expect(dashboardCalls(calls).at(-1)!.query.get('cityCode')).toBe('3102'));
  });

  it('leads from each figure to the list it counts, filtered as it counts', async () => {
    mockApi(api());
    const { router } = renderApp('/payment_main');
    await screen.findByText(tr('page.paymentDashboard.paidToday'));
    expect(href(tr('page.paymentDashboard.paidToday'))).toBe('/payment_main/transaction/orderListPage?status=2,5,6');
    expect(href(tr('page.paymentDashboard.topupsToday'))).toBe('/payment_main/recharge/list?status=2,5,6');
    expect(href(tr('page.paymentDashboard.refundsPending'))).toBe('/payment_main/refund/refundListPage?status=0');
    expect(href(tr('page.paymentDashboard.refundsUnderWay'))).toBe('/payment_main/refund/refundListPage?status=1,2');
    expect(href(tr('page.paymentDashboard.refundsFailed'))).toBe('/payment_main/refund/refundListPage?status=4');
    expect(href(tr('page.paymentDashboard.failedCallbacks'))).toBe('/log_main/interfaceLog?direction=2');
    expect(href(`${tr('dict.api_logs_outcome.refused_signature')}: 4`)).toBe('/log_main/interfaceLog?direction=2&outcome=refused_signature');
    expect(href(`${tr('dict.alarms_alarm_code.LATE_PAYMENT')}: 1`)).toBe('/alarm_main/alarm_list?alarmCode=LATE_PAYMENT');
    expect(href(tr('page.paymentDashboard.ledgerAudit'))).toBe('/payment_main/accountBooks/list');

    // A link opens its list in a tab, with the filter in place.
    fireEvent.click(screen.getByRole('link', { name: tr('page.paymentDashboard.refundsPending') }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/payment_main/refund/refundListPage?status=0'));
  });

  it('offers no link to a list the user may not open, and keeps the figure', async () => {
    // A user of the payment centre without the log and alarm modules (finance, in the demo).
    const tree = fullMenuTree().filter((node) => node.moduleKey !== 'log' && node.moduleKey !== 'alarm');
    mockApi(api(() => ok(overview), tree));
    renderApp('/payment_main');
    await screen.findByText(tr('page.paymentDashboard.failedCallbacks'));
    expect(figure('page.paymentDashboard.failedCallbacks')).toBe('5');
    expect(within(card('page.paymentDashboard.failedCallbacks')).queryByRole('link')).toBeNull();
    expect(within(card('page.paymentDashboard.failedCallbacks')).getByText(`${tr('dict.api_logs_outcome.refused_signature')}: 4`)).toBeTruthy();
    expect(within(card('page.paymentDashboard.openAlarms')).queryByRole('link')).toBeNull();
    expect(within(card('page.paymentDashboard.openAlarms')).getByText(`${tr('dict.alarms_alarm_code.LATE_PAYMENT')}: 1`)).toBeTruthy();
    expect(href(tr('page.paymentDashboard.refundsPending'))).toBe('/payment_main/refund/refundListPage?status=0');
  });

  it('draws today by channel (the wallet named), the last days and today by hour', async () => {
    mockApi(api());
    renderApp('/payment_main');
    const amount = tr('page.paymentDashboard.amount', { currency: 'IDR' });
    const byChannel = await screen.findByRole('region', { name: tr('page.paymentDashboard.byChannel') });
    const img = await within(byChannel).findByRole('img');
    await waitFor(() => expect(img.querySelector('svg text')).not.toBeNull());
    expect(within(byChannel).getByRole('img').getAttribute('aria-label')).toContain(amount);
    expect(chartRows('page.paymentDashboard.byChannel')).toEqual([
      `${tr('dict.payment_channels_channel_code.QRIS')}45,000,000`,
      `${tr('page.paymentDashboard.wallet')}16,000,000`,
      `${tr('dict.payment_channels_channel_code.VA_BCA')}250,000`,
    ]);
    expect(chartRows('page.paymentDashboard.byHour', { zone: 'WIB' })).toEqual(['00:00200,000', '01:0050,000']);
    const days = chartRows('page.paymentDashboard.byDay', { days: '7' });
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toBe('2026-03-026,000,000');
  });

  it('says when nothing was paid or audited yet, and offers to try again when the overview cannot be read', async () => {
    let answer: Handler = () => new Response(JSON.stringify({ code: 500, msg: 'boom' }), { status: 500 });
    const calls = mockApi(api((body, request) => answer(body, request)));
    renderApp('/payment_main');
    const retry = await screen.findByRole('button', { name: tr('page.paymentDashboard.retry') });
    expect(screen.getByText(tr('page.paymentDashboard.failed'))).toBeTruthy();
    answer = () =>
      ok({
        ...overview,
        paidToday: { count: 0, amount: 0 },
        failedCallbacks: [],
        ledgerAudit: null,
        byChannel: [],
      } satisfies PaymentDashboard);
    fireEvent.click(retry);
    // The audit has no city: with one chosen in the header, the caption says the figure is the whole tenant's.
    const tenantWide = `${tr('page.paymentDashboard.notAudited')} · ${tr('page.paymentDashboard.wholeTenant')}`;
    expect(await screen.findByText(tenantWide)).toBeTruthy();
    expect(figure('page.paymentDashboard.paidToday')).toBe('Rp 0');
    expect(figure('page.paymentDashboard.ledgerAudit')).toBe('--');
    expect(screen.getByText(`${tr('page.paymentDashboard.noFailedCallbacks')} · ${tr('page.paymentDashboard.wholeTenant')}`)).toBeTruthy();
    const byChannel = screen.getByRole('region', { name: tr('page.paymentDashboard.byChannel') });
    expect(within(byChannel).getByText(tr('engine.chart.empty'))).toBeTruthy();
    expect(dashboardCalls(calls)).toHaveLength(2);
  });
});
