import { Col } from 'antd';
import { useMemo } from 'react';
import type { StateCount, VehicleDashboard } from '@kayuh/contract/api/vehicleDashboard';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartSeries } from '../../../shared/chart/chartTypes';
import { useDictLabel } from '../../../shared/resource/optionsApi';

type StateRow = { state: string; count: number };
type ModelRow = { model: string; count: number };

/** Each state code's label from its dictionary, in the console's language (the catalogue's own until it is read). */
function useStateRows(dictType: string, counts: StateCount[]): StateRow[] {
  const label = useDictLabel(dictType);
  return useMemo(() => counts.map((row) => ({ state: label(row.state), count: row.count })), [label, counts]);
}

/**
 * The fleet by op_state and the batteries by state (every state, zeros included: an empty state is news too), and the
 * vehicles per model. Bars run left to right so that every state's name reads whole.
 */
export function FleetCharts({ overview }: { overview: VehicleDashboard }) {
  const t = useT();
  const states = useStateRows('vehicles_op_state', overview.byState);
  const batteryStates = useStateRows('batteries_state', overview.batteriesByState);
  const models = useMemo<ModelRow[]>(() => overview.byModel.map((m) => ({ model: m.name, count: m.count })), [overview.byModel]);
  const vehicleSeries = useMemo<ChartSeries<StateRow>[]>(() => [{ field: 'count', label: t('page.vehicleDashboard.vehicles') }], [t]);
  const batterySeries = useMemo<ChartSeries<StateRow>[]>(() => [{ field: 'count', label: t('page.vehicleDashboard.batteries') }], [t]);
  const modelSeries = useMemo<ChartSeries<ModelRow>[]>(() => [{ field: 'count', label: t('page.vehicleDashboard.vehicles') }], [t]);
  return (
    <>
      <Col xs={24} xl={12}>
        <Chart
          kind="bar"
          horizontal
          title={t('page.vehicleDashboard.byState')}
          data={states}
          x="state"
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
          x="state"
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
