import { expect, test } from '@playwright/test';
import { memberSignIn, staff, topUp, walletOf } from '../support/app.ts';
import { cabinetOnLink } from '../support/cabinet.ts';
import { id, row, rowAction, screenshot, signIn } from '../support/console.ts';

const PHONE = '+6280000000001';
const CABINET = 'JKT-CAB-03';

test('the admin issues a cabinet its key; the cabinet signs in with it; a rider swaps a battery there; the console shows the swap, its postings and the bays', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const member = await memberSignIn(request);
  await topUp(request, member.headers, await staff(request, 'kitabike.fin.01'), 20_000);
  const before = await walletOf(request, member.headers);

  // The admin issues the cabinet's key on the stations page: shown once, to copy into the cabinet.
  await signIn(page, 'kitabike.admin');
  await page.goto('/main/merchantoperation');
  await page.getByRole('textbox', { name: id('field.station.stationCode') }).fill(CABINET);
  await page.getByRole('button', { name: id('common.search') }).click();
  // The search's answer has come: the cabinet's row alone (a row redrawn under its open menu takes no click).
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await rowAction(page, CABINET, id('device.key.title'));
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: id('device.key.issue') }).click();
  const key = (await dialog.locator('code').innerText()).trim();
  expect(key.length).toBeGreaterThan(30);
  await screenshot(page, 'cabinet-key');
  await dialog.getByRole('button', { name: id('common.ok') }).click();
  // The cabinet's bays are read through the API by the admin (one session per user: the browser moves on to customer service).
  const admin = await staff(request, 'kitabike.admin');
  const station = (
    (await (await request.post('/api/merchant/station/list', { headers: admin, data: { stationCode: CABINET, pageSize: 5 } })).json()).rows as Array<{
      stationId: number;
      stationCode: string;
      deviceSn: string;
    }>
  ).find((s) => s.stationCode === CABINET)!;

  // The cabinet signs in with it and reports its bays; the rider scans it.
  const cabinet = await cabinetOnLink(request, admin, station.stationId, station.deviceSn, key);
  try {
    await cabinet.report();
    const started = await (
      await request.post('/api/app/swaps', {
        headers: { ...member.headers, 'idempotency-key': `journey-swap-${Date.now()}` },
        data: { stationCode: CABINET },
      })
    ).json();
    expect(started.code, JSON.stringify(started)).toBe(1000);
    const orderNo = started.data.orderNo as string;
    // The rider carries no pack yet: the fullest pack's door opens at once; taking it completes the swap.
    expect(started.data.status).toBe(1);
    expect(cabinet.opened).toEqual([started.data.slotOut]);
    await cabinet.report((bays) =>
      Object.assign(
        bays.find((b) => b.slotNo === started.data.slotOut)!,
        { state: 'empty', batterySn: null, soc: null },
      ),
    );
    const done = (await (await request.get(`/api/app/swaps/${orderNo}`, { headers: member.headers })).json()).data;
    expect(done).toMatchObject({ status: 2, fee: 12_000 });
    expect((await walletOf(request, member.headers)).wallet + (await walletOf(request, member.headers)).bonus).toBe(
      before.wallet + before.bonus - 12_000,
    );

    // Finance finds it among the swaps by the member's phone: completed, Rp 12,000, its postings on the detail.
    // The admin's browser session ended when the API signed the admin in: the console asks again, on the page it was on.
    await signIn(page, 'kitabike.fin.01', { from: /\/main\/merchantoperation/ });
    await page.goto('/payment_main/station_debit/stationDebitListPage');
    await page.getByRole('textbox', { name: id('field.swapOrder.memberPhone') }).fill(PHONE);
    await page.getByRole('button', { name: id('common.search') }).click();
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(row(page, orderNo)).toContainText(id('dict.swap_orders_status.2'));
    await screenshot(page, 'swaps-list');
    await row(page, orderNo)
      .getByRole('button', { name: id('action.view') })
      .click();
    const detail = page.getByRole('dialog');
    await expect(detail).toContainText('Rp 12,000');
    await detail.getByRole('tab', { name: id('related.swapOrder.entries') }).click();
    await expect(detail).toContainText('REV_SWAP');
    await screenshot(page, 'swap-detail');
  } finally {
    await cabinet.close();
  }
});
