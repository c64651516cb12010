import { expect, test, type Page } from '@playwright/test';
import { memberSignIn, staff, topUp, walletOf } from '../support/app.ts';
import { bikeBox } from '../support/box.ts';
import { formatMoney } from '@kayuh/contract/rules/format';
import { id, rowAction, screenshot, signIn } from '../support/console.ts';

/** Stasiun Gambir, a demo parking zone; Monas park, a demo no-parking zone (Jakarta). */
const GAMBIR = { lat: -6.1767, lng: 106.8306 };
const MONAS = { lat: -6.1754, lng: 106.8272 };
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

test('a rider unlocks, is refused in a no-parking zone, ends at a parking zone and pays; customer service finds the ride and refunds part of it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await staff(request, 'kitabike.admin');
  const member = await memberSignIn(request);
  // Enough in the wallet to ride: a top-up through the sandbox QRIS.
  await topUp(request, member.headers, admin, 20_000);

  // A Jakarta bike standing at Gambir, its IoT box signed in.
  const vehicles = (
    await (await request.post('/api/vehicle/vehicle/list', { headers: admin, data: { pageSize: 50, cityCode: 2001, opState: '20' } })).json()
  ).rows as Array<{ vehicleId: number; vehicleNo: string; imei: string | null }>;
  const vehicle = vehicles.find((v) => v.imei)!;
  const box = await bikeBox(request, admin, vehicle.vehicleId);
  try {
    await box.report(GAMBIR, 0);
    const before = await walletOf(request, member.headers);

    // The rider scans it: the box hears the unlock and acks, and the ride is on.
    const unlocked = await (await request.post('/api/app/rides/unlock', { headers: member.headers, data: { vehicleNo: vehicle.vehicleNo } })).json();
    expect(unlocked.code, JSON.stringify(unlocked)).toBe(1000);
    expect(box.heard).toEqual(['unlock']);

    // At Monas the end is refused, saying what ending there anyway would cost.
    await box.report(MONAS, 1);
    const refused = await (await request.post('/api/app/rides/current/end', { headers: member.headers, data: {} })).json();
    expect(refused).toMatchObject({ code: 2004, data: { refusal: 'noParking', fee: 15_000 } });

    // Back at Gambir: locked, priced (at least the unlock fee) and paid from the wallet.
    await box.report(GAMBIR, 1);
    const ended = await (await request.post('/api/app/rides/current/end', { headers: member.headers, data: {} })).json();
    expect(ended.data).toMatchObject({ status: 4, payMethod: 1 });
    const paid = ended.data.paid as number;
    expect(paid).toBeGreaterThanOrEqual(2_000);
    expect(box.heard).toEqual(['unlock', 'lock']);
    const afterRide = await walletOf(request, member.headers);
    expect(afterRide.wallet + afterRide.bonus).toBe(before.wallet + before.bonus - paid);
    const orderNo = ended.data.orderNo as string;

    // Customer service finds it by the member's phone: paid, with its fare part by part and its track.
    await signIn(page, 'kitabike.cs.01');
    // The home's figures of today for Jakarta, this ride among today's.
    await expect(page.getByRole('link', { name: id('home.today.rides'), exact: true })).toBeVisible();
    await screenshot(page, 'home-figures');
    await page.goto('/operations/orderList');
    await page.getByRole('textbox', { name: id('field.rideOrder.memberPhone') }).fill('+6280000000001');
    await page.getByRole('button', { name: id('common.search') }).click();
    // That member's rides (other journeys ride as them too), this one among them.
    await expect(row(page, orderNo)).toHaveCount(1);
    await expect(row(page, orderNo)).toContainText(id('dict.ride_orders_status.4'));
    await screenshot(page, 'rides-list');
    await row(page, orderNo)
      .getByRole('button', { name: id('rideOrder.detail.open') })
      .click();
    const detail = page.getByRole('dialog');
    await expect(detail).toContainText(vehicle.vehicleNo);
    await expect(detail).toContainText(id('field.rideOrder.unlockFee'));
    await expect(detail.locator('.kayuh-map-point')).toHaveCount(2);
    // The two frames the box sent while riding: at Monas, then at Gambir.
    await expect(detail).toContainText(id('rideOrder.detail.frames', { count: 2 }));
    await screenshot(page, 'ride-detail');
    await detail.getByRole('button', { name: id('common.ok') }).click();

    // Its postings on the ride's page: the fare taken from the wallet and earned as ride revenue, in one transaction.
    await rowAction(page, orderNo, id('action.view'));
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: id('related.rideOrder.entries') }).click();
    const entries = drawer
      .getByRole('tabpanel')
      .getByRole('row')
      .filter({ hasText: id('dict.ledger_transactions_kind.RIDE_PAY') });
    await expect(entries).toHaveCount(2);
    await expect(entries.filter({ hasText: id('dict.ledger_entries_direction.D') })).toContainText(formatMoney(paid, 'IDR'));
    await expect(entries.filter({ hasText: id('dict.ledger_entries_direction.C') })).toContainText(formatMoney(paid, 'IDR'));
    await screenshot(page, 'ride-postings');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // A part refund of Rp 1,000: asked on the ride, approved on the refund list, and the member's balance has it.
    await row(page, orderNo)
      .getByRole('button', { name: id('transition.refundRide') })
      .click();
    const form = page.getByRole('dialog');
    await form.getByLabel(id('field.refund.amount')).fill('1000');
    await form.getByLabel(id('field.refund.reason')).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await form.getByRole('button', { name: id('transition.refundRide') }).click();
    await expect(form).toBeHidden();

    const refunds = (await (await request.post('/api/payment/refund/list', { headers: admin, data: { pageSize: 5 } })).json()).rows as Array<{
      refundNo: string;
      amount: number;
      bizType: string;
    }>;
    const refund = refunds.find((r) => r.bizType === 'ride_order' && r.amount === 1_000)!;
    await page.goto('/payment_main/refund/refundListPage');
    await row(page, refund.refundNo)
      .getByRole('button', { name: id('transition.approve') })
      .click();
    await page
      .locator('.ant-popover')
      .getByRole('button', { name: id('transition.approve') })
      .click();
    await expect(row(page, refund.refundNo)).toContainText(id('dict.refunds_status.3'));
    const refunded = await walletOf(request, member.headers);
    expect(refunded.wallet + refunded.bonus).toBe(afterRide.wallet + afterRide.bonus + 1_000);

    // The member's page shows the balances the refund restored, read from the ledger.
    await page.goto('/user_main/user_admin');
    await page.getByRole('textbox', { name: id('field.member.phone') }).fill('+6280000000001');
    await page.getByRole('button', { name: id('common.search') }).click();
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(row(page, '+6280000000001')).toContainText(formatMoney(refunded.wallet, 'IDR'));
    await expect(row(page, '+6280000000001')).toContainText(formatMoney(refunded.bonus, 'IDR'));
    await screenshot(page, 'ride-refund-member');
  } finally {
    await box.close();
  }
});
