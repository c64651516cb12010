import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Alert, Card, Empty, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useT } from '../../lib/i18n';
import './chart.css';
import { ChartLoadBoundary } from './ChartLoadBoundary';
import { chartSummary } from './chartSummary';
import { ChartTable } from './ChartTable';
import type { ChartProps } from './chartTypes';

// ECharts loads with the first chart, never with the sign-in page or the shell.
const EChartsView = lazy(() => import('./EChartsView'));

const DEFAULT_HEIGHT = 280;

type View = 'chart' | 'table';

/**
 * The console's one chart block (DESIGN §1 charts): a titled card drawing rows as a line, bar or pie chart themed
 * from antd, summarised in words for screen readers, and switchable to a table of the same numbers — which is also
 * what shows when the chart cannot load.
 */
export function Chart<Row extends object>(typed: ChartProps<Row>) {
  // The parts read rows by field name; the caller's row type has checked the names.
  const props = typed as unknown as ChartProps;
  const t = useT();
  const [view, setView] = useState<View>('chart');
  const height = props.height ?? DEFAULT_HEIGHT;
  const full = { ...props, height };
  const summary = useMemo(() => chartSummary(props, t), [props, t]);
  const empty = props.data.length === 0;

  const toggle = (
    <Segmented<View>
      size="small"
      aria-label={t('engine.chart.view', { title: props.title })}
      value={view}
      onChange={setView}
      options={[
        { value: 'chart', label: t('engine.chart.asChart'), icon: <BarChartOutlined aria-hidden /> },
        { value: 'table', label: t('engine.chart.asTable'), icon: <TableOutlined aria-hidden /> },
      ]}
    />
  );
  const table = <ChartTable {...full} />;

  return (
    <Card
      size="small"
      role="region"
      aria-label={props.title}
      title={props.title}
      extra={empty ? null : toggle}
      // A long title (some languages run long) wraps rather than being cut short beside the toggle.
      styles={{ title: { whiteSpace: 'normal' } }}
      style={{ height: '100%' }}
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('engine.chart.empty')} style={{ height, margin: 0, alignContent: 'center' }} />
      ) : view === 'table' ? (
        table
      ) : (
        <ChartLoadBoundary
          fallback={
            <>
              <Alert type="warning" showIcon title={t('engine.chart.loadFailed')} style={{ marginBottom: 8 }} />
              {table}
            </>
          }
        >
          <div role="img" aria-label={summary} style={{ height }}>
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
              <EChartsView {...full} />
            </Suspense>
          </div>
        </ChartLoadBoundary>
      )}
    </Card>
  );
}
