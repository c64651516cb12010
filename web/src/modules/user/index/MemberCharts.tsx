import { Col } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { MEMBER_TREND_DAYS, type CodeCount, type MemberDashboard } from '@kayuh/contract/api/memberDashboard';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartSeries } from '../../../shared/chart/chartTypes';
import { useDictLabel } from '../../../shared/resource/optionsApi';
import { useConfigStore } from '../../../stores/configStore';

type CodeRow = { label: string; count: number };
type DayRow = { day: string; count: number };

/** Each code's label from its dictionary, in the console's language. */
function useCodeRows(dictType: string, counts: CodeCount[]): CodeRow[] {
  const label = useDictLabel(dictType);
  return useMemo(() => counts.map((row) => ({ label: label(row.code), count: row.count })), [label, counts]);
}

/** Sign-ups per day, members by KYC status and by status, and what the open feedback is about. */
export function MemberCharts({ overview }: { overview: MemberDashboard }) {
  const t = useT();
  const lang = useConfigStore((s) => s.lang);
  const kyc = useCodeRows('members_kyc_status', overview.byKyc);
  const statuses = useCodeRows('members_status', overview.byStatus);
  const feedback = useCodeRows('feedbacks_type', overview.openFeedbackByType);
  const days = useMemo<DayRow[]>(() => overview.joinedByDay.map((d) => ({ day: d.date, count: d.count })), [overview.joinedByDay]);
  const members = useMemo<ChartSeries<CodeRow>[]>(() => [{ field: 'count', label: t('page.memberDashboard.membersSeries') }], [t]);
  const joined = useMemo<ChartSeries<DayRow>[]>(() => [{ field: 'count', label: t('page.memberDashboard.signUps') }], [t]);
  const reports = useMemo<ChartSeries<CodeRow>[]>(() => [{ field: 'count', label: t('page.memberDashboard.reports') }], [t]);
  const shortDay = useCallback((day: string) => dayjs(day).format(lang === 'ZH' ? 'M月D日' : 'D MMM'), [lang]);
  return (
    <>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          title={t('page.memberDashboard.byDay', { days: MEMBER_TREND_DAYS })}
          data={days}
          x="day"
          xLabel={t('page.memberDashboard.day')}
          series={joined}
          axisLabel={shortDay}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          kind="pie"
          title={t('page.memberDashboard.byKyc')}
          data={kyc}
          x="label"
          xLabel={t('page.memberDashboard.kycStatus')}
          series={members}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          horizontal
          title={t('page.memberDashboard.feedbackByType')}
          data={feedback}
          x="label"
          xLabel={t('page.memberDashboard.feedbackType')}
          series={reports}
          height={300}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          horizontal
          title={t('page.memberDashboard.byStatus')}
          data={statuses}
          x="label"
          xLabel={t('page.memberDashboard.status')}
          series={members}
          height={300}
        />
      </Col>
    </>
  );
}
