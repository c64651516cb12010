import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tr } from '../../lib/i18n';
import { loadTestCatalogue } from '../../testing/catalogue';
import { Chart } from './Chart';

// The chunk with ECharts cannot be fetched (offline, or replaced by a new deployment).
vi.mock('./EChartsView', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(() => void loadTestCatalogue('ID'));
afterEach(() => vi.restoreAllMocks());

describe('a chart whose drawing cannot load', () => {
  it('says so and shows its data as a table', async () => {
    // React reports the caught failure on the console; it is the point of this test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Chart
        kind="line"
        title="Perubahan per hari"
        data={[
          { day: '2026-03-01', n: 4 },
          { day: '2026-03-02', n: 1200 },
        ]}
        x="day"
        xLabel="Hari"
        series={[{ field: 'n', label: 'Perubahan' }]}
      />,
    );
    expect(await screen.findByText(tr('engine.chart.loadFailed'))).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Perubahan' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '1,200' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Perubahan per hari/ })).toBeNull();
  });
});
