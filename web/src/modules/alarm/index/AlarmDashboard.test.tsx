import { ALARM_DASHBOARD_PATH, type AlarmDashboard } from '@kayuh/contract/api/alarmDashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { sizeChartsForTests } from '../../../shared/chart/chartTesting';
import { useConfigStore } from '../../../stores/configStore';
import { mockApi, ok } from '../../../testing/api';
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

const overview: AlarmDashboard = {
  open: 1204,
  acknowledged: 37,
  critical: 3,
  raisedToday: 96,
  byLevel: [
    { level: 1, count: 3 },
    { level: 2, count: 20 },
    { level: 3, count: 1180 },
    { level: 4, count: 38 },
  ],
  byCode: [
    { code: 'LOW_SOC', count: 800 },
    { code: 'OFFLINE', count: 441 },
  ],
  today: [
    { hour: 0, raised: 4 },
    { hour: 1, raised: 92 },
  ],
  utcOffsetHours: 7,
};

describe('the alarm centre Home', () => {
  it('shows what is open, critical and new today for the city in the header, and the open alarms by level and kind', async () => {
    const calls = mockApi({
      ...shellApi(),
      ...dictApi({ alarms_level: ['1', '2', '3', '4'], alarms_alarm_code: ['LOW_SOC', 'OFFLINE'] }),
      [`GET ${ALARM_DASHBOARD_PATH}`]: () => ok(overview),
    });
    renderApp('/alarm_main');
    await screen.findByText(tr('page.alarmDashboard.open'));
    expect(figure('page.alarmDashboard.open')).toBe('1,204');
    expect(figure('page.alarmDashboard.acknowledged')).toBe('37');
    expect(figure('page.alarmDashboard.critical')).toBe('3');
    expect(figure('page.alarmDashboard.raisedToday')).toBe('96');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === ALARM_DASHBOARD_PATH)
          .at(-1)!
          .query.get('cityCode'),
      ).toBe(String(useConfigStore.getState().HCityCode)),
    );
    await within(await screen.findByRole('region', { name: tr('page.alarmDashboard.byLevel') })).findByRole('img');
    expect(chartRows('page.alarmDashboard.byLevel')).toEqual([
      `${tr('dict.alarms_level.1')}3`,
      `${tr('dict.alarms_level.2')}20`,
      `${tr('dict.alarms_level.3')}1,180`,
      `${tr('dict.alarms_level.4')}38`,
    ]);
    expect(chartRows('page.alarmDashboard.byCode')).toEqual([
      `${tr('dict.alarms_alarm_code.LOW_SOC')}800`,
      `${tr('dict.alarms_alarm_code.OFFLINE')}441`,
    ]);
    expect(chartRows('page.alarmDashboard.today')).toEqual(['00:004', '01:0092']);
  });
});
