import { expect, test } from '@playwright/test';
import { memberSignIn } from '../support/app.ts';
import { fireConfirmed, id, row, rowAction, screenshot, signIn } from '../support/console.ts';

test('a rider asks in the app to invest; operations picks the application up and approves it into a partner with its payable account', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const rider = await memberSignIn(request);
  const company = `PT Modal Gowes ${Date.now() % 100_000}`;
  // The test number may hold an open application of an earlier run: withdrawn first, as its owner would.
  for (const open of (
    (await (await request.get('/api/app/partner/applications', { headers: rider.headers })).json()).data as Array<{
      applicationNo: string;
      status: number;
    }>
  ).filter((a) => a.status < 2))
    await request.post(`/api/app/partner/applications/${open.applicationNo}/withdraw`, { headers: rider.headers });
  const sent = await (
    await request.post('/api/app/partner/applications', {
      headers: rider.headers,
      data: { kind: 2, applicantName: 'Sari Wulandari', company, cityCode: 2001, plannedBatteries: 300, plannedInvestment: 750_000_000 },
    })
  ).json();
  expect(sent.code).toBe(1000);
  const applicationNo = sent.data.applicationNo as string;

  await signIn(page, 'kitabike.admin');
  await page.goto('/operations/join_list');
  await expect(row(page, applicationNo)).toContainText(id('dict.join_applications_status.0'));
  await expect(row(page, applicationNo)).toContainText('Rp 750,000,000');
  await rowAction(page, applicationNo, id('transition.pickUpApplication'));
  await expect(row(page, applicationNo)).toContainText(id('dict.join_applications_status.1'));
  await screenshot(page, 'join-applications');
  await fireConfirmed(page, applicationNo, 'approveApplication');
  await expect(row(page, applicationNo)).toContainText(id('dict.join_applications_status.2'));

  // The partner, owed nothing yet, with its payable account on the detail.
  await page.goto('/operations/partner_agency');
  await expect(row(page, company)).toContainText(id('dict.partner_agencies_kind.2'));
  await expect(row(page, company)).toContainText('Rp 0');
  await rowAction(page, company, id('action.view'));
  await expect(page.getByRole('dialog')).toContainText(/PTN-IDR-\d+-PAYABLE/);
  await screenshot(page, 'partner-detail');

  // The rider's app says it was approved.
  const mine = (await (await request.get('/api/app/partner/applications', { headers: rider.headers })).json()).data;
  expect(mine[0]).toMatchObject({ applicationNo, status: 2 });
});
