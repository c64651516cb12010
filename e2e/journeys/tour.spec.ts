import { expect, test, type Page } from '@playwright/test';
import { id, screenshot, selectOptions, signIn } from '../support/console.ts';

/** The closing message the platform writes; its image would set window.__xss if the console let it run. */
const REMARK = '<p><b>Selamat!</b> GowesBali siap beroperasi.</p><img src="x" onerror="window.__xss = 1">';

/** Marks a pending step done on the tour page, as staff do when a step was done another way. */
async function markDone(page: Page, titleKey: string) {
  await page.getByRole('link', { name: id('tour.panel.allSteps') }).click();
  await expect(page).toHaveURL(/\/operations\/steps\/tour$/);
  const row = page
    .getByRole('tabpanel', { name: id('menu.operations.stepsTour') })
    .getByRole('row')
    .filter({ hasText: id(titleKey) });
  await row.getByRole('button', { name: id('page.stepsTour.markDone') }).click();
  await page.getByRole('button', { name: id('common.ok'), exact: true }).click();
}

const panel = (page: Page) => page.getByRole('complementary', { name: id('tour.panel.label') });

test('the platform writes the closing tip; a GowesBali admin follows the tour to the end and reads it, with nothing run', async ({ browser }) => {
  // Two people, seven steps and four pages: about 50 s alone, more beside the other journeys (as its long peers, 120 s).
  test.setTimeout(120_000);
  // The super admin writes the last step's closing message on the guide settings page.
  const platform = await browser.newPage();
  await signIn(platform, 'superadmin');
  await platform.getByRole('button', { name: 'ID', exact: true }).click();
  await platform.goto('/operations/steps/list');
  const settings = platform.getByRole('tabpanel', { name: id('menu.operations.stepsList') });
  const last = settings.getByRole('row').filter({ hasText: id('guide.step.serviceArea') });
  await last.getByRole('button', { name: id('action.edit') }).click();
  const drawer = platform.getByRole('dialog');
  await drawer.getByLabel(id('field.guideSetting.remark')).fill(REMARK);
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(platform.getByText(id('engine.saved'))).toBeVisible();
  await screenshot(platform, 'guide-settings');
  await platform.close();

  // GowesBali has done 3 of 7 steps: signing in opens the fourth step's page, with the tour's panel.
  const page = await browser.newPage();
  await signIn(page, 'gowesbali.admin', { from: /\/configure\/user$/ });
  await expect(panel(page)).toContainText(id('guide.step.user'));
  await expect(panel(page)).toContainText(id('tour.panel.step', { number: 4, total: 7 }));
  await screenshot(page, 'tour-panel');

  // Step 4 is done the way the tour means: adding a user succeeds, the tour finishes the step and moves on.
  await page
    .getByRole('tabpanel', { name: id('menu.configure.user') })
    .getByRole('button', { name: id('action.add') })
    .click();
  const form = page.getByRole('dialog');
  await form.getByLabel(id('field.user.userName')).fill('gowesbali.night.01');
  await form.getByLabel(id('field.user.nickName')).fill('Komang Malam');
  await form.getByLabel(id('field.user.password')).fill('Malam-2026x');
  await form.getByLabel(id('field.user.deptId')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: 'Kantor Pusat GowesBali' }).click();
  await form.getByRole('button', { name: id('common.save') }).click();
  // Step 5 opens the billing rules page: adding a rule there finishes it, and the tour moves on to the vehicles.
  await expect(panel(page)).toContainText(id('tour.panel.step', { number: 5, total: 7 }));
  await expect(page).toHaveURL(/\/operations\/billingRule$/);
  await screenshot(page, 'tour-panel-billing-rule');
  await page
    .getByRole('tabpanel', { name: id('menu.operations.billingRule') })
    .getByRole('button', { name: id('action.add') })
    .click();
  const rule = page.getByRole('dialog');
  await rule.getByLabel(id('field.billingRule.name')).fill('Denpasar malam');
  await rule.getByLabel(id('field.billingRule.cityCode')).fill('Denpasar');
  await selectOptions(page).filter({ hasText: 'Denpasar' }).first().click();
  await rule.getByRole('button', { name: id('common.save') }).click();
  await expect(panel(page)).toContainText(id('tour.panel.step', { number: 6, total: 7 }));
  await expect(panel(page)).toContainText(id('guide.step.vehicle'));

  // Any step may be skipped: it stays pending for GowesBali until it is done, or marked done by hand.
  await panel(page)
    .getByRole('button', { name: id('tour.panel.skipStep') })
    .click();
  await expect(panel(page)).toContainText(id('guide.step.serviceArea'));

  // The skipped step is still pending for GowesBali; the steps done another way are marked done by hand.
  await markDone(page, 'guide.step.vehicle');
  const tourPage = page.getByRole('tabpanel', { name: id('menu.operations.stepsTour') });
  await expect(tourPage.getByRole('row').filter({ hasText: id('guide.step.vehicle') })).toContainText(id('tour.status.1'));
  // The next step's page may open as a step is marked done (the zones page is built): the steps' page is opened
  // again by its address.
  for (const step of ['guide.step.serviceArea']) {
    await page.goto('/operations/steps/tour');
    const row = tourPage.getByRole('row').filter({ hasText: id(step) });
    await row.getByRole('button', { name: id('page.stepsTour.markDone') }).click();
    await page.getByRole('button', { name: id('common.ok'), exact: true }).click();
    await expect(page.getByText(id('page.stepsTour.marked'))).toBeVisible();
  }

  // Nothing is pending: 'Tips' shows the closing message as HTML, without its event handler, and nothing ran.
  const tips = page.getByRole('dialog').filter({ hasText: id('common.tips') });
  await expect(tips).toBeVisible();
  await expect(tips.getByText('Selamat!')).toBeVisible();
  const image = tips.locator('img');
  await expect(image).toHaveCount(1);
  expect(await image.evaluate((img) => img.getAttributeNames())).not.toContain('onerror');
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await screenshot(page, 'tour-tips');
  await tips.getByRole('button', { name: id('common.ok') }).click();
  await expect(tips).toBeHidden();
  await expect(panel(page)).toHaveCount(0);
  await expect(tourPage.getByText(id('page.stepsTour.progress', { done: 7, total: 7 }))).toBeVisible();
});
