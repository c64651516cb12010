import { expect, test } from '@playwright/test';
import { bikePhotoPicture } from '../../server/src/db/seed/demoPictures.ts';
import { memberSignIn, staff } from '../support/app.ts';
import { id, row, rowAction, screenshot, selectOptions, signIn } from '../support/console.ts';

test('a rider reports a worn brake with a photo; customer service finds it from the customer centre Home, reads it, links the fault and resolves it; the app shows the answer', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await memberSignIn(request);
  const admin = await staff(request, 'kitabike.admin');
  const fleet = (
    await (await request.post('/api/vehicle/vehicle/list', { headers: admin, data: { pageSize: 50, cityCode: 2001, opState: '20' } })).json()
  ).rows as Array<{
    vehicleNo: string;
    cityCode: number;
  }>;
  // One the other journeys do not ride (they take the first with an IoT box).
  const bike = fleet.at(-1)!;
  const sent = await (
    await request.post('/api/app/feedback', {
      headers: member.headers,
      multipart: {
        type: '1',
        content: 'Rem belakang aus, sepeda susah berhenti di turunan.',
        vehicleNo: bike.vehicleNo,
        photo1: { name: 'rem.png', mimeType: 'image/png', buffer: bikePhotoPicture(5) },
      },
    })
  ).json();
  expect(sent.code, JSON.stringify(sent)).toBe(1000);
  const feedbackNo = sent.data.feedbackNo as string;

  await signIn(page, 'kitabike.cs.01');
  // The customer centre Home counts it among the open feedback, and leads to the list of it.
  await page.goto('/user_main');
  await expect(page.getByRole('link', { name: id('page.memberDashboard.openFeedback') })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: id('page.memberDashboard.byKyc') })
      .getByRole('img')
      .first(),
  ).toBeVisible();
  await screenshot(page, 'customer-home');
  await page.getByRole('link', { name: id('page.memberDashboard.openFeedback') }).click();
  await expect(page).toHaveURL(/\/user_main\/backFeed\?status=0,1/);
  await expect(row(page, feedbackNo)).toBeVisible();
  await page.getByRole('textbox', { name: id('field.feedback.feedbackNo') }).fill(feedbackNo);
  await page.getByRole('button', { name: id('common.search') }).click();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(row(page, feedbackNo)).toContainText(bike.vehicleNo);
  await expect(row(page, feedbackNo)).toContainText(id('dict.feedbacks_status.0'));
  await screenshot(page, 'feedback-list');

  // Read whole: the rider's words and photo, fetched with the session (it is not a public file).
  await rowAction(page, feedbackNo, id('feedback.open'));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Rem belakang aus');
  await expect(dialog.getByRole('img', { name: id('feedback.photoAlt', { index: 1 }) })).toBeVisible();
  await screenshot(page, 'feedback-open');
  await dialog.getByRole('button', { name: id('common.ok') }).click();
  await expect(dialog).toBeHidden();

  // The fault on the bike, raised from the report: a worn brake takes it to maintenance.
  await rowAction(page, feedbackNo, id('transition.linkFault'));
  const linkForm = page.getByRole('dialog');
  await linkForm.getByLabel(id('field.feedback.faultTypeId')).click();
  await selectOptions(page)
    .filter({ hasText: id('fault.BRAKE') })
    .click();
  await linkForm.getByRole('button', { name: id('transition.linkFault') }).click();
  await expect(linkForm).toBeHidden();
  await expect(row(page, feedbackNo)).toContainText(id('dict.feedbacks_status.1'));

  await rowAction(page, feedbackNo, id('transition.resolveFeedback'));
  const resolveForm = page.getByRole('dialog');
  await resolveForm.getByLabel(id('field.feedback.reply')).fill('Terima kasih, sepeda sudah kami tarik untuk perbaikan rem.');
  await screenshot(page, 'feedback-resolve');
  await resolveForm.getByRole('button', { name: id('transition.resolveFeedback') }).click();
  await expect(resolveForm).toBeHidden();
  // Resolved, it leaves the open list the Home led to.
  await expect(row(page, feedbackNo)).toHaveCount(0);

  const vehicle = (
    await (await request.post('/api/vehicle/vehicle/list', { headers: admin, data: { pageSize: 1, vehicleNo: bike.vehicleNo } })).json()
  ).rows[0];
  expect(vehicle.opState).toBe(80);
  const mine = (await (await request.get('/api/app/feedback', { headers: member.headers })).json()).data.rows;
  expect(mine.find((f: { feedbackNo: string }) => f.feedbackNo === feedbackNo)).toMatchObject({
    status: 2,
    reply: 'Terima kasih, sepeda sudah kami tarik untuk perbaikan rem.',
  });
});
