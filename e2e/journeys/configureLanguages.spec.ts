import { expect, test, type Page } from '@playwright/test';
import { MODULES } from '../../contract/src/menus/index.ts';
import type { Lang } from '../../contract/src/lang.ts';
import { id, signIn, text } from '../support/console.ts';

const configure = MODULES.find((m) => m.key === 'configure')!;
/** A catalogue key shown instead of its text: `field.tenant.brandName`, `page.x.y` … */
const RAW_KEY = /\b(?:field|page|engine|menu|resource|validation|common|action|shell|transition|dict|dictType|code)\.[A-Za-z_]+/;
/** The console's own words on a page (not its data: i18n rows and task targets show keys as data). */
const CHROME =
  'h1, th, label, button, [role="tab"], .ant-card-head-title, .ant-statistic-title, .ant-empty-description, .ant-alert-message, .ant-alert-title';
const LANGUAGE_BUTTON: Record<Lang, string | RegExp> = { ID: 'ID', EN: 'EN', ZH: /^中\s?文$/ };

/** Picks a language and waits until the console speaks it (the side menu's name is in that language). */
async function switchTo(page: Page, lang: Lang) {
  const menu = page.getByRole('navigation', { name: text(lang, 'shell.sideMenu.label', { module: text(lang, configure.title) }) }).first();
  await expect(async () => {
    await page.getByRole('button', { name: LANGUAGE_BUTTON[lang], exact: true }).click();
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass();
}

test('every System management page opens in its own words, in Indonesian, English and Chinese by turns', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'superadmin');
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(`${page.url()}: ${error.message}`));

  // Each page is opened once from the side menu (no reload) and read in one language, the three taking turns page by
  // page, so every language reads every kind of page; the home page is read in all three. (That every key has its
  // three texts is the catalogue's own test; this one finds words a page shows without a key.)
  await page.goto(configure.basePath);
  await switchTo(page, 'ID');
  let current: Lang = 'ID';
  const LANGS = ['ID', 'EN', 'ZH'] as const;
  for (const [i, p] of configure.pages.entries()) {
    const sideMenu = page
      .getByRole('navigation', { name: text(current, 'shell.sideMenu.label', { module: text(current, configure.title) }) })
      .first();
    await sideMenu.getByRole('menuitem', { name: text(current, p.title), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${p.path}(\\?|$)`));
    for (const lang of i === 0 ? LANGS : [LANGS[i % 3]!]) {
      current = lang;
      await switchTo(page, lang);
      const title = text(lang, p.title);
      // The open tab's panel (after the tab strip's own pane of the same name).
      const panel = page.getByRole('tabpanel', { name: title, exact: true }).last();
      await expect(panel.getByRole('heading', { level: 1 }).first(), `${lang} ${p.path}`).toContainText(
        p.path === configure.basePath ? text(lang, configure.title) : title,
      );
      await expect(panel.getByText(text(lang, 'shell.error.title'))).toHaveCount(0);
      await expect(panel.getByText(text(lang, 'shell.notBuilt.text', { module: text(lang, configure.title) }))).toHaveCount(0);
      const words = await panel.locator(CHROME).allInnerTexts();
      expect(
        words.filter((w) => RAW_KEY.test(w)),
        `${lang} ${p.path} shows catalogue keys`,
      ).toEqual([]);
    }
  }
  expect(failures).toEqual([]);
  // Back to Indonesian for the journeys after this one (the choice is remembered).
  await page.getByRole('button', { name: LANGUAGE_BUTTON.ID, exact: true }).click();
  await expect(page.getByRole('button', { name: id('shell.user.menu', { name: 'Super Admin' }) })).toBeVisible();
});
