import { expect, test } from '@playwright/test';
import { memberSignIn, staff } from '../support/app.ts';
import { id, row, rowAction, screenshot, selectOptions, signIn } from '../support/console.ts';

const PHONE = '+6280000000001';

test("customer service tags riders by hand and by rule; marketing grants a coupon to a tag's members", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await memberSignIn(request);
  const admin = await staff(request, 'kitabike.admin');
  const suffix = Date.now() % 100_000;

  // A manual tag, filled by pasting a phone as a person types it.
  const manual = `Pelanggan setia ${suffix}`;
  await signIn(page, 'kitabike.cs.01');
  await page.goto('/user_main/user_tag');
  await expect(row(page, 'VIP')).toContainText(id('dict.member_tags_kind.1'));
  await page.getByRole('button', { name: id('action.add') }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(id('field.memberTag.name')).fill(manual);
  await form.getByRole('button', { name: id('common.save') }).click();
  await expect(form).toBeHidden();
  await rowAction(page, manual, id('transition.assignTag'));
  const assign = page.getByRole('dialog');
  await assign.getByLabel(id('field.memberTag.phones')).fill(`0${PHONE.slice(3)}`);
  await assign.getByRole('button', { name: id('transition.assignTag') }).click();
  await expect(assign).toBeHidden();
  await expect(row(page, manual)).toContainText(id('dict.member_tags_kind.1'));
  await row(page, manual)
    .getByRole('button', { name: id('action.view') })
    .click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('tab', { name: id('related.memberTag.members') }).click();
  await expect(detail).toContainText(PHONE);
  await screenshot(page, 'tag-members');
  await page.keyboard.press('Escape');

  // A rule tag: riders who signed up in the last week, evaluated as it is saved.
  const rule = `Baru 7 hari ${suffix}`;
  await page.getByRole('button', { name: id('action.add') }).click();
  await form.getByLabel(id('field.memberTag.name')).fill(rule);
  await form.getByLabel(id('field.memberTag.kind')).click();
  await selectOptions(page)
    .filter({ hasText: id('dict.member_tags_kind.2') })
    .click();
  await form.getByLabel(id('field.memberTag.ruleSignedUpDays')).fill('7');
  await screenshot(page, 'tag-rule-form');
  await form.getByRole('button', { name: id('common.save') }).click();
  await expect(form).toBeHidden();
  const ruleRow = row(page, rule);
  await expect(ruleRow).toContainText(id('dict.member_tags_kind.2'));
  // The demo's sign-ups of the last week are in it.
  const count = Number(await ruleRow.locator('td').nth(4).innerText());
  expect(count).toBeGreaterThan(0);
  await screenshot(page, 'tag-list');

  // Marketing grants a listed coupon to the manual tag's members.
  const coupon = `Setia Rp 1.500 ${suffix}`;
  const added = await (
    await request.post('/api/payment/coupon/add', {
      headers: admin,
      data: {
        nameKey: coupon,
        kind: '1',
        scope: '1',
        amount: 1_500,
        currency: 'IDR',
        validKind: '2',
        validDays: 14,
        perMemberLimit: 1,
        stackable: false,
      },
    })
  ).json();
  expect(
    (await (await request.post('/api/payment/coupon/listCoupon', { headers: admin, data: { couponId: added.data.couponId, version: 0 } })).json())
      .code,
  ).toBe(1000);
  // Marketing works in its own browser.
  const marketing = await (await browser.newContext()).newPage();
  await signIn(marketing, 'kitabike.admin');
  await marketing.goto('/payment_main/coupon/couponListPage');
  await rowAction(marketing, coupon, id('transition.grantCoupon'));
  const grant = marketing.getByRole('dialog');
  await grant.getByLabel(id('field.coupon.tagId')).click();
  await selectOptions(marketing).filter({ hasText: manual }).click();
  await screenshot(marketing, 'coupon-grant-tag');
  await grant.getByRole('button', { name: id('transition.grantCoupon') }).click();
  await expect(grant).toBeHidden();
  await row(marketing, coupon)
    .getByRole('button', { name: id('action.view') })
    .click();
  const couponDetail = marketing.getByRole('dialog');
  await couponDetail.getByRole('tab', { name: id('related.coupon.userCoupons') }).click();
  await expect(couponDetail).toContainText(PHONE);
});
