import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatThousands } from '@kayuh/contract/rules/format';
import { categoryOf, drawnSeries } from './chartSummary';
import type { ChartProps, ChartRow } from './chartTypes';

/**
 * The chart's data as a table: what the "Table" toggle shows, and what stands in when the chart cannot load.
 * It keeps the chart's height and scrolls, so switching does not move the rest of the page.
 */
export function ChartTable({ kind, title, data, x, xLabel, series, height }: ChartProps) {
  const columns: ColumnsType<ChartRow> = [
    { title: xLabel, dataIndex: x, key: x },
    ...drawnSeries(kind, series).map((s) => ({
      title: s.label,
      dataIndex: s.field,
      key: s.field,
      align: 'right' as const,
      render: (value: unknown) => formatThousands(value),
    })),
  ];
  return (
    // Focusable so a keyboard can scroll it; named after the chart it stands for.
    <div role="group" aria-label={title} tabIndex={0} className="kayuh-chart__table" style={{ maxHeight: height, overflow: 'auto' }}>
      <Table<ChartRow> size="small" columns={columns} dataSource={[...data]} rowKey={(row) => categoryOf(row, x)} pagination={false} />
    </div>
  );
}
