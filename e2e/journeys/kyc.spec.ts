import { expect, test } from '@playwright/test';
import { idCardPicture, selfiePicture } from '../../server/src/db/seed/demoPictures.ts';
import { memberSignIn } from '../support/app.ts';
import { id, row, rowAction, screenshot, signIn } from '../support/console.ts';

const PHONE = '+6280000000001';
const NIK = '3171015508970012';

test('a rider sends a KTP and a selfie; customer service reviews the photos side by side, reveals the NIK and approves; the member is verified', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await memberSignIn(request);
  const sent = await (
    await request.post('/api/app/kyc', {
      headers: member.headers,
      multipart: {
        idType: '1',
        idNumber: '3171 0155 0897 0012',
        realName: 'Dewi Lestari',
        idPhoto: { name: 'ktp.png', mimeType: 'image/png', buffer: idCardPicture(3) },
        selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: selfiePicture(3) },
      },
    })
  ).json();
  expect(sent.code, JSON.stringify(sent)).toBe(1000);
  expect(sent.data.review.idNumberMasked).toBe('3171********0012');

  await signIn(page, 'kitabike.cs.01');
  await page.goto('/user_main/userReview');
  await page.getByRole('textbox', { name: id('field.kycReview.memberPhone') }).fill(PHONE);
  await page.getByRole('button', { name: id('common.search') }).click();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(row(page, 'Dewi Lestari')).toContainText('3171********0012');
  await screenshot(page, 'kyc-queue');

  await rowAction(page, 'Dewi Lestari', id('kyc.review.title'));
  const dialog = page.getByRole('dialog');
  // Both photos load, read with the session (they are not public files).
  await expect(dialog.getByRole('img', { name: id('kyc.review.idPhoto') })).toBeVisible();
  await expect(dialog.getByRole('img', { name: id('kyc.review.selfie') })).toBeVisible();
  await dialog.getByRole('button', { name: id('kyc.reveal') }).click();
  await expect(dialog.getByText(NIK)).toBeVisible();
  await screenshot(page, 'kyc-review');
  await dialog.getByRole('button', { name: id('transition.approveKyc') }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Dewi Lestari')).toContainText(id('dict.kyc_reviews_status.1'));

  // The member is verified, the NIK masked on the member's page and revealed there too.
  await page.goto('/user_main/user_admin');
  await page.getByRole('textbox', { name: id('field.member.phone') }).fill(PHONE);
  await page.getByRole('button', { name: id('common.search') }).click();
  await expect(row(page, PHONE)).toContainText(id('dict.members_kyc_status.2'));
  await rowAction(page, PHONE, id('action.view'));
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText('3171********0012');
  await expect(drawer).toContainText('Dewi Lestari');
  await screenshot(page, 'kyc-member');
  expect((await (await request.get('/api/app/kyc', { headers: member.headers })).json()).data.kycStatus).toBe(2);
});
