import { MODULES } from '../../contract/src/menus/index.ts';
import { expect, test } from '@playwright/test';
import { apiSignIn, id, screenshot, selectOptions, signIn, text } from '../support/console.ts';

const configure = MODULES.find((m) => m.key === 'configure')!;
const page = (path: string) => configure.pages.find((p) => p.path === path)!;
/** Nine configure pages a tenant admin may open, in the order the journey opens them. */
const NINE = ['role', 'dept', 'post', 'dict', 'user', 'i18n/i18nListPage', 'city/cityListPage', 'editions', 'login_journal'].map((p) =>
  page(`/configure/${p}`),
);

test('sign in, open a module and nine pages, keep list state, switch language, 404, sign out', async ({ page: browser, request }) => {
  // A short window, so a list page scrolls.
  await browser.setViewportSize({ width: 1280, height: 600 });
  // Enough sign-ins in this tenant for the login journal to have a second page, on top of those other journeys made
  // (a technician signing in on the field tool).
  const admin = await apiSignIn(request, 'kitabike.admin');
  const journalList = await request.post('/api/system/logininfor/list', {
    headers: { token: admin.token, userid: String(admin.userId), 'content-type': 'application/json' },
    data: { userName: 'kitabike.tech' },
  });
  const techSignIns = ((await journalList.json()).total as number) + 24;
  for (const _round of [1, 2])
    for (const n of [1, 2, 3, 4]) for (const city of ['jakarta', 'bandung', 'surabaya']) await apiSignIn(request, `kitabike.tech.${city}.0${n}`);

  await browser.goto('/configure/role');
  await expect(browser).toHaveURL(/\/login$/);
  await expect(browser.getByLabel(id('shell.login.username'))).toBeVisible();
  await screenshot(browser, 'login');
  await signIn(browser, 'kitabike.admin', { from: /\/configure\/role$/ });
  await browser.getByRole('button', { name: id('shell.home') }).click();

  const tiles = browser.getByRole('navigation', { name: id('shell.homePage.modules') }).getByRole('link');
  await expect(tiles).toHaveCount(13);
  await screenshot(browser, 'home');

  await tiles.filter({ hasText: id('menu.configure') }).click();
  await expect(browser).toHaveURL(/\/configure$/);
  const sideMenu = browser.getByRole('menu').first();
  for (const p of NINE) {
    await sideMenu.getByText(id(p.title), { exact: true }).click();
    // One page at a time: the next click waits until this page's tab is the active one.
    await expect(browser).toHaveURL(new RegExp(`${p.path}(\\?|$)`));
    await expect(browser.getByRole('tab', { name: id(p.title), selected: true })).toBeVisible();
  }
  await expect(browser).toHaveURL(/\/configure\/login_journal/);

  const tabs = browser.getByRole('tab');
  await expect(tabs).toHaveCount(8);
  await expect(tabs.filter({ hasText: id(NINE[0]!.title) })).toHaveCount(0);
  await expect(tabs.filter({ hasText: id(NINE[8]!.title) })).toHaveCount(1);

  // The login journal keeps its filter and page when another tab is visited and it is revisited.
  const journal = browser.getByRole('tabpanel').filter({ has: browser.getByRole('table') });
  await expect(journal.getByRole('row').nth(1)).toBeVisible();
  await screenshot(browser, 'module-page');
  await journal.getByRole('textbox', { name: id('field.loginJournal.userName') }).fill('kitabike.tech');
  await journal.getByRole('button', { name: id('common.search') }).click();
  // 24 technician sign-ins (and a few more), 20 a page: the filtered first page is full, the second holds the oldest.
  const rows = journal.locator('tr.ant-table-row');
  await expect(journal.getByText(id('common.total', { total: techSignIns }))).toBeVisible();
  await expect(rows).toHaveCount(20);
  const firstRowPage1 = await rows.first().textContent();
  // The journal pages by cursor: Next reads the page after the last row shown.
  await journal.getByRole('button', { name: id('engine.cursor.next') }).click();
  await expect(browser).toHaveURL(/cursor=/);
  await expect(rows).toHaveCount(techSignIns - 20);
  const firstRowPage2 = await rows.first().textContent();
  expect(firstRowPage2).not.toBe(firstRowPage1);
  const scrolled = await journal.evaluate((panel) => {
    panel.scrollTop = panel.scrollHeight;
    return panel.scrollTop;
  });
  expect(scrolled).toBeGreaterThan(40);
  await tabs.filter({ hasText: id(NINE[7]!.title) }).click();
  await expect(browser).toHaveURL(/\/configure\/editions/);
  await expect(browser.getByRole('tabpanel').getByText(id('menu.configure.editions')).first()).toBeVisible();
  await screenshot(browser, 'not-built-page');
  await tabs.filter({ hasText: id(NINE[8]!.title) }).click();
  await expect(journal.getByRole('textbox', { name: id('field.loginJournal.userName') })).toHaveValue('kitabike.tech');
  await expect(journal.getByRole('button', { name: id('engine.cursor.next') })).toBeDisabled();
  await expect(journal.getByRole('button', { name: id('engine.cursor.previous') })).toBeEnabled();
  await expect(rows).toHaveCount(techSignIns - 20);
  await expect(rows.first()).toHaveText(firstRowPage2!);
  await expect.poll(() => journal.evaluate((panel) => panel.scrollTop)).toBe(scrolled);

  // Language: the side menu follows EN, then ZH.
  // The switch's own label changes with the language; its three buttons do not (antd spaces a pressed '中 文').
  const language = (name: string | RegExp) => browser.getByRole('button', { name, exact: true });
  await language('EN').click();
  await expect(sideMenu.getByText(text('EN', 'menu.configure.role'), { exact: true })).toBeVisible();
  await language(/^中\s?文$/).click();
  await expect(sideMenu.getByText(text('ZH', 'menu.configure.role'), { exact: true })).toBeVisible();
  await language('ID').click();
  await expect(sideMenu.getByText(id('menu.configure.role'), { exact: true })).toBeVisible();

  await browser.goto('/no/such/page');
  await expect(browser.getByText(id('shell.notFound.text'))).toBeVisible();
  await browser.getByRole('button', { name: id('shell.notFound.home') }).click();
  await expect(browser).toHaveURL(/\/$/);

  await browser.getByRole('button', { name: id('shell.user.menu', { name: 'Rina Wulandari' }) }).click();
  await browser.getByRole('menuitem', { name: id('shell.user.logout') }).click();
  await expect(browser).toHaveURL(/\/login$/);
  await browser.goto('/configure');
  await expect(browser).toHaveURL(/\/login$/);
});

