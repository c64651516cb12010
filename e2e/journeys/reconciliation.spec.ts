import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { memberSignIn, staff } from '../support/app.ts';
import { id, screenshot, signIn } from '../support/console.ts';

const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

test("finance imports the QRIS gateway's settlement report: the paid top-up matches and its fee and bank settlement are posted", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A member tops up Rp 75,000 by QRIS and pays it at the sandbox.
  const member = (await memberSignIn(request)).headers;
  const topup = await (
    await request.post('/api/app/wallet/topup', {
      headers: { ...member, 'idempotency-key': `journey-recon-${Date.now()}` },
      data: { amount: 75_000, channelCode: 'QRIS' },
    })
  ).json();
  const paid = await (
    await request.post('/api/payment/sandbox/settle', { headers: await staff(request, 'kitabike.admin'), data: { payNo: topup.data.payNo } })
  ).json();
  expect(paid.data.delivered).toBe(true);

  // Finance opens the QRIS merchant's import, takes the report the gateway (here its sandbox) published, and imports it.
  await signIn(page, 'kitabike.fin.01');
  await page.goto('/payment_main/merchant/merchantListPage');
  const qris = row(page, 'MIDTRANS-KITABIKE-1');
  const direct = qris.getByRole('button', { name: id('reconciliation.importAction') });
  if (await direct.count()) await direct.click();
  else {
    await qris.getByRole('button', { name: id('common.more') }).click();
    await page.getByRole('menuitem', { name: id('reconciliation.importAction') }).click();
  }
  const dialog = page.getByRole('dialog');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: id('reconciliation.sandboxReport') }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(topup.data.payNo);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'qris-settlement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: id('reconciliation.import'), exact: true }).click();
  // Every line of the report matched a paid order (the sandbox's report holds every QRIS payment it took).
  await expect(dialog.locator('.ant-alert-success')).toContainText(/RC\d{14}/);
  await screenshot(page, 'reconciliation-import');
  await dialog.getByRole('button', { name: id('common.ok') }).click();
  // The top-up now carries the gateway's fee: 0.7% of Rp 75,000.
  const orders = await (
    await request.post('/api/payment/order/list', { headers: await staff(request, 'kitabike.admin'), data: { payNo: topup.data.payNo } })
  ).json();
  expect(orders.rows[0]).toMatchObject({ payNo: topup.data.payNo, channelFee: 525 });

  // The report stays on the merchant's detail, with its lines matched.
  await qris.getByRole('button', { name: id('action.view') }).click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('tab', { name: id('related.paymentChannel.settlements') }).click();
  await expect(detail.locator('tr.ant-table-row').first()).toContainText('qris-settlement.csv');
  await screenshot(page, 'reconciliation-reports');
});
