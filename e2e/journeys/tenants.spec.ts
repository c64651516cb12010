import { expect, test } from '@playwright/test';
import { id, screenshot, selectOptions, signIn } from '../support/console.ts';

test('the super admin opens a tenant; its admin sets a password at first sign-in and starts in an empty console', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.getByRole('button', { name: 'ID', exact: true }).click();
  await page.goto('/configure/tenant');
  await page.getByRole('button', { name: id('action.add') }).click();
  const drawer = page.getByRole('dialog');
  const fill = (key: string, value: string) => drawer.getByLabel(id(`field.tenant.${key}`), { exact: true }).fill(value);
  await fill('tenantCode', 'SEPEDAKU');
  await fill('brandName', 'Sepedaku');
  await fill('companyName', 'PT Sepeda Kita Nusantara');
  await drawer.getByLabel(id('field.tenant.packageId')).click();
  await selectOptions(page).filter({ hasText: 'Operator standar' }).click();
  await fill('contactUserName', 'Dewi Lestari');
  await fill('contactPhone', '+62 812 3456 7890');
  await fill('email', 'ops@sepedaku.id');
  await fill('adminUserName', 'sepedaku.admin');
  await fill('adminPassword', 'Mulai-2026x');
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved'))).toBeVisible();
  await expect(page.getByRole('cell', { name: 'SEPEDAKU', exact: true })).toBeVisible();
  await screenshot(page, 'tenant-added');

  await page.getByRole('button', { name: id('shell.user.menu', { name: 'Super Admin' }) }).click();
  await page.getByRole('menuitem', { name: id('shell.user.logout') }).click();
  await page.getByLabel(id('shell.login.username')).fill('sepedaku.admin');
  await page.getByLabel(id('shell.login.password')).fill('Mulai-2026x');
  await page.getByRole('button', { name: id('shell.login.submit') }).click();
  await expect(page.getByRole('heading', { name: id('page.forcedPwd.title') })).toBeVisible();
  await screenshot(page, 'tenant-admin-new-password');
  await page.getByLabel(id('page.changePwd.old'), { exact: true }).fill('Mulai-2026x');
  await page.getByLabel(id('page.changePwd.new'), { exact: true }).fill('Sepeda-2027y');
  await page.getByLabel(id('page.changePwd.confirm'), { exact: true }).fill('Sepeda-2027y');
  await page.getByRole('button', { name: id('page.changePwd.submit') }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel(id('shell.login.username')).fill('sepedaku.admin');
  await page.getByLabel(id('shell.login.password')).fill('Sepeda-2027y');
  await page.getByRole('button', { name: id('shell.login.submit') }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/configure/city/cityListPage');
  await expect(page.getByRole('button', { name: id('action.add') })).toBeVisible();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(0);
  await screenshot(page, 'tenant-admin-first-page');
});
