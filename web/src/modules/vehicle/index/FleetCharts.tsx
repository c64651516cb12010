import { Col } from 'antd';
import { useMemo } from 'react';
import type { VehicleDashboard } from '@kayuh/contract/api/vehicleDashboard';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartSeries } from '../../../shared/chart/chartTypes';
import { useDictCounts, type LabelledCount } from '../../../shared/chart/useDictCounts';

type ModelRow = { model: string; count: number };

/**
 * The fleet by op_state and the batteries by state (every state, zeros included: an empty state is news too), and the
 * vehicles per model. Bars run left to right so that every state's name reads whole.
 */
export function FleetCharts({ overview }: { overview: VehicleDashboard }) {
  const t = useT();
  const states = useDictCounts('vehicles_op_state', overview.byState, 'state');
  const batteryStates = useDictCounts('batteries_state', overview.batteriesByState, 'state');
  const models = useMemo<ModelRow[]>(() => overview.byModel.map((m) => ({ model: m.name, count: m.count })), [overview.byModel]);
  const vehicleSeries = useMemo<ChartSeries<LabelledCount>[]>(() => [{ field: 'count', label: t('page.vehicleDashboard.vehicles') }], [t]);
  const batterySeries = useMemo<ChartSeries<LabelledCount>[]>(() => [{ field: 'count', label: t('page.vehicleDashboard.batteries') }], [t]);
  const modelSeries = useMemo<ChartSeries<ModelRow>[]>(() => [{ field: 'count', label: t('page.vehicleDashboard.vehicles') }], [t]);
  return (
    <>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          horizontal
          title={t('page.vehicleDashboard.byState')}
          data={states}
          x="label"
          xLabel={t('page.vehicleDashboard.state')}
          series={vehicleSeries}
          height={360}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          horizontal
          title={t('page.vehicleDashboard.batteriesByState')}
          data={batteryStates}
          x="label"
          xLabel={t('page.vehicleDashboard.state')}
          series={batterySeries}
          height={360}
        />
      </Col>
      <Col xs={24}>
        <Chart
          kind="bar"
          horizontal
          title={t('page.vehicleDashboard.byModel')}
          data={models}
          x="model"
          xLabel={t('page.vehicleDashboard.model')}
          series={modelSeries}
          height={Math.max(160, 48 + 32 * models.length)}
        />
      </Col>
    </>
  );
}
