import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { getInstanceByDom } from 'echarts/core';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tr } from '../../lib/i18n';
import { loadTestCatalogue } from '../../testing/catalogue';
import { Chart } from './Chart';
import { sizeChartsForTests } from './chartTesting';
import type { ChartProps } from './chartTypes';

const size = sizeChartsForTests();
beforeEach(() => void loadTestCatalogue('EN'));
afterEach(() => {
  size.width = 600;
  vi.unstubAllGlobals();
});

const BRAND = '#0b7f60';
const FAILURE = '#d4380d';
const days = [
  { day: '2026-03-01', signIns: 1234, failed: 2 },
  { day: '2026-03-02', signIns: 980, failed: 0 },
  { day: '2026-03-03', signIns: 1501, failed: 7 },
];
const props: ChartProps = {
  kind: 'bar',
  title: 'Sign-ins per day',
  data: days,
  x: 'day',
  xLabel: 'Day',
  series: [
    { field: 'signIns', label: 'Sign-ins' },
    { field: 'failed', label: 'Failed', color: FAILURE },
  ],
};
const themed = (node: ReactNode) => render(<ConfigProvider theme={{ token: { colorPrimary: BRAND } }}>{node}</ConfigProvider>);

/** The drawing, once ECharts has loaded and painted it. */
async function drawing(name = /Sign-ins per day/) {
  const img = await screen.findByRole('img', { name });
  return waitFor(() => {
    const svg = img.querySelector('svg');
    expect(svg?.querySelectorAll('text').length).toBeGreaterThan(0);
    return svg!;
  });
}
const texts = (svg: SVGElement) => [...svg.querySelectorAll('text')].map((node) => node.textContent);
const filled = (svg: SVGElement, colour: string) => [...svg.querySelectorAll('path')].filter((p) => p.getAttribute('fill')?.toLowerCase() === colour);

describe('the chart block', () => {
  it('draws the series as SVG in the theme colours, with the categories on the axis and a legend', async () => {
    themed(<Chart {...props} />);
    const svg = await drawing();
    expect(texts(svg)).toEqual(expect.arrayContaining(['2026-03-01', '2026-03-02', '2026-03-03', 'Sign-ins', 'Failed']));
    // One bar per day per series (and one legend mark each): the first series in the brand colour, the failures in theirs.
    expect(filled(svg, BRAND)).toHaveLength(days.length + 1);
    expect(filled(svg, FAILURE)).toHaveLength(days.length + 1);
    // Counts are grouped like everywhere in the console.
    expect(texts(svg)).toContain('1,500');
  });

  it('says what it shows to a screen reader', async () => {
    themed(<Chart {...props} />);
    const img = await screen.findByRole('img');
    expect(img.getAttribute('aria-label')).toBe(
      'Bar chart “Sign-ins per day”: 3 entries, from 2026-03-01 to 2026-03-03. ' +
        'Sign-ins: total 3,715, highest 1,501 (2026-03-03); Failed: total 9, highest 7 (2026-03-03)',
    );
  });

  it('shows the same numbers as a table, and the chart again', async () => {
    themed(<Chart {...props} />);
    await drawing();
    const region = screen.getByRole('region', { name: 'Sign-ins per day' });
    fireEvent.click(within(region).getByRole('radio', { name: tr('engine.chart.asTable') }));
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Sign-ins', 'Failed']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2026-03-01', '1,234', '2'],
      ['2026-03-02', '980', '0'],
      ['2026-03-03', '1,501', '7'],
    ]);
    expect(screen.queryByRole('img', { name: /Sign-ins per day/ })).toBeNull();
    fireEvent.click(within(region).getByRole('radio', { name: tr('engine.chart.asChart') }));
    await drawing();
    expect(within(region).queryByRole('table')).toBeNull();
  });

  it('says there is no data instead of drawing empty axes', async () => {
    themed(<Chart {...props} data={[]} />);
    const region = screen.getByRole('region', { name: 'Sign-ins per day' });
    expect(within(region).getByText(tr('engine.chart.empty'))).toBeTruthy();
    expect(within(region).queryByRole('img')).toBeNull();
    expect(within(region).queryByRole('radiogroup')).toBeNull();
  });

  it('draws lines, horizontal bars with the categories top to bottom, and a pie of the first series', async () => {
    const { unmount } = themed(<Chart {...props} kind="line" />);
    let svg = await drawing();
    expect(filled(svg, BRAND).length).toBeGreaterThan(0);
    expect(texts(svg)).toEqual(expect.arrayContaining(['Sign-ins', 'Failed', '2026-03-02']));
    unmount();

    const pages = [
      { page: 'Users', count: 40 },
      { page: 'Roles', count: 12 },
    ];
    const horizontal = themed(
      <Chart kind="bar" horizontal title="Pages" data={pages} x="page" xLabel="Page" series={[{ field: 'count', label: 'Changes' }]} />,
    );
    svg = await drawing(/Pages/);
    const label = (text: string) => [...svg.querySelectorAll('text')].find((node) => node.textContent === text)!;
    const top = (node: Element) => Number(/translate\([\d.]+ ([\d.]+)\)/.exec(node.getAttribute('transform') ?? '')![1]);
    expect(top(label('Users'))).toBeLessThan(top(label('Roles')));
    horizontal.unmount();

    themed(<Chart kind="pie" title="Shares" data={pages} x="page" xLabel="Page" series={[{ field: 'count', label: 'Changes' }]} />);
    svg = await drawing(/Pie chart “Shares”/);
    expect(texts(svg)).toEqual(expect.arrayContaining(['Users', 'Roles']));
    // Each slice its own colour: the brand's for the first only (its slice and its legend mark).
    expect(filled(svg, BRAND)).toHaveLength(2);
  });

  it('follows its container when it is resized, and lets go of ECharts when it leaves', async () => {
    const observers: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observers.push(this.callback);
        }
        disconnect() {}
        unobserve() {}
      },
    );
    const { unmount } = themed(<Chart {...props} />);
    const svg = await drawing();
    expect(svg.getAttribute('width')).toBe('600');
    size.width = 420;
    act(() => observers.forEach((callback) => callback()));
    await waitFor(() => expect(screen.getByRole('img').querySelector('svg')!.getAttribute('width')).toBe('420'));

    const canvas = screen.getByRole('img').querySelector<HTMLElement>('.kayuh-chart__canvas')!;
    expect(getInstanceByDom(canvas)).toBeDefined();
    unmount();
    expect(getInstanceByDom(canvas)).toBeUndefined();
  });
});
