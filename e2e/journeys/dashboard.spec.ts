import { expect, test } from '@playwright/test';
import { DASHBOARD_DAYS } from '../../contract/src/api/dashboard.ts';
import { apiSignIn, id, screenshot, signIn } from '../support/console.ts';

test("the System management Home shows today's figures and charts that read as tables too", async ({ page, request }) => {
  // A change made today, so the most-worked pages name one.
  const session = await apiSignIn(request, 'kitabike.admin');
  const added = await request.post('/api/system/post/add', {
    headers: { token: session.token, userid: String(session.userId) },
    data: { postCode: 'DASH_E2E', postName: 'Dashboard E2E', postSort: 90, status: '0' },
  });
  expect((await added.json()).code).toBe(1000);

  await signIn(page, 'kitabike.admin');
  await page.goto('/configure');
  const dashboard = page.getByRole('region', { name: id('page.configureDashboard.label', { module: id('menu.configure') }) });
  const figure = (key: string) =>
    dashboard
      .locator('.ant-statistic')
      .filter({ has: page.getByText(id(key), { exact: true }) })
      .locator('.ant-statistic-content-value');
  // Two sign-ins today at least (the API's and this page's), the change above, and the tenant's cities.
  await expect(figure('page.configureDashboard.signInsToday')).toHaveText(/^([2-9]|\d{2,})/);
  await expect(figure('page.configureDashboard.failedSignInsToday')).toHaveText(/^\d+$/);
  await expect(figure('page.configureDashboard.changesToday')).toHaveText(/^[1-9]/);
  await expect(figure('page.configureDashboard.cities')).toHaveText(/^[1-9]/);

  const signIns = dashboard.getByRole('region', { name: id('page.configureDashboard.signInsPerDay', { days: DASHBOARD_DAYS }) });
  const drawing = signIns.getByRole('img', { name: new RegExp(id('engine.chart.kind.line')) });
  await expect(drawing.locator('svg')).toBeVisible();
  await expect(drawing.locator('svg text', { hasText: id('page.configureDashboard.failedSignIns') })).toBeVisible();
  await screenshot(page, 'configure-dashboard');

  await signIns.getByText(id('engine.chart.asTable'), { exact: true }).click();
  const rows = signIns.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(DASHBOARD_DAYS + 1);
  // Today is the last row, with the number the card shows.
  const today = await figure('page.configureDashboard.signInsToday').textContent();
  await expect(rows.last().getByRole('cell').nth(1)).toHaveText(today!);
  await expect(drawing).toHaveCount(0);

  const pages = dashboard.getByRole('region', { name: id('page.configureDashboard.topPages', { days: DASHBOARD_DAYS }) });
  await expect(pages.getByRole('img').locator('svg text', { hasText: id('menu.configure.post') })).toBeVisible();
  await pages.getByText(id('engine.chart.asTable'), { exact: true }).click();
  await expect(pages.getByRole('row').filter({ hasText: id('menu.configure.post') })).toHaveCount(1);
  await screenshot(page, 'configure-dashboard-tables');

  // The pages of the module are still one click away, below.
  const tiles = page.getByRole('navigation', { name: id('shell.moduleIndex.pages', { module: id('menu.configure') }) });
  await tiles.getByRole('link', { name: id('menu.configure.post') }).click();
  await expect(page).toHaveURL(/\/configure\/post$/);
});
