import { Col } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { MEMBER_TREND_DAYS, type MemberDashboard } from '@kayuh/contract/api/memberDashboard';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartSeries } from '../../../shared/chart/chartTypes';
import { useDictCounts, type LabelledCount } from '../../../shared/chart/useDictCounts';
import { useConfigStore } from '../../../stores/configStore';

type DayRow = { day: string; count: number };

/** Sign-ups per day, members by KYC status and by status, and what the open feedback is about. */
export function MemberCharts({ overview }: { overview: MemberDashboard }) {
  const t = useT();
  const lang = useConfigStore((s) => s.lang);
  const kyc = useDictCounts('members_kyc_status', overview.byKyc, 'code');
  const statuses = useDictCounts('members_status', overview.byStatus, 'code');
  const feedback = useDictCounts('feedbacks_type', overview.openFeedbackByType, 'code');
  const days = useMemo<DayRow[]>(() => overview.joinedByDay.map((d) => ({ day: d.date, count: d.count })), [overview.joinedByDay]);
  const members = useMemo<ChartSeries<LabelledCount>[]>(() => [{ field: 'count', label: t('page.memberDashboard.membersSeries') }], [t]);
  const joined = useMemo<ChartSeries<DayRow>[]>(() => [{ field: 'count', label: t('page.memberDashboard.signUps') }], [t]);
  const reports = useMemo<ChartSeries<LabelledCount>[]>(() => [{ field: 'count', label: t('page.memberDashboard.reports') }], [t]);
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
