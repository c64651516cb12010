/** What a chart can draw: a line or bar per series over the categories, or one series' shares as a pie. */
export type ChartKind = 'line' | 'bar' | 'pie';

/** One row of a chart's data, as the chart's parts read it: the category under `x`, a number under each series' field. */
export type ChartRow = Readonly<Record<string, unknown>>;

export interface ChartSeries<Row extends object = ChartRow> {
  /** The row field holding this series' numbers. */
  field: keyof Row & string;
  /** Its translated name (legend, tooltip, table header, summary). */
  label: string;
  /** Series with the same stack name are stacked (bar and line). */
  stack?: string;
  /** A colour that means something (failures in the error colour); otherwise the next of the palette. */
  color?: string;
}

/** What a chart is given; `Row` is the caller's row type, so `x` and the series' fields are checked against it. */
export interface ChartProps<Row extends object = ChartRow> {
  kind: ChartKind;
  /** The translated title: the card's heading, the table's and the summary's name for the chart. */
  title: string;
  data: readonly Row[];
  /** The row field holding the category (a day, a page, a city). */
  x: keyof Row & string;
  /** The category column's header in the table. */
  xLabel: string;
  /** A pie draws only the first. */
  series: readonly ChartSeries<Row>[];
  /** The drawing's height in pixels; the width follows the container. */
  height?: number;
  /** Bars run left to right, categories top to bottom (long category names). */
  horizontal?: boolean;
  /** How a category reads on the axis (a day without its year, say); the table and the tooltip keep it whole. */
  axisLabel?: (category: string) => string;
}
