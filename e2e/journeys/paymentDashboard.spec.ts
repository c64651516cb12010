import { expect, test } from '@playwright/test';
import { apiSignIn, id, screenshot, signIn } from '../support/console.ts';

const APP = { 'tenant-code': 'KITABIKE' };

test("the payment centre Home shows today's money, the refunds and the charts, and leads to the lists", async ({ page, request }) => {
  // A member tops up Rp 50,000 through the sandbox QRIS in Jakarta (the header's first city), and pays it.
  await request.post('/api/app/auth/otp/send', { headers: APP, data: { phone: '+6280000000001' } });
  const verified = await (await request.post('/api/app/auth/otp/verify', { headers: APP, data: { phone: '+6280000000001', code: '123456' } })).json();
  expect(verified.code).toBe(1000);
  const member = { ...APP, authorization: `Bearer ${verified.data.token}` };
  const topup = await (
    await request.post('/api/app/wallet/topup', {
      headers: { ...member, 'idempotency-key': `dashboard-journey-${Date.now()}` },
      data: { amount: 50_000, channelCode: 'QRIS', cityCode: 2001 },
    })
  ).json();
  expect(topup.code, JSON.stringify(topup)).toBe(1000);
  const payNo = topup.data.payNo as string;
  const admin = await apiSignIn(request, 'kitabike.admin');
  const paid = await (
    await request.post('/api/payment/sandbox/settle', { headers: { token: admin.token, userid: String(admin.userId) }, data: { payNo } })
  ).json();
  expect(paid.data).toMatchObject({ delivered: true, outcome: 'accepted' });

  await signIn(page, 'kitabike.fin.01');
  await page.goto('/payment_main');
  const dashboard = page.getByRole('region', { name: id('page.paymentDashboard.label', { module: id('menu.payment') }) });
  const figure = (key: string) =>
    dashboard
      .locator('.ant-statistic')
      .filter({ has: page.getByText(id(key), { exact: true }) })
      .locator('.ant-statistic-content');
  await expect(figure('page.paymentDashboard.paidToday')).toHaveText(/^Rp [1-9][\d,]*$/);
  await expect(figure('page.paymentDashboard.topupsToday')).toHaveText(/^Rp [1-9][\d,]*$/);
  await expect(figure('page.paymentDashboard.refundsPending')).toHaveText(/^\d[\d,]*$/);
  await expect(figure('page.paymentDashboard.failedCallbacks')).toHaveText(/^\d[\d,]*$/);
  await expect(figure('page.paymentDashboard.ledgerAudit')).toHaveText(
    new RegExp(`^(--|${id('page.paymentDashboard.auditOk')}|${id('page.paymentDashboard.auditDrift')})$`),
  );

  // Today by channel names QRIS by its dictionary label.
  const byChannel = dashboard.getByRole('region', { name: id('page.paymentDashboard.byChannel') });
  const drawing = byChannel.getByRole('img', { name: new RegExp(id('engine.chart.kind.bar')) });
  await expect(drawing.locator('svg')).toBeVisible();
  await expect(drawing.locator('svg text', { hasText: id('dict.payment_channels_channel_code.QRIS') })).toBeVisible();
  const byHour = dashboard.getByRole('region', { name: id('page.paymentDashboard.byHour', { zone: 'WIB' }) });
  await expect(byHour.getByRole('img', { name: new RegExp(id('engine.chart.kind.line')) }).locator('svg')).toBeVisible();
  await screenshot(page, 'payment-dashboard');

  // The paid figure leads to the paid orders, today's top-up among them.
  await dashboard.getByRole('link', { name: id('page.paymentDashboard.paidToday') }).click();
  await expect(page).toHaveURL(/\/payment_main\/transaction\/orderListPage\?status=2(,|%2C)5(,|%2C)6$/);
  await expect(page.locator('tr.ant-table-row').filter({ hasText: payNo })).toContainText(id('dict.payment_orders_status.2'));
});