test("the city selector lists only the user's cities; a session ended elsewhere goes to /login with the 3001 warning", async ({
  page: browser,
  request,
}) => {
  await signIn(browser, 'kitabike.ops.jakarta');
  const city = browser.getByLabel(id('shell.city.label'));
  await expect(browser.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: 'Indonesia-Jakarta' }).first()).toBeVisible();
  await city.click();
  await expect(selectOptions(browser)).toHaveText(['Indonesia-Jakarta']);
  await browser.keyboard.press('Escape');

  // The live link hears at once that the session ended; the page goes to /login without waiting for a click.
  await apiSignIn(request, 'kitabike.ops.jakarta');
  await expect(browser).toHaveURL(/\/login$/);
  await expect(browser.getByText('User has logged in elsewhere')).toBeVisible();
});

test('the super admin sees every city of every tenant in the selector', async ({ page: browser }) => {
  await signIn(browser, 'superadmin');
  await browser.getByLabel(id('shell.city.label')).click();
  // Other journeys may have added cities; the five demo cities of both tenants are all there.
  await expect(selectOptions(browser).first()).toBeVisible();
  const labels = await selectOptions(browser).allTextContents();
  for (const name of ['Jakarta', 'Bandung', 'Surabaya', 'Denpasar']) expect(labels).toContain(`Indonesia-${name}`);
  expect(labels.filter((l) => l === 'Indonesia-Jakarta')).toHaveLength(2);
});
