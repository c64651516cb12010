import { expect, test } from '@playwright/test';
import { staff } from '../support/app.ts';
import { fireConfirmed, id, row, rowAction, screenshot, signIn } from '../support/console.ts';

test('an application is picked up and approved into a merchant with its account and owner, who gets a password', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await staff(request, 'kitabike.admin');
  const suffix = Date.now() % 100_000;
  const shop = `Toko Jalan ${suffix}`;
  const phone = `+6281355${String(suffix).padStart(6, '0')}`;
  // Customer service took the application on the phone.
  const submitted = await (
    await request.post('/api/merchant/application/add', {
      headers: admin,
      data: {
        applicantName: 'Ayu Lestari',
        phone,
        companyName: shop,
        merchantType: '1',
        cityCode: 2001,
        address: 'Jl. Kemang Raya No. 8, Jakarta Selatan',
        lat: -6.26,
        lng: 106.81,
        plannedSites: 2,
        ktpPhoto: '/api/files/uploads/2/2026/11/00000000-0000-4000-8000-000000000001.png',
        shopPhoto: '/api/files/uploads/2/2026/11/00000000-0000-4000-8000-000000000002.png',
      },
    })
  ).json();
  expect(submitted.code).toBe(1000);
  const applicationNo = submitted.data.applicationNo as string;

  await signIn(page, 'kitabike.admin');
  await page.goto('/main');
  await expect(page.getByText(id('page.merchantDashboard.waiting'))).toBeVisible();
  await screenshot(page, 'merchant-home');

  await page.goto('/main/application');
  await expect(row(page, applicationNo)).toContainText(id('dict.merchant_applications_status.0'));
  await rowAction(page, applicationNo, id('transition.pickUpApplication'));
  await expect(row(page, applicationNo)).toContainText(id('dict.merchant_applications_status.1'));
  await screenshot(page, 'merchant-applications');
  await fireConfirmed(page, applicationNo, 'approveApplication');
  await expect(row(page, applicationNo)).toContainText(id('dict.merchant_applications_status.2'));

  // The merchant, owed nothing yet, with its payable account on the detail.
  await page.goto('/main/merchant');
  const merchant = row(page, shop);
  await expect(merchant).toContainText(id('dict.merchants_status.0'));
  await expect(merchant).toContainText('Rp 0');
  await rowAction(page, shop, id('action.view'));
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText(/MCH-IDR-\d+-PAYABLE/);
  await detail.getByRole('tab', { name: id('related.merchant.staff') }).click();
  await expect(detail).toContainText('Ayu Lestari');
  await expect(detail).toContainText(id('dict.merchant_staff_role.1'));
  await screenshot(page, 'merchant-detail');
  await page.keyboard.press('Escape');

  // The owner gets a password for the merchant app, shown once.
  await page.goto('/main/staff');
  await rowAction(page, phone, id('merchantStaff.resetPassword'));
  const issue = page.getByRole('dialog');
  await issue.getByRole('button', { name: id('merchantStaff.resetPassword') }).click();
  await expect(issue.getByText(id('merchantStaff.resetPassword.once', { phone }))).toBeVisible();
  await expect(issue.locator('code')).toHaveText(/^[A-Za-z2-9]{10}$/);
  await screenshot(page, 'merchant-staff-password');
  await issue.getByRole('button', { name: id('common.ok') }).click();
  await expect(row(page, phone)).toContainText(id('common.yes'));
});
