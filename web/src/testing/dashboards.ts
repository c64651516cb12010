import { fireEvent, screen, within } from '@testing-library/react';
import { tr } from '../lib/i18n';

/** The figure a module Home's statistic card shows under its title (`titleKey`), with its suffix. */
export const figure = (titleKey: string) =>
  (screen.getByText(tr(titleKey)).closest('.ant-statistic') as HTMLElement).querySelector('.ant-statistic-content')!.textContent;

/** A chart's rows as its table shows them (the chart switched to its table first), header left out. */
export const chartRows = (titleKey: string, params?: Record<string, string | number>) => {
  const region = screen.getByRole('region', { name: tr(titleKey, params) });
  fireEvent.click(within(region).getByRole('radio', { name: tr('engine.chart.asTable') }));
  return within(within(region).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
};
