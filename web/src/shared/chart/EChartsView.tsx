import { useEffect, useMemo, useRef } from 'react';
import { chartOption } from './chartOption';
import { useChartTheme } from './chartTheme';
import type { ChartProps } from './chartTypes';
import { init, type EChartsType } from './echartsCore';

/**
 * The drawing itself (Chart loads it lazily, with ECharts): made once per mount, given a new option when the data or
 * the theme changes, resized with its container, disposed on unmount.
 */
export default function EChartsView(props: ChartProps & { height: number }) {
  const { kind, title, data, x, xLabel, series, height, horizontal, axisLabel } = props;
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const theme = useChartTheme();

  useEffect(() => {
    const instance = init(element.current!, null, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current!);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  // Callers often build their rows and series inline: the option follows what they hold, not their identity.
  const content = JSON.stringify([data, series]);
  const option = useMemo(
    () => chartOption({ kind, title, data, x, xLabel, series, horizontal, axisLabel }, theme),
    [kind, title, content, x, xLabel, horizontal, axisLabel, theme],
  );
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={element} className="kayuh-chart__canvas" style={{ width: '100%', height }} />;
}
