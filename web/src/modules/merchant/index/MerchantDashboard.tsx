import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import type { MerchantDashboard as Overview, MerchantRevenue } from '@kayuh/contract/api/merchants';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { MerchantStatus } from '@kayuh/contract/resources/merchants';
import { formatMoney, formatThousands } from '@kayuh/contract/rules/format';
import { AuditOutlined, EnvironmentOutlined, ShopOutlined, SwapOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartSeries } from '../../../shared/chart/chartTypes';
import { useDictCounts, type LabelledCount } from '../../../shared/chart/useDictCounts';
import { DashboardSection } from '../../../shared/dashboard/DashboardSection';
import { LinkedFigure } from '../../../shared/dashboard/LinkedFigure';
import { useConfigStore } from '../../../stores/configStore';
import { LIST_LINKS, merchantDashboardQuery } from './merchantDashboardApi';

/**
 * The merchant centre Home's dashboard (DOMAIN §1.4) for the city chosen in the header: merchants by status, the
 * applications waiting for a decision, the sites merchants host, and this month's swap revenue at those sites, with
 * the merchants that earned most.
 */
export default function MerchantDashboard({ module }: { module: ModuleDef }) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const overview = useQuery(merchantDashboardQuery(tenantId, cityCode));
  return (
    <DashboardSection
      label={t('page.vehicleDashboard.label', { module: t(module.title) })}
      query={overview}
      failed={t('page.merchantDashboard.failed')}
      retry={t('page.vehicleDashboard.retry')}
    >
      {(data) => (
        <>
          <MerchantFigures overview={data} />
          <Row gutter={[16, 16]}>
            <MerchantCharts overview={data} />
          </Row>
        </>
      )}
    </DashboardSection>
  );
}

const countOf = (rows: { code: number; count: number }[], code: number) => rows.find((r) => r.code === code)?.count ?? 0;

function MerchantFigures({ overview }: { overview: Overview }) {
  const t = useT();
  const waiting = overview.openApplications.reduce((sum, r) => sum + r.count, 0);
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <LinkedFigure
        icon={<ShopOutlined />}
        title={t('page.merchantDashboard.active')}
        value={countOf(overview.byStatus, MerchantStatus.active)}
        caption={t('page.merchantDashboard.suspended', { count: formatThousands(countOf(overview.byStatus, MerchantStatus.suspended)) })}
        to={LIST_LINKS.active}
      />
      <LinkedFigure
        icon={<AuditOutlined />}
        title={t('page.merchantDashboard.waiting')}
        value={waiting}
        tone={waiting ? 'warning' : undefined}
        caption={t('page.merchantDashboard.underReview', { count: formatThousands(countOf(overview.openApplications, 1)) })}
        to={LIST_LINKS.waiting}
      />
      <LinkedFigure
        icon={<EnvironmentOutlined />}
        title={t('page.merchantDashboard.sites')}
        value={overview.sitesHosted}
        caption={t('page.merchantDashboard.sitesCaption')}
        to={LIST_LINKS.sites}
      />
      <LinkedFigure
        icon={<SwapOutlined />}
        title={t('page.merchantDashboard.month')}
        value={formatMoney(overview.monthAmount, overview.currency)}
        caption={t('page.merchantDashboard.monthSwaps', { count: formatThousands(overview.monthSwaps) })}
        to={LIST_LINKS.swaps}
      />
    </Row>
  );
}

type TopRow = MerchantRevenue & { label: string };

function MerchantCharts({ overview }: { overview: Overview }) {
  const t = useT();
  const counted = useDictCounts('merchants_status', overview.byStatus, 'code');
  // An empty slice draws only its label, over its neighbour's.
  const statuses = useMemo(() => counted.filter((s) => s.count > 0), [counted]);
  const merchants = useMemo<ChartSeries<LabelledCount>[]>(() => [{ field: 'count', label: t('page.merchantDashboard.merchantsSeries') }], [t]);
  const top = useMemo<TopRow[]>(() => overview.top.map((m) => ({ ...m, label: m.name })), [overview.top]);
  const revenue = useMemo<ChartSeries<TopRow>[]>(
    () => [{ field: 'amount', label: t('page.merchantDashboard.revenueSeries', { currency: overview.currency }) }],
    [t, overview.currency],
  );
  return (
    <>
      <Col xs={24} xl={12}>
        <Chart
          kind="pie"
          title={t('page.merchantDashboard.byStatus')}
          data={statuses}
          x="label"
          xLabel={t('page.merchantDashboard.status')}
          series={merchants}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          horizontal
          title={t('page.merchantDashboard.top')}
          data={top}
          x="label"
          xLabel={t('page.merchantDashboard.merchant')}
          series={revenue}
          height={300}
        />
      </Col>
    </>
  );
}
