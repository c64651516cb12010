import { formatThousands } from '@kayuh/contract/rules/format';
import type { TFunction } from '../../lib/i18n';
import type { ChartProps, ChartRow, ChartSeries } from './chartTypes';

/** A row's category as text; a missing one reads as empty rather than 'undefined'. */
export const categoryOf = (row: ChartRow, x: string): string => String(row[x] ?? '');

/** A row's number for a series; what is not a number counts as nothing. */
export function valueOf(row: ChartRow, field: string): number {
  const value = Number(row[field]);
  return Number.isFinite(value) ? value : 0;
}

/** The series a kind draws: a pie shows the first one's shares. */
export const drawnSeries = (kind: ChartProps['kind'], series: readonly ChartSeries[]) => (kind === 'pie' ? series.slice(0, 1) : series);

/**
 * What the chart shows, in words, for those who cannot see it (its aria-label): the kind, the title, the span of
 * categories, and per series its total and its highest point.
 */
export function chartSummary({ kind, title, data, x, series }: ChartProps, t: TFunction): string {
  const categories = data.map((row) => categoryOf(row, x));
  const parts = drawnSeries(kind, series).map((s) => {
    const values = data.map((row) => valueOf(row, s.field));
    const max = Math.max(...values);
    return t('engine.chart.seriesSummary', {
      label: s.label,
      total: formatThousands(values.reduce((sum, v) => sum + v, 0)),
      max: formatThousands(max),
      at: categories[values.indexOf(max)] ?? '',
    });
  });
  return t('engine.chart.summary', {
    kind: t(`engine.chart.kind.${kind}`),
    title,
    count: data.length,
    first: categories[0] ?? '',
    last: categories.at(-1) ?? '',
    series: parts.join('; '),
  });
}
