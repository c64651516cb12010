import { expect, test } from '@playwright/test';
import { memberSignIn, staff, topUp, walletOf } from '../support/app.ts';
import { bikeBox } from '../support/box.ts';
import { id, row, rowAction, screenshot, selectOptions, signIn } from '../support/console.ts';

/** Stasiun Gambir, a demo parking zone in Jakarta. */
const GAMBIR = { lat: -6.1767, lng: 106.8306 };
const PHONE = '+6280000000001';

test('marketing adds, lists and grants a coupon by phone; the rider buys a pass and rides with the coupon; both show what they took', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await staff(request, 'kitabike.admin');
  const member = await memberSignIn(request);
  await topUp(request, member.headers, admin, 50_000);

  // A Jakarta bike with its IoT box signed in, by the city's operations manager (the browser is the admin's).
  const ops = await staff(request, 'kitabike.ops.jakarta');
  const vehicles = (
    await (await request.post('/api/vehicle/vehicle/list', { headers: ops, data: { pageSize: 50, cityCode: 2001, opState: '20' } })).json()
  ).rows as Array<{ vehicleId: number; vehicleNo: string; imei: string | null }>;
  const vehicle = vehicles.find((v) => v.imei)!;
  const box = await bikeBox(request, ops, vehicle.vehicleId);
  try {
    await journey();
  } finally {
    await box.close();
  }

  async function journey() {
    // Marketing drafts a Rp 1,000 coupon for rides, valid 14 days from the grant, 50 of them; lists it; grants it.
    const name = `Hemat Rp 1.000 ${Date.now() % 100_000}`;
    await signIn(page, 'kitabike.admin');
    await page.goto('/payment_main/coupon/couponListPage');
    await page.getByRole('button', { name: id('action.add') }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(id('field.coupon.nameKey')).fill(name);
    await form.getByLabel(id('field.coupon.kind')).click();
    await selectOptions(page)
      .filter({ hasText: id('dict.coupons_kind.1') })
      .click();
    await form.getByLabel(id('field.coupon.amount')).fill('1000');
    await form.getByLabel(id('field.coupon.validDays')).fill('14');
    await form.getByLabel(id('field.coupon.totalQty')).fill('50');
    await form.getByRole('button', { name: id('common.save') }).click();
    await expect(row(page, name)).toContainText(id('dict.coupons_status.0'));
    await rowAction(page, name, id('transition.listCoupon'));
    await expect(row(page, name)).toContainText(id('dict.coupons_status.1'));
    await rowAction(page, name, id('transition.grantCoupon'));
    const grant = page.getByRole('dialog');
    await grant.getByLabel(id('field.coupon.phones')).fill(`0${PHONE.slice(3)}`);
    await screenshot(page, 'coupon-grant');
    await grant.getByRole('button', { name: id('transition.grantCoupon') }).click();
    await expect(grant).toBeHidden();
    await screenshot(page, 'coupon-list');

    // The rider buys a day pass from the wallet and rides with the coupon.
    const rules = (await (await request.get('/api/app/cards/rules', { headers: member.headers })).json()).data as Array<{
      cardRuleId: number;
      name: string;
    }>;
    const bought = await (
      await request.post('/api/app/cards', {
        headers: { ...member.headers, 'idempotency-key': `pass-buy-${Date.now()}` },
        data: { cardRuleId: rules.find((r) => r.name === 'Pass 1 hari')!.cardRuleId },
      })
    ).json();
    expect(bought.data).toMatchObject({ status: 1, price: 15_000 });
    const coupons = (await (await request.get('/api/app/coupons', { headers: member.headers })).json()).data as Array<{
      userCouponId: number;
      name: string;
    }>;
    const coupon = coupons.find((c) => c.name === name)!;

    {
      await box.report(GAMBIR, 0);
      const before = await walletOf(request, member.headers);
      const unlocked = await (
        await request.post('/api/app/rides/unlock', {
          headers: member.headers,
          data: { vehicleNo: vehicle.vehicleNo, userCouponId: coupon.userCouponId },
        })
      ).json();
      expect(unlocked.code, JSON.stringify(unlocked)).toBe(1000);
      await box.report(GAMBIR, 1);
      const ended = (await (await request.post('/api/app/rides/current/end', { headers: member.headers, data: {} })).json()).data;
      // The pass takes whatever minutes were ridden, the coupon Rp 1,000 of the unlock fee: Rp 1,000 from the wallet.
      expect(ended).toMatchObject({ status: 4, fare: { couponDiscount: 1_000, payable: 1_000 }, userCouponId: coupon.userCouponId });
      expect(ended.fare.cardDiscount).toBe(ended.fare.timeFee);
      const after = await walletOf(request, member.headers);
      expect(after.wallet + after.bonus).toBe(before.wallet + before.bonus - 1_000);
    }

    // The coupon's detail: the member holds it, used for Rp 1,000.
    await page.reload();
    await row(page, name)
      .getByRole('button', { name: id('action.view') })
      .click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('tab', { name: id('related.coupon.userCoupons') }).click();
    await expect(detail).toContainText(PHONE);
    await expect(detail).toContainText(id('dict.user_coupons_status.3'));
    await screenshot(page, 'coupon-detail');
    await page.keyboard.press('Escape');

    // Members' passes: found by the phone, the day pass active.
    await page.goto('/payment_main/cardsList');
    await page.getByRole('textbox', { name: id('field.userCard.memberPhone') }).fill(PHONE);
    await page.getByRole('button', { name: id('common.search') }).click();
    // The member's one pass: the day pass, active.
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(row(page, 'Pass 1 hari')).toContainText(id('dict.user_cards_status.1'));
    await screenshot(page, 'cards-list');
  }
});
