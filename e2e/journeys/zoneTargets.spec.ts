import { expect, test } from '@playwright/test';
import { staff } from '../support/app.ts';
import { dismissNotices, id, row, rowAction, screenshot, selectOptions, signIn } from '../support/console.ts';

const TITLE = 'ZONE JKT-PK-03 < 10';

test('the ops manager asks Sarinah to hold ten bikes; the next run of the rule opens a dispatch bringing them in', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'kitabike.ops.jakarta');
  await page.goto('/operations/area_scheduling_list');

  // The zones' targets, beside the zones: the demo's Bundaran HI mornings are there.
  await page.getByRole('tab', { name: id('page.zoneMap.targetsTab') }).click();
  const targets = page.getByRole('tabpanel', { name: id('page.zoneMap.targetsTab') });
  await expect(targets.locator('tr.ant-table-row').filter({ hasText: 'Bundaran HI' })).toBeVisible();

  // Sarinah, every day, all day, at least ten.
  await targets.getByRole('button', { name: id('action.add') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(id('field.zoneTarget.zoneId')).click();
  await selectOptions(page).filter({ hasText: 'Sarinah' }).first().click();
  await drawer.getByLabel(id('field.zoneTarget.weekdays')).click();
  for (const day of ['1', '2', '3', '4', '5', '6', '7'])
    await selectOptions(page)
      .filter({ hasText: id(`dict.zone_targets_weekdays.${day}`) })
      .click();
  // Typing in the next field closes the days' list (a Tab would take its highlighted day back out).
  await drawer.getByLabel(id('field.zoneTarget.startTime')).fill('00:00');
  await drawer.getByLabel(id('field.zoneTarget.endTime')).fill('24:00');
  await drawer.getByLabel(id('field.zoneTarget.minVehicles')).fill('10');
  await screenshot(page, 'zone-target-form');
  // The console's live notices (the city's overdue tickets) sit over the drawer's corner: read, then closed.
  await dismissNotices(page);
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved'))).toBeVisible();
  await expect(drawer).toBeHidden();
  const sarinah = targets.locator('tr.ant-table-row').filter({ hasText: 'Sarinah' });
  await expect(sarinah).toContainText('24:00');
  await screenshot(page, 'zone-targets');

  // The platform's five-minute task runs (here at once, from System management's timed tasks).
  const platform = await staff(request, 'superadmin');
  const tasks = await (await request.post('/api/monitor/job/list', { headers: platform, data: { pageSize: 100 } })).json();
  const task = (tasks.rows as Array<{ jobId: number; invokeTarget: string }>).find((x) => x.invokeTarget === 'ticketTask.zoneTargets')!;
  expect((await (await request.post('/api/monitor/job/run', { headers: platform, data: { jobId: task.jobId } })).json()).code).toBe(1000);

  // The dispatch list has it: the rule's ticket, its destination Sarinah.
  const ops = await staff(request, 'kitabike.admin');
  await expect
    .poll(async () => {
      const found = await (await request.post('/api/operations/ticket/list', { headers: ops, data: { title: 'JKT-PK-03', type: '1' } })).json();
      return (found.rows as Array<{ title: string }>).map((x) => x.title);
    })
    .toContain(TITLE);
  await page.goto(`/Ticket/dispatch/list?title=${encodeURIComponent('JKT-PK-03')}`);
  await expect(row(page, TITLE)).toBeVisible();
  await screenshot(page, 'zone-target-dispatch');
  await rowAction(page, TITLE, id('action.view'));
  await expect(page.getByRole('dialog')).toContainText('Sarinah');
});
