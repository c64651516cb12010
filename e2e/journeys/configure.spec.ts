import { expect, test, type APIRequestContext } from '@playwright/test';
import { menuRows } from '../../contract/src/menus/index.ts';
import { apiSignIn, dismissNotices, id, screenshot, selectOptions, signIn } from '../support/console.ts';

/** Calls the API as a signed-in user, as another browser or script would. */
async function api(request: APIRequestContext, userName: string) {
  const session = await apiSignIn(request, userName);
  const headers = { token: session.token, userid: String(session.userId) };
  return async (url: string, data: unknown) => (await request.post(url, { headers, data })).json();
}

test('a city created in System management appears in the city selector', async ({ page }) => {
  await signIn(page, 'kitabike.admin');
  await page.goto('/configure/city/cityListPage');
  await page.getByRole('button', { name: id('action.add') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(id('field.city.cityInName')).fill('Medan');
  await drawer.getByLabel(id('field.city.cityName')).fill('棉兰');
  await drawer.getByLabel(id('field.city.countryId')).click();
  await selectOptions(page).filter({ hasText: 'Indonesia' }).first().click();
  await drawer.getByLabel(id('field.city.timeZone')).fill('7');
  await drawer.getByLabel(id('field.city.centerLat')).fill('3.5952');
  await drawer.getByLabel(id('field.city.centerLng')).fill('98.6722');
  await screenshot(page, 'city-form');
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved'))).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Medan', exact: true })).toBeVisible();

  await page.getByRole('combobox', { name: id('shell.city.label'), exact: true }).click();
  await expect(selectOptions(page).filter({ hasText: 'Indonesia-Medan' })).toHaveCount(1);
});

test('a role with few permissions shows its holder only those buttons', async ({ page, request }) => {
  const asAdmin = await api(request, 'kitabike.admin');
  const menuIds = menuRows()
    .filter((m) => m.perms === 'configure:post:view' || m.perms === 'configure:post:add')
    .map((m) => m.menuId);
  const role = await asAdmin('/api/system/role/add', { roleName: 'Post clerk', roleKey: 'post_clerk_e2e', dataScope: '2', menuIds, deptIds: [2001] });
  expect(role.code).toBe(1000);
  const user = await asAdmin('/api/system/user/add', {
    userName: 'kitabike.clerk.e2e',
    nickName: 'Clerk E2E',
    password: 'Clerk-2026x',
    deptId: 2001,
    roleIds: [role.data.roleId],
  });
  expect(user.code).toBe(1000);

  await page.goto('/login');
  await page.getByLabel(id('shell.login.username')).fill('kitabike.clerk.e2e');
  await page.getByLabel(id('shell.login.password')).fill('Clerk-2026x');
  await page.getByRole('button', { name: id('shell.login.submit') }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/configure/post');
  await expect(page.getByRole('button', { name: id('action.add') })).toBeVisible();
  await expect(page.getByRole('button', { name: id('action.export') })).toHaveCount(0);
  const firstRow = page.locator('tr.ant-table-row').first();
  await expect(firstRow.getByRole('button', { name: id('action.view') })).toBeVisible();
  await expect(firstRow.getByRole('button', { name: id('action.edit') })).toHaveCount(0);
  await expect(firstRow.getByRole('button', { name: id('action.remove') })).toHaveCount(0);
  await screenshot(page, 'role-limited-buttons');
});

test('an invalid cron expression is refused with a clear message', async ({ page }) => {
  await signIn(page, 'kitabike.admin');
  await page.goto('/configure/timedTask');
  await page.getByRole('button', { name: id('action.add') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(id('field.timedTask.jobName')).fill('Nightly check');
  await drawer.getByLabel(id('field.timedTask.invokeTarget')).click();
  await selectOptions(page)
    .filter({ hasText: id('jobTarget.sessionTask.cleanExpired') })
    .click();
  await drawer.getByLabel(id('field.timedTask.cronExpression')).fill('0 0 12 1 * 2');
  // The demo's overdue tickets are told live to the admin: their notices may lie over the drawer's buttons.
  await dismissNotices(page);
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(drawer.getByText(id('validation.cron'))).toBeVisible();
  await drawer.getByLabel(id('field.timedTask.cronExpression')).fill('0 0 12 ? * 2');
  await dismissNotices(page);
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved'))).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Nightly check', exact: true })).toBeVisible();
});

test('an exported list becomes a valid xlsx in the Download Center', async ({ page }) => {
  await signIn(page, 'kitabike.admin');
  await page.goto('/configure/post');
  await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: id('action.export') }).click();
  await page.getByRole('link', { name: id('engine.openDownloads') }).click();
  await expect(page).toHaveURL(/\/configure\/downloadList/);
  // The post list stays mounted in its own (hidden) tab: look only inside the Download Center's tab.
  const row = page
    .getByRole('tabpanel', { name: id('menu.configure.downloadList') })
    .locator('tr.ant-table-row')
    .first();
  // The list refreshes itself while the job is queued or running.
  await expect(row.getByText(id('dict.export_jobs_status.2'))).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'download-center');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: id('page.downloadList.download') }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
  expect(rows[0]).toContain(id('field.post.postCode'));
  expect(rows.slice(1).map((r) => r[1])).toEqual(expect.arrayContaining(['OPS_MGR', 'TECH', 'DISPATCH', 'CS', 'FIN']));
});

test("a tenant's own translation shows after a reload; the platform's texts stay read-only to it", async ({ page }) => {
  await signIn(page, 'kitabike.admin');
  await page.goto('/configure/i18n/admin');
  const panel = page.getByRole('tabpanel', { name: id('menu.configure.i18nAdmin') });
  await panel.getByLabel(id('field.i18nAdmin.i18nKey'), { exact: true }).first().fill('menu.mall');
  await panel.getByRole('button', { name: id('common.search') }).click();
  const platformRow = panel
    .locator('tr.ant-table-row')
    .filter({ hasText: id('menu.mall') })
    .first();
  await expect(platformRow).toBeVisible();
  // Another tenant's row (the platform's): its Edit is there but disabled, not hidden.
  await expect(platformRow.getByRole('button', { name: id('action.edit') })).toBeDisabled();

  await panel.getByRole('button', { name: id('action.add') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(id('field.i18nAdmin.i18nKey')).fill('menu.mall');
  await drawer.getByLabel(id('field.i18nAdmin.lang')).click();
  await selectOptions(page)
    .filter({ hasText: /^ID$|Indonesia/ })
    .first()
    .click();
  await drawer.getByLabel(id('field.i18nAdmin.module')).fill('menu');
  await drawer.getByLabel(id('field.i18nAdmin.text')).fill('Toko KitaBike');
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved'))).toBeVisible();

  await page.goto('/');
  await page.reload();
  await expect(page.getByRole('navigation', { name: id('shell.homePage.modules') }).getByText('Toko KitaBike')).toBeVisible();
});
