import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, id, screenshot, signIn } from '../support/console.ts';

/** Calls the API as a signed-in user, as another browser or script would. */
async function api(request: APIRequestContext, userName: string) {
  const session = await apiSignIn(request, userName);
  const headers = { token: session.token, userid: String(session.userId) };
  return async (url: string, data: unknown) => (await request.post(url, { headers, data })).json();
}

let code = 800;
/** A draft app version of KitaBike, added through the API. */
async function draft(call: Awaited<ReturnType<typeof api>>) {
  const n = ++code;
  const added = await call('/api/system/appVersion/add', {
    app: '1',
    platform: '2',
    versionName: `8.${n}.0`,
    versionCode: n,
    minSupportedCode: 1,
    downloadUrl: `https://downloads.kitabike.id/rider-${n}.ipa`,
  });
  expect(added.code).toBe(1000);
  return added.data as { versionId: number; version: number; versionName: string };
}
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

test('a form in tabs opens the tab holding what a save found wrong', async ({ page }) => {
  await signIn(page, 'kitabike.admin');
  await page.goto('/configure/user');
  await page.getByRole('button', { name: id('action.add') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(id('field.user.userName')).fill('kitabike.slots.01');
  await drawer.getByLabel(id('field.user.nickName')).fill('Slot Satu');
  await drawer.getByLabel(id('field.user.password')).fill('Slots-2026x');
  await drawer.getByLabel(id('field.user.deptId')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: 'Jakarta' }).first().click();
  await drawer.getByRole('tab', { name: id('form.user.contact') }).click();
  await drawer.getByLabel(id('field.user.email')).fill('not-an-address');
  await drawer.getByRole('tab', { name: id('form.user.access') }).click();
  await drawer.getByRole('button', { name: id('common.save') }).click();

  // The error is in the contact tab: it opens, and its tab counts it.
  const contact = drawer.getByRole('tab', { name: new RegExp(id('form.user.contact')) });
  await expect(contact).toHaveAttribute('aria-selected', 'true');
  await expect(contact.getByLabel(id('engine.form.groupErrors', { count: 1 }))).toBeVisible();
  await expect(drawer.getByText(id('validation.invalidFormat'))).toBeVisible();
  await screenshot(page, 'slots-form-tab-error');
  await drawer.getByLabel(id('field.user.email')).fill('slot.satu@kitabike.id');
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved'))).toBeVisible();
  await expect(row(page, 'kitabike.slots.01')).toBeVisible();
});

test("a dept's detail lists its staff", async ({ page }) => {
  await signIn(page, 'kitabike.admin');
  await page.goto('/configure/dept');
  await row(page, 'Jakarta')
    .first()
    .getByRole('button', { name: id('action.view') })
    .click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: id('related.dept.staff') }).click();
  await expect(drawer.getByRole('cell', { name: 'kitabike.tech.jakarta.01', exact: true })).toBeVisible();
  await expect(drawer.getByRole('cell', { name: 'kitabike.tech.bandung.01', exact: true })).toHaveCount(0);
  await screenshot(page, 'slots-related-staff');
});

test("an event fired on a row shows in the row's history", async ({ page, request }) => {
  const version = await draft(await api(request, 'kitabike.admin'));
  await signIn(page, 'kitabike.admin');
  await page.goto('/configure/editions');
  await row(page, version.versionName)
    .getByRole('button', { name: /Lainnya/ })
    .click();
  await page.getByRole('menuitem', { name: id('transition.publish') }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: id('transition.publish') })
    .click();
  await expect(page.getByText(id('engine.done'))).toBeVisible();

  await row(page, version.versionName)
    .getByRole('button', { name: id('action.view') })
    .click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: id('engine.detail.history') }).click();
  const entry = drawer.locator('.ant-timeline-item').first();
  await expect(entry).toContainText(id('transition.publish'));
  await expect(entry).toContainText(id('dict.app_versions_status.0'));
  await expect(entry).toContainText(id('dict.app_versions_status.1'));
  await expect(entry).toContainText(id('engine.events.by', { name: 'kitabike.admin' }));
  await screenshot(page, 'slots-history');
});

test('a bulk publish changes the drafts of a selection and names the row it refused', async ({ page, request }) => {
  const call = await api(request, 'kitabike.admin');
  const [a, b, published] = [await draft(call), await draft(call), await draft(call)];
  expect((await call('/api/system/appVersion/publish', { versionId: published.versionId, version: published.version })).code).toBe(1000);
  await signIn(page, 'kitabike.admin');
  await page.goto('/configure/editions');
  for (const v of [a, b, published]) await row(page, v.versionName).getByRole('checkbox').check();
  await expect(page.getByText(id('engine.selectedCount', { count: 3 }))).toBeVisible();
  await page.getByRole('button', { name: id('engine.bulk.button', { action: id('transition.publish'), count: 3 }) }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: id('transition.publish') })
    .click();

  const outcome = page.getByRole('dialog');
  await expect(outcome).toContainText(id('engine.bulk.summary', { done: 2, refused: 1 }));
  await expect(outcome).toContainText(published.versionName);
  await expect(outcome).toContainText(id('dict.app_versions_status.1'));
  await screenshot(page, 'slots-bulk-outcome');
  await outcome.getByRole('button', { name: id('common.ok') }).click();
  for (const v of [a, b]) await expect(row(page, v.versionName)).toContainText(id('dict.app_versions_status.1'));
  await expect(page.getByText(id('engine.selectedCount', { count: 1 }))).toBeVisible();
});
