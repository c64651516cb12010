import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { DatasetComponentOption, GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatThousands } from '@kayuh/contract/rules/format';
import type { ChartTheme } from './chartTheme';
import type { ChartProps } from './chartTypes';
import { valueOf } from './chartSummary';

export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | DatasetComponentOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** The widest a category name may run beside horizontal bars before it is cut short (the tooltip keeps it whole). */
const CATEGORY_LABEL_WIDTH = 160;

const numberText = (value: unknown) => formatThousands(value);

/** What every kind shares: the palette (a series' own colour first), the font, the tooltip's card, the legend. */
function common({ kind, series }: ChartProps, theme: ChartTheme): ChartOption {
  // A pie colours its slices, not its series: the palette from its start, each slice its own colour.
  const own = kind === 'pie' ? [] : series.map((s, i) => s.color ?? theme.palette[i % theme.palette.length]!);
  return {
    color: [...own, ...theme.palette.filter((colour) => !own.includes(colour))],
    textStyle: { fontFamily: theme.fontFamily, fontSize: theme.fontSize, color: theme.textSecondary },
    tooltip: {
      backgroundColor: theme.tooltipBackground,
      borderColor: theme.tooltipBorder,
      textStyle: { color: theme.text, fontFamily: theme.fontFamily, fontSize: theme.fontSize },
      extraCssText: `box-shadow: ${theme.tooltipShadow}; border-radius: ${theme.borderRadius}px;`,
      valueFormatter: numberText,
    },
    legend: { top: 0, icon: 'roundRect', itemWidth: 12, itemHeight: 8, textStyle: { color: theme.text } },
    animationDuration: 400,
  };
}

function cartesian(props: ChartProps, theme: ChartTheme): ChartOption {
  const { kind, data, x, series, horizontal, axisLabel } = props;
  // Counts get whole-number ticks; amounts keep their decimals.
  const whole = data.every((row) => series.every((s) => Number.isInteger(valueOf(row, s.field))));
  const category = {
    type: 'category' as const,
    inverse: horizontal,
    axisTick: { show: false },
    axisLine: { lineStyle: { color: theme.axisLine } },
    axisLabel: {
      color: theme.textSecondary,
      formatter: axisLabel,
      ...(horizontal ? { width: CATEGORY_LABEL_WIDTH, overflow: 'truncate' as const } : { hideOverlap: true }),
    },
  };
  const value = {
    type: 'value' as const,
    minInterval: whole ? 1 : undefined,
    axisLabel: { color: theme.textSecondary, formatter: numberText },
    splitLine: { lineStyle: { color: theme.splitLine } },
  };
  const legend = series.length > 1;
  return {
    legend: { show: legend },
    // The axis labels are inside the drawing's box, so the card never cuts them off.
    grid: { left: 4, right: 16, top: legend ? 32 : 12, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: { trigger: 'axis', axisPointer: { type: kind === 'bar' ? 'shadow' : 'line' } },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: series.map((s) => {
      const encode = horizontal ? { x: s.field, y: x } : { x, y: s.field };
      return kind === 'bar'
        ? {
            type: 'bar',
            name: s.label,
            stack: s.stack,
            encode,
            barMaxWidth: 28,
            itemStyle: { borderRadius: horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0] },
          }
        : { type: 'line', name: s.label, stack: s.stack, encode, symbolSize: 6, showSymbol: data.length <= 31, lineStyle: { width: 2 } };
    }),
  };
}

function pie(props: ChartProps, theme: ChartTheme): ChartOption {
  const first = props.series[0];
  return {
    legend: { show: true, type: 'plain' },
    tooltip: { trigger: 'item' },
    series: first
      ? [
          {
            type: 'pie',
            name: first.label,
            top: 28,
            radius: ['42%', '72%'],
            encode: { itemName: props.x, value: first.field },
            itemStyle: { borderColor: theme.background, borderWidth: 2 },
            label: { color: theme.text, formatter: '{b}: {d}%' },
          },
        ]
      : [],
  };
}

/** The ECharts option for a chart: its data as a dataset, drawn the console's way. */
export function chartOption(props: ChartProps, theme: ChartTheme): ChartOption {
  const base = common(props, theme);
  const own = props.kind === 'pie' ? pie(props, theme) : cartesian(props, theme);
  return {
    ...base,
    ...own,
    legend: { ...(base.legend as LegendComponentOption), ...(own.legend as LegendComponentOption) },
    tooltip: { ...(base.tooltip as TooltipComponentOption), ...(own.tooltip as TooltipComponentOption) },
    dataset: { dimensions: [props.x, ...props.series.map((s) => s.field)], source: props.data as Record<string, unknown>[] },
  };
}
