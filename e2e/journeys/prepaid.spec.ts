import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { memberSignIn, staff, topUp, walletOf as balancesOf } from '../support/app.ts';
import { id, screenshot, signIn } from '../support/console.ts';

const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });
const key = (what: string) => `journey-${what}-${Date.now()}`;
const walletOf = async (request: APIRequestContext, headers: Record<string, string>) => (await balancesOf(request, headers)).wallet;

test('a member buys a PLN token from the wallet and gets it; finance settles a stuck pulsa order as failed and the wallet is refunded', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = (await memberSignIn(request)).headers;
  const admin = await staff(request, 'kitabike.admin');

  // Money in the wallet first: a QRIS top-up the sandbox pays.
  await topUp(request, member, admin, 100_000);
  const funded = await walletOf(request, member);

  // The app lists PLN tokens; the member buys Rp 20,000 for their meter and pays Rp 21,500 from the wallet.
  const products = (await (await request.get('/api/app/prepaid/products?kind=pln', { headers: member })).json()).data as Array<{
    productCode: string;
    sellPrice: number;
  }>;
  const token20 = products.find((p) => p.sellPrice === 21_500)!;
  const bought = await (
    await request.post('/api/app/prepaid/orders', {
      headers: { ...member, 'idempotency-key': key('pln') },
      data: { productCode: token20.productCode, customerId: '51234567890' },
    })
  ).json();
  expect(bought.data).toMatchObject({ status: 0, sellPrice: 21_500 });
  expect(await walletOf(request, member)).toBe(funded - 21_500);

  // IAK delivers and calls back: the app shows the token in five groups of four.
  const delivered = await (await request.post('/api/payment/sandbox/prepaid', { headers: admin, data: { orderNo: bought.data.orderNo } })).json();
  expect(delivered.data).toMatchObject({ delivered: true, outcome: 'accepted' });
  const shown = (await (await request.get(`/api/app/prepaid/orders/${bought.data.orderNo}`, { headers: member })).json()).data;
  expect(shown.token).toMatch(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/);

  // Finance sees it on the PLN orders page: delivered, with the token IAK sent.
  await signIn(page, 'kitabike.fin.01');
  await page.goto('/payment_main/PLN_order');
  await expect(row(page, bought.data.orderNo)).toContainText(id('dict.prepaid_orders_status.1'));
  await expect(row(page, bought.data.orderNo)).toContainText('Rp 21,500');
  await screenshot(page, 'prepaid-pln-orders');
  // Its detail carries IAK's serial number (the token first) and the ledger entries of the purchase and the delivery.
  await row(page, bought.data.orderNo)
    .getByRole('button', { name: id('action.view') })
    .click();
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText(shown.token.replaceAll(' ', '').slice(0, 4));
  await detail.getByRole('tab', { name: id('related.prepaidOrder.entries') }).click();
  await expect(detail).toContainText('PLT-IDR-IAK_DEPOSIT');
  await screenshot(page, 'prepaid-pln-detail');
  await page.keyboard.press('Escape');

  // Pulsa that IAK never finishes: finance checks IAK's report and settles it as failed; the wallet gets it back.
  const pulsa = await (
    await request.post('/api/app/prepaid/orders', {
      headers: { ...member, 'idempotency-key': key('pulsa') },
      data: { productCode: 'xld25000', customerId: '0817777215' },
    })
  ).json();
  expect(pulsa.data.status).toBe(0);
  await request.post('/api/payment/sandbox/prepaid', { headers: admin, data: { orderNo: pulsa.data.orderNo, outcome: 'stuck' } });
  const beforeRefund = await walletOf(request, member);
  await page.goto('/payment_main/IAK_list');
  await expect(row(page, pulsa.data.orderNo)).toContainText(id('dict.prepaid_orders_status.0'));
  await row(page, pulsa.data.orderNo)
    .getByRole('button', { name: id('common.more') })
    .click();
  await page.getByRole('menuitem', { name: id('transition.resolveFailed') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(id('field.prepaidOrder.resolveNote')).fill('IAK report: failed, the deposit was returned');
  await dialog.getByRole('button', { name: id('transition.resolveFailed') }).click();
  await expect(row(page, pulsa.data.orderNo)).toContainText(id('dict.prepaid_orders_status.2'));
  await screenshot(page, 'prepaid-iak-list');
  expect(await walletOf(request, member)).toBe(beforeRefund + 26_500);

  // The refund list shows the system's refund for it: service failed, to the wallet, done.
  await page.goto('/payment_main/refund/refundListPage');
  const refundRow = page
    .locator('tr.ant-table-row')
    .filter({ hasText: id('dict.refunds_reason.6') })
    .first();
  await expect(refundRow).toContainText(id('dict.refunds_status.3'));
  await expect(refundRow).toContainText('Rp 26,500');
});
