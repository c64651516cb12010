import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import type { OperationsDashboard as Overview } from '@kayuh/contract/api/operationsDashboard';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { OPEN_TICKET_STATES } from '@kayuh/contract/resources/tickets';
import { formatThousands } from '@kayuh/contract/rules/format';
import { ClockCircleOutlined, ScheduleOutlined, SwapOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartSeries } from '../../../shared/chart/chartTypes';
import { DashboardSection } from '../../../shared/dashboard/DashboardSection';
import { LinkedFigure } from '../../../shared/dashboard/LinkedFigure';
import { useDictLabel } from '../../../shared/resource/optionsApi';
import { useConfigStore } from '../../../stores/configStore';
import { LIST_LINKS, operationsDashboardQuery } from './operationsDashboardApi';
import { TicketMapCard } from './TicketMapCard';

/**
 * The operations centre Home's dashboard (DOMAIN §1.2) for the city chosen in the header: open tickets and those past
 * due, today's submits within their SLA, low-battery and silent vehicles, today's swaps, and the open tickets by type
 * and status.
 */
export default function OperationsDashboard({ module }: { module: ModuleDef }) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const overview = useQuery(operationsDashboardQuery(tenantId, cityCode));
  return (
    <DashboardSection
      label={t('page.vehicleDashboard.label', { module: t(module.title) })}
      query={overview}
      failed={t('page.operationsDashboard.failed')}
      retry={t('page.vehicleDashboard.retry')}
    >
      {(data) => (
        <>
          <OperationsFigures overview={data} />
          <Row gutter={[16, 16]}>
            <Col xs={24}>
              <OpenTicketsChart overview={data} />
            </Col>
            <Col xs={24}>
              <TicketMapCard />
            </Col>
          </Row>
        </>
      )}
    </DashboardSection>
  );
}

function OperationsFigures({ overview }: { overview: Overview }) {
  const t = useT();
  const open = overview.openByTypeStatus.reduce((sum, r) => sum + r.count, 0);
  const n = (count: number) => formatThousands(count);
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <LinkedFigure
        icon={<ScheduleOutlined />}
        title={t('page.operationsDashboard.open')}
        value={open}
        caption={t('page.operationsDashboard.overdue', { count: n(overview.overdue) })}
        tone={overview.overdue ? 'warning' : undefined}
        links={[{ to: LIST_LINKS.overdue, label: t('page.operationsDashboard.overdueFirst') }]}
        to={LIST_LINKS.open}
      />
      <LinkedFigure
        icon={<ClockCircleOutlined />}
        title={t('page.operationsDashboard.withinSla')}
        value={`${n(overview.withinSlaToday)} / ${n(overview.submittedToday)}`}
        caption={t('page.operationsDashboard.withinSlaCaption')}
        to={LIST_LINKS.submitted}
      />
      <LinkedFigure
        icon={<ThunderboltOutlined />}
        title={t('page.operationsDashboard.lowBattery')}
        value={overview.lowBattery}
        tone={overview.lowBattery ? 'warning' : undefined}
        caption={t('page.operationsDashboard.offline', { count: n(overview.offline) })}
        links={[{ to: LIST_LINKS.offline, label: t('page.operationsDashboard.offlineLink') }]}
        to={LIST_LINKS.lowBattery}
      />
      <LinkedFigure
        icon={<SwapOutlined />}
        title={t('page.operationsDashboard.swapsToday')}
        value={overview.ticketSwapsToday + overview.cabinetSwapsToday}
        caption={t('page.operationsDashboard.swapsCaption', { tickets: n(overview.ticketSwapsToday), cabinets: n(overview.cabinetSwapsToday) })}
        to={LIST_LINKS.swaps}
      />
    </Row>
  );
}

type TypeRow = Record<string, string | number>;

/** One bar per ticket type, stacked by open status. */
function OpenTicketsChart({ overview }: { overview: Overview }) {
  const t = useT();
  const typeLabel = useDictLabel('tickets_type');
  const statusLabel = useDictLabel('tickets_status');
  const rows = useMemo<TypeRow[]>(() => {
    const types = [...new Set(overview.openByTypeStatus.map((r) => r.type))].sort((a, b) => a - b);
    return types.map((type) => ({
      label: typeLabel(type),
      ...Object.fromEntries(
        OPEN_TICKET_STATES.map((s) => [`s${s}`, overview.openByTypeStatus.find((r) => r.type === type && r.status === s)?.count ?? 0]),
      ),
    }));
  }, [overview.openByTypeStatus, typeLabel]);
  const series = useMemo<ChartSeries<TypeRow>[]>(
    () => OPEN_TICKET_STATES.map((s) => ({ field: `s${s}`, label: statusLabel(s), stack: 'open' })),
    [statusLabel],
  );
  return (
    <Chart
      kind="bar"
      title={t('page.operationsDashboard.byTypeStatus')}
      data={rows}
      x="label"
      xLabel={t('page.operationsDashboard.type')}
      series={series}
    />
  );
}
