import { Col, theme } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { DASHBOARD_DAYS, type DashboardDay } from '@kayuh/contract/api/dashboard';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartSeries } from '../../../shared/chart/chartTypes';
import { useConfigStore } from '../../../stores/configStore';

/** Sign-ins (with the failed ones) and journalled changes per business day, side by side on a wide screen. */
export function ActivityCharts({ days }: { days: DashboardDay[] }) {
  const t = useT();
  const { token } = theme.useToken();
  const lang = useConfigStore((s) => s.lang);
  // The axis names a day briefly, in the console's language; the tooltip and the table keep the whole date.
  const shortDay = useCallback((day: string) => dayjs(day).format(lang === 'ZH' ? 'M月D日' : 'D MMM'), [lang]);
  const signInSeries = useMemo<ChartSeries<DashboardDay>[]>(
    () => [
      { field: 'signIns', label: t('page.configureDashboard.signIns') },
      { field: 'failedSignIns', label: t('page.configureDashboard.failedSignIns'), color: token.colorError },
    ],
    [t, token.colorError],
  );
  const changeSeries = useMemo<ChartSeries<DashboardDay>[]>(() => [{ field: 'operations', label: t('page.configureDashboard.changes') }], [t]);
  return (
    <>
      <Col xs={24} xl={12}>
        <Chart
          kind="line"
          title={t('page.configureDashboard.signInsPerDay', { days: DASHBOARD_DAYS })}
          data={days}
          x="day"
          xLabel={t('page.configureDashboard.day')}
          series={signInSeries}
          axisLabel={shortDay}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          title={t('page.configureDashboard.changesPerDay', { days: DASHBOARD_DAYS })}
          data={days}
          x="day"
          xLabel={t('page.configureDashboard.day')}
          series={changeSeries}
          axisLabel={shortDay}
        />
      </Col>
    </>
  );
}
