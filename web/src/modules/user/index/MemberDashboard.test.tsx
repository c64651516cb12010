import {
  FEEDBACK_TYPES,
  MEMBER_DASHBOARD_PATH,
  MEMBER_KYC_STATUSES,
  MEMBER_STATUSES,
  MEMBER_TREND_DAYS,
  type MemberDashboard,
} from '@kayuh/contract/api/memberDashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { sizeChartsForTests } from '../../../shared/chart/chartTesting';
import { useConfigStore } from '../../../stores/configStore';
import { mockApi, ok, type ApiCall } from '../../../testing/api';
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

const codes = (counts: Record<number, number>, all: readonly number[]) => all.map((code) => ({ code, count: counts[code] ?? 0 }));
const overview: MemberDashboard = {
  members: 12_480,
  newToday: 37,
  activeToday: 2_104,
  byStatus: codes({ 0: 12_400, 1: 60, 2: 20, 3: 9 }, MEMBER_STATUSES),
  byKyc: codes({ 0: 7_000, 1: 12, 2: 5_300, 3: 168 }, MEMBER_KYC_STATUSES),
  pendingKyc: 12,
  oldestPendingKycAt: '2026-11-26T01:30:00.000Z',
  openFeedback: 9,
  newFeedback: 4,
  openFeedbackByType: codes({ 1: 3, 3: 4, 4: 2 }, FEEDBACK_TYPES),
  joinedByDay: Array.from({ length: MEMBER_TREND_DAYS }, (_, i) => ({ date: `2026-11-${String(15 + i).padStart(2, '0')}`, count: 20 + i })),
};
const api = () => ({
  ...shellApi(),
  ...dictApi({
    members_status: MEMBER_STATUSES.map(String),
    members_kyc_status: MEMBER_KYC_STATUSES.map(String),
    feedbacks_type: FEEDBACK_TYPES.map(String),
  }),
  [`GET ${MEMBER_DASHBOARD_PATH}`]: () => ok(overview),
});
const dashboardCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === MEMBER_DASHBOARD_PATH);
describe('the customer centre Home', () => {
  it("shows the city's members, today's sign-ups, the identity queue and open feedback, each leading to its list", async () => {
    const calls = mockApi(api());
    renderApp('/user_main');
    await screen.findByText(tr('page.memberDashboard.members'));
    expect(figure('page.memberDashboard.members')).toBe('12,480');
    expect(screen.getByText(tr('page.memberDashboard.newToday', { count: '37' }))).toBeTruthy();
    expect(figure('page.memberDashboard.activeToday')).toBe('2,104');
    expect(figure('page.memberDashboard.pendingKyc')).toBe('12');
    expect(figure('page.memberDashboard.openFeedback')).toBe('9');
    expect(screen.getByText(tr('page.memberDashboard.newFeedback', { count: '4' }))).toBeTruthy();
    // 01:30 UTC is 08:30 in Jakarta.
    expect(screen.getByText(/26 Nov 2026|2026-11-26/).textContent).toContain('08:30');
    expect(screen.getByRole('link', { name: tr('page.memberDashboard.pendingKyc') }).getAttribute('href')).toBe('/user_main/userReview?status=0');
    expect(screen.getByRole('link', { name: tr('page.memberDashboard.openFeedback') }).getAttribute('href')).toBe('/user_main/backFeed?status=0,1');
    await waitFor(() => expect(dashboardCalls(calls).at(-1)!.query.get('cityCode')).toBe(String(useConfigStore.getState().HCityCode)));
  });

  it('draws sign-ups by day, members by KYC status and by status, and open feedback by type with their dictionary labels', async () => {
    mockApi(api());
    renderApp('/user_main');
    const keys: Array<[string, Record<string, number>?]> = [
      ['page.memberDashboard.byDay', { days: MEMBER_TREND_DAYS }],
      ['page.memberDashboard.byKyc'],
      ['page.memberDashboard.feedbackByType'],
      ['page.memberDashboard.byStatus'],
    ];
    for (const [key, params] of keys) {
      const img = await within(await screen.findByRole('region', { name: tr(key, params) })).findByRole('img');
      await waitFor(() => expect(img.querySelector('svg')).not.toBeNull());
    }
    const days = chartRows('page.memberDashboard.byDay', { days: MEMBER_TREND_DAYS });
    expect(days).toHaveLength(MEMBER_TREND_DAYS);
    expect(days.at(-1)).toBe('2026-11-2833');
    expect(chartRows('page.memberDashboard.byKyc')).toContain(`${tr('dict.members_kyc_status.2')}5,300`);
    const feedback = chartRows('page.memberDashboard.feedbackByType');
    expect(feedback).toHaveLength(FEEDBACK_TYPES.length);
    expect(feedback).toContain(`${tr('dict.feedbacks_type.3')}4`);
    expect(feedback).toContain(`${tr('dict.feedbacks_type.5')}0`);
    expect(chartRows('page.memberDashboard.byStatus')).toContain(`${tr('dict.members_status.1')}60`);
  });
});
