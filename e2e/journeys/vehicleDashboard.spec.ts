import { expect, test } from '@playwright/test';
import { apiSignIn, id, screenshot, signIn } from '../support/console.ts';

test("the e-bike centre Home shows the selected city's fleet figures and charts", async ({ page, request }) => {
  // A vehicle of the test's own in Jakarta (the header's first city), whatever demo fleet there is. Its frame number
  // is digits after MH1: a VIN has no I, O or Q, which a base-36 stamp may hold.
  const session = await apiSignIn(request, 'kitabike.admin');
  const headers = { token: session.token, userid: String(session.userId) };
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await (await request.post(`/api${path}`, { headers, data })).json();
    expect(res.code, JSON.stringify(res)).toBe(1000);
    return res.data;
  };
  const stamp = Date.now().toString(36).toUpperCase();
  const brandId = (await post('/operations/brand/add', { name: `E2E bikes ${stamp}`, kind: '1' })).brandId;
  const modelId = (await post('/operations/productModel/add', { modelCode: `E2E-${stamp}`, name: `E2E ${stamp}`, brandId, kind: '1' })).modelId;
  await post('/vehicle/vehicle/add', { vehicleNo: `E2E-${stamp}`, cityCode: 2001, modelId, frameNo: `MH1${Date.now()}` });

  await signIn(page, 'kitabike.admin');
  await page.goto('/vehicle_main');
  const dashboard = page.getByRole('region', { name: id('page.vehicleDashboard.label', { module: id('menu.vehicle') }) });
  const figure = (key: string) =>
    dashboard
      .locator('.ant-statistic')
      .filter({ has: page.getByText(id(key), { exact: true }) })
      .locator('.ant-statistic-content');
  await expect(figure('page.vehicleDashboard.inService')).toHaveText(/^\d[\d,]*$/);
  await expect(figure('page.vehicleDashboard.onlineRate')).toHaveText(/^(--|[\d.]+%)$/);
  await expect(figure('page.vehicleDashboard.averageSoc')).toHaveText(/^(--|[\d.]+%)$/);
  await expect(figure('page.vehicleDashboard.lowBattery')).toHaveText(/^\d[\d,]*$/);

  // The fleet by op_state names every state by its dictionary label, in stock among them.
  const byState = dashboard.getByRole('region', { name: id('page.vehicleDashboard.byState') });
  const drawing = byState.getByRole('img', { name: new RegExp(id('engine.chart.kind.bar')) });
  await expect(drawing.locator('svg')).toBeVisible();
  await expect(drawing.locator('svg text', { hasText: id('dict.vehicles_op_state.10') })).toBeVisible();
  const byModel = dashboard.getByRole('region', { name: id('page.vehicleDashboard.byModel') });
  await byModel.getByText(id('engine.chart.asTable'), { exact: true }).click();
  await expect(byModel.getByRole('row').filter({ hasText: `E2E ${stamp}` })).toHaveCount(1);
  await screenshot(page, 'vehicle-dashboard');

  // The pages of the module stay below.
  const tiles = page.getByRole('navigation', { name: id('shell.moduleIndex.pages', { module: id('menu.vehicle') }) });
  await expect(tiles.getByRole('link', { name: id('menu.vehicle.vehicle') })).toBeVisible();
});
