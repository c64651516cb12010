import { useMemo } from 'react';
import { DASHBOARD_DAYS, type DashboardPage } from '@kayuh/contract/api/dashboard';
import { useT } from '../../../lib/i18n';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartSeries } from '../../../shared/chart/chartTypes';

type PageRow = { page: string; count: number };

/**
 * The pages most changes were made on. Their titles are page keys (the operation journal's JOURNAL_TITLES), read in
 * the caller's language as the journal reads them.
 */
export function TopPagesChart({ pages }: { pages: DashboardPage[] }) {
  const t = useT();
  const rows = useMemo<PageRow[]>(() => pages.map((page) => ({ page: t(page.title), count: page.count })), [pages, t]);
  const series = useMemo<ChartSeries<PageRow>[]>(() => [{ field: 'count', label: t('page.configureDashboard.changes') }], [t]);
  return (
    <Chart
      kind="bar"
      horizontal
      title={t('page.configureDashboard.topPages', { days: DASHBOARD_DAYS })}
      data={rows}
      x="page"
      xLabel={t('page.configureDashboard.page')}
      series={series}
    />
  );
}
