// ECharts from its core with only what the console draws: line, bar and pie over a dataset, with grid, tooltip and
// legend, painted as SVG (crisp at any zoom, text selectable, and testable in a DOM without a canvas). Titles are the
// card's own heading, so ECharts' title component is not loaded.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([LineChart, BarChart, PieChart, DatasetComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { init };
export type { EChartsType } from 'echarts/core';
