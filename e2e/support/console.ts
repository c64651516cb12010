import { catalogueFor } from '../../contract/src/i18n/index.ts';
import { translate } from '../../contract/src/rules/translate.ts';
import type { Lang } from '../../contract/src/lang.ts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'kayuh2026';

/** The texts the console shows, from the same catalogue the server seeds. */
export const text = (lang: Lang, key: string, params?: Record<string, string | number>) => translate(catalogueFor(lang), key, params);
export const id = (key: string, params?: Record<string, string | number>) => text('ID', key, params);

/** Signs in on the login page; it returns to the page that sent the user there, else home. */
export async function signIn(page: Page, userName: string, opts: { from?: RegExp } = {}) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel(id('shell.login.username')).fill(userName);
  await page.getByLabel(id('shell.login.password')).fill(PASSWORD);
  await page.getByRole('button', { name: id('shell.login.submit') }).click();
  await expect(page).toHaveURL(opts.from ?? /\/$/);
}

/** A sign-in through the API, as another device would do it. */
export async function apiSignIn(request: APIRequestContext, userName: string) {
  const res = await request.post('/api/system/sso/login', { data: { username: userName, password: PASSWORD } });
  const body = await res.json();
  expect(body.code).toBe(1000);
  return body.data as { token: string; userId: number };
}

export const screenshot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: false });

/** The options of the open antd select dropdown, as the user reads them. */
export const selectOptions = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option-content');

/**
 * Closes the console's live notices (the city's overdue tickets, pushed to its dispatchers) that sit over a drawer's
 * corner, as a user reads and closes them; one already fading out is left to go.
 */
export async function dismissNotices(page: Page) {
  const notices = page.locator('.ant-notification-notice');
  await expect(async () => {
    for (const close of await notices.locator('.ant-notification-notice-close').all()) await close.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(notices).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** A list row by text it shows. */
export const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

/** A row's action: its own button, or an item of its More menu. */
export async function rowAction(page: Page, text: string, action: string) {
  const button = row(page, text).getByRole('button', { name: action, exact: true });
  if (await button.count()) return button.click();
  // A click that lands while the menu is still opening can leave it open with nothing done: the menu closing is
  // what shows the item was taken, so it is clicked again until it does.
  const item = page.getByRole('menuitem', { name: action });
  await expect(async () => {
    if (!(await item.isVisible()))
      await row(page, text)
        .getByRole('button', { name: id('common.more') })
        .click();
    await item.click({ timeout: 3_000 });
    await expect(item).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** An event fired on a row, then confirmed in its popover (a list redrawn under the click is clicked again). */
export async function fireConfirmed(page: Page, rowText: string, transition: string) {
  const confirm = page.getByRole('tooltip').getByRole('button', { name: id(`transition.${transition}`) });
  await expect(async () => {
    if (!(await confirm.isVisible())) await rowAction(page, rowText, id(`transition.${transition}`));
    await expect(confirm).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await confirm.click();
}
