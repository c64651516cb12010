import { expect, test, type Page } from '@playwright/test';
import { memberSignIn, staff, walletOf } from '../support/app.ts';
import { id, screenshot, signIn } from '../support/console.ts';

const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

test('a member tops up through the sandbox QRIS; finance sees the order, its entries and the balance, and a refund reaches the wallet', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await memberSignIn(request);
  const before = await walletOf(request, member.headers);

  // The app shows the packages, and the member picks Rp 50,000 (+ Rp 5,000 bonus): a dynamic QRIS code to scan.
  const packages = (await (await request.get('/api/app/wallet/packages', { headers: member.headers })).json()).data as Array<{
    packageId: number;
    amount: number;
    bonus: number;
  }>;
  const fifty = packages.find((p) => p.amount === 50_000)!;
  expect(fifty.bonus).toBe(5_000);
  const topup = await (
    await request.post('/api/app/wallet/topup', {
      headers: { ...member.headers, 'idempotency-key': `journey-${Date.now()}` },
      data: { amount: 50_000, channelCode: 'QRIS', packageId: fifty.packageId },
    })
  ).json();
  expect(topup.code).toBe(1000);
  expect(topup.data.pay.payload).toMatch(/^000201010212/);
  const payNo = topup.data.payNo as string;

  // The payer's bank app pays the code: the sandbox sends the gateway's own signed notification.
  const admin = await staff(request, 'kitabike.admin');
  const paid = await (await request.post('/api/payment/sandbox/settle', { headers: admin, data: { payNo } })).json();
  expect(paid.data).toMatchObject({ delivered: true, outcome: 'accepted' });
  expect(await walletOf(request, member.headers)).toEqual(expect.objectContaining({ wallet: before.wallet + 50_000, bonus: before.bonus + 5_000 }));

  // Finance reads it in the console: the top-up, paid; its entries on the account flow; the wallet's new balance.
  await signIn(page, 'kitabike.fin.01');
  await page.goto('/payment_main/recharge/list');
  await expect(row(page, payNo)).toContainText(id('dict.payment_orders_status.2'));
  await expect(row(page, payNo)).toContainText('Rp 50,000');
  await screenshot(page, 'wallet-topups');

  const walletNo = `MBR-IDR-${member.memberId}-WALLET`;
  await page.goto('/payment_main/account_order/accountOrderListPage');
  await expect(row(page, walletNo).first()).toContainText('Rp 50,000');
  await expect(row(page, `MBR-IDR-${member.memberId}-BONUS`).first()).toContainText('Rp 5,000');
  await screenshot(page, 'wallet-flow');

  await page.goto('/payment_main/account/accountListPage');
  await page.getByRole('textbox', { name: id('field.account.accountNo') }).fill(walletNo);
  await page.getByRole('button', { name: id('common.search') }).click();
  await expect(row(page, walletNo)).toContainText(`Rp ${(before.wallet + 50_000).toLocaleString('en-US')}`);

  // Customer service grants Rp 10,000 as goodwill; finance approves it on the refund list and it reaches the wallet.
  const cs = await staff(request, 'kitabike.cs.01');
  const asked = await (
    await request.post('/api/payment/refund/request', {
      headers: cs,
      data: { memberPhone: '+6280000000001', amount: 10_000, reason: 7, destination: 2, requestId: `journey-${Date.now()}` },
    })
  ).json();
  expect(asked.code, JSON.stringify(asked)).toBe(1000);
  const refundNo = asked.data.refundNo as string;
  await page.goto('/payment_main/refund/refundListPage');
  await expect(row(page, refundNo)).toContainText(id('dict.refunds_status.0'));
  await row(page, refundNo)
    .getByRole('button', { name: id('transition.approve') })
    .click();
  await page
    .locator('.ant-popover')
    .getByRole('button', { name: id('transition.approve') })
    .click();
  await expect(row(page, refundNo)).toContainText(id('dict.refunds_status.3'));
  await screenshot(page, 'wallet-refunds');
  expect((await walletOf(request, member.headers)).wallet).toBe(before.wallet + 60_000);
});
