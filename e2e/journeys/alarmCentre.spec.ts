import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, id, screenshot, signIn } from '../support/console.ts';

const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

test('an offline vehicle raises an alarm the header shows; it is taken on, resolved, and read back in the history', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'gowesbali.ops.denpasar');

  // The tenant's own ALARM task, run now rather than at its next :30: the demo's silent vehicles go offline.
  await page.goto('/alarm_main/timed_task');
  await row(page, 'Alarm kendaraan offline')
    .getByRole('button', { name: /Lainnya/ })
    .click();
  await page.getByRole('menuitem', { name: id('page.timedTask.runNow') }).click();
  await expect(page.getByText(id('page.timedTask.runStarted'))).toBeVisible();

  // The Home counts them.
  await page.goto('/alarm_main');
  const open = page.locator('.ant-statistic').filter({ hasText: id('page.alarmDashboard.open') });
  await expect(open.locator('.ant-statistic-content')).toHaveText(/^[1-9][\d.,]*$/);
  await screenshot(page, 'alarm-home');

  await page.goto('/alarm_main/alarm_list');
  const offline = row(page, id('dict.alarms_alarm_code.OFFLINE'));
  await expect(offline.first()).toBeVisible();
  await expect(page.getByRole('button', { name: id('alarm.indicator.on') })).toBeVisible();
  const alarmNo = (await offline.first().locator('td').nth(1).innerText()).trim();
  expect(alarmNo).toMatch(/^AL\d{14}$/);
  await screenshot(page, 'alarm-list');

  // Taken on, then resolved with what was done: it leaves the list.
  await row(page, alarmNo)
    .getByRole('button', { name: id('transition.acknowledge') })
    .click();
  await expect(row(page, alarmNo)).toContainText(id('dict.alarms_status.1'));
  await row(page, alarmNo)
    .getByRole('button', { name: id('transition.resolve') })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: id('transition.resolve') }).click();
  await expect(dialog.getByText(id('validation.required'))).toBeVisible();
  await dialog.getByLabel(id('field.alarm.resolution')).fill('Box restarted on site, reporting again');
  await dialog.getByRole('button', { name: id('transition.resolve') }).click();
  await expect(row(page, alarmNo)).toHaveCount(0);

  // The history holds it with how it ended, and its timeline from the raise to the resolution.
  await page.goto('/alarm_main/history');
  await expect(row(page, alarmNo)).toContainText('Box restarted on site, reporting again');
  await row(page, alarmNo)
    .getByRole('button', { name: id('action.view') })
    .click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: id('engine.detail.history') }).click();
  const entries = drawer.locator('.ant-timeline-item');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(id('transition.resolve'));
  await expect(entries.nth(0)).toContainText('Box restarted on site, reporting again');
  await expect(entries.nth(1)).toContainText(id('transition.acknowledge'));
  await expect(entries.nth(1)).toContainText(id('engine.events.by', { name: 'gowesbali.ops.denpasar' }));
  await expect(entries.nth(2)).toContainText(id('transition.raised'));
  await screenshot(page, 'alarm-history');
});

test("a vehicle's frames are drawn on the monitoring page: SOC, speed, signal and its track, above the raw frames", async ({ page, request }) => {
  const session = await apiSignIn(request, 'gowesbali.ops.denpasar');
  const headers = { token: session.token, userid: String(session.userId) };
  const newest = await (await request.post('/api/alarm/monitoringData/list', { headers, data: { pageSize: 1 } })).json();
  const { vehicleId, vehicleIdLabel } = newest.rows[0] as { vehicleId: number; vehicleIdLabel: string };

  await signIn(page, 'gowesbali.ops.denpasar');
  await page.goto('/alarm_main/monitoring_data');
  await expect(page.getByText(id('monitoring.pickVehicle'))).toBeVisible();
  await page.goto(`/alarm_main/monitoring_data?vehicleId=${vehicleId}`);
  await expect(page.getByText(`${vehicleIdLabel} · ${id('monitoring.frames', { count: 240 })}`)).toBeVisible();
  for (const title of ['monitoring.soc', 'monitoring.speed', 'monitoring.signal'])
    await expect(page.locator('.ant-card-head-title').filter({ hasText: id(title) })).toBeVisible();
  await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);
  await expect(page.locator('tr.ant-table-row').first()).toContainText(vehicleIdLabel);
  await screenshot(page, 'monitoring-data');
});
