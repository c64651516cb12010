import { expect, test } from '@playwright/test';
import config from '../playwright.config.ts';
import { staff } from '../support/app.ts';
import { bikeBox } from '../support/box.ts';
import { browserFilming, phoneAt, photoOf } from '../support/camera.ts';
import { id, PASSWORD, row, screenshot, selectOptions, signIn } from '../support/console.ts';
import { assignTicket, expectFirstSettlementLine } from '../support/operations.ts';

/** Today in Jakarta. */
const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

test("a bike's low battery opens a swap ticket; the dispatcher assigns it; the technician swaps on a phone; the bike's charge approves it; the pay is in the technician's settlement", async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const admin = await staff(request, 'kitabike.admin');
  const techName = 'kitabike.tech.jakarta.02';
  const tech = (await (await request.post('/api/system/user/list', { headers: admin, data: { userName: techName } })).json()).rows[0] as {
    userId: number;
    nickName: string;
  };

  // Jakarta's low-battery rule raises at once (the tenant's waits five minutes) and opens a swap ticket, as the
  // tenant's does; an ops manager sets it on /alarm_main/basicConfig.
  const rule = await (
    await request.post('/api/alarm/rule/add', {
      headers: admin,
      data: { alarmCode: 'LOW_SOC', cityCode: 2001, targetType: '1', level: '3', threshold: 20, holdS: 0, recoverS: 0, autoTicketType: '2' },
    })
  ).json();
  expect(rule.code, JSON.stringify(rule)).toBe(1000);

  // A parked Jakarta bike with no open swap; its box is on the broker.
  const vehicles = await (await request.post('/api/vehicle/vehicle/list', { headers: admin, data: { opState: ['20'], pageSize: 100 } })).json();
  const openSwaps = await (await request.post('/api/operations/ticket/list', { headers: admin, data: { pageSize: 500 } })).json();
  const busy = new Set((openSwaps.rows as Array<{ vehicleNos: string }>).flatMap((r) => String(r.vehicleNos ?? '').split(', ')));
  const bike = (vehicles.rows as Array<{ vehicleId: number; vehicleNo: string }>).filter(
    (v) => v.vehicleNo.startsWith('KB-JKT') && !busy.has(v.vehicleNo),
  )[3]!;
  const here = { lat: -6.1754, lng: 106.8272 };
  const box = await bikeBox(request, admin, bike.vehicleId);

  // The pack runs low: the alarm is raised (the rules are read again within a minute) and, at the next minute's
  // ticket run, a swap ticket opens on the bike.
  await expect(async () => {
    await box.report(here, 0, 12);
    const alarms = await (
      await request.post('/api/alarm/alarm/list', { headers: admin, data: { alarmCode: 'LOW_SOC', vehicleId: bike.vehicleId } })
    ).json();
    expect(alarms.rows).toHaveLength(1);
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  let ticketNo = '';
  await expect(async () => {
    const list = await (await request.post('/api/operations/ticket/list', { headers: admin, data: { vehicleNos: bike.vehicleNo } })).json();
    const swap = (list.rows as Array<{ ticketNo: string; type: number; status: number; source: number }>).find((r) => r.type === 2 && r.status === 0);
    expect(swap?.source).toBe(3);
    ticketNo = swap!.ticketNo;
  }).toPass({ timeout: 90_000, intervals: [5_000] });

  // The Jakarta dispatcher assigns it to a technician.
  await signIn(page, 'kitabike.ops.jakarta');
  await page.goto(`/Ticket/battery/list?ticketNo=${ticketNo}`);
  await expect(row(page, ticketNo)).toContainText('LOW_SOC · AL');
  await assignTicket(page, ticketNo, techName);
  await screenshot(page, 'swap-assigned');

  // The warehouse hands the technician a charged pack.
  const packs = await (await request.post('/api/operations/battery/list', { headers: admin, data: { state: ['10'], pageSize: 50 } })).json();
  const pack = (packs.rows as Array<{ batteryId: number; batterySn: string; cityCode: number; version: number }>).find((b) => b.cityCode === 2001)!;
  const handed = await (
    await request.post('/api/operations/battery/dispatchOut', { headers: admin, data: { batteryId: pack.batteryId, version: pack.version } })
  ).json();
  expect(handed.code, JSON.stringify(handed)).toBe(1000);

  // The technician's phone, 390 px wide, its camera on the bike's sticker.
  const phoneBrowser = await browserFilming(`https://kayuh.id/v/${bike.vehicleNo}`);
  const phone = await phoneBrowser.newContext(phoneAt({ lat: here.lat + 0.0003, lng: here.lng }));
  const field = await phone.newPage();
  await field.goto('/operations/operation_tool');
  await field.getByLabel(id('shell.login.username')).fill(techName);
  await field.getByLabel(id('shell.login.password')).fill(PASSWORD);
  await field.getByRole('button', { name: id('shell.login.submit') }).click();
  await field.getByRole('button', { name: ticketNo }).click();
  await field.getByRole('button', { name: id('fieldTool.action.accept') }).click();
  await expect(field.getByText(id('fieldTool.done.accepted'))).toBeVisible();

  // At the bike: the camera reads its sticker, and the swap starts on it.
  await field.getByRole('button', { name: id('fieldTool.back') }).click();
  await field.getByText(id('fieldTool.tab.scan'), { exact: true }).click();
  await field.getByRole('button', { name: id('fieldTool.scan.camera') }).click();
  await expect(field.getByRole('region', { name: bike.vehicleNo })).toBeVisible({ timeout: 20_000 });
  await field.getByRole('button', { name: ticketNo }).click();
  await expect(field.getByLabel(id('field.ticket.scannedVehicleNo'))).toHaveValue(bike.vehicleNo);
  await field.getByRole('button', { name: id('fieldTool.action.start') }).click();

  // The pack carried goes in; a photo of the bike; submitted.
  const form = field.getByRole('region', { name: id('fieldTool.submit.title') });
  await form.getByLabel(id('field.ticket.newBatterySn')).fill(pack.batterySn);
  await form.getByTestId('field-photo-input').setInputFiles(await photoOf(bike.vehicleNo));
  await expect(form.getByRole('img', { name: id('fieldTool.submit.photoAlt', { n: 1 }) })).toBeVisible();
  await field.screenshot({ path: 'e2e/screenshots/swap-phone-submit.png' });
  await form.getByRole('button', { name: id('fieldTool.submit.send') }).click();
  const status = async () =>
    (await (await request.post('/api/operations/ticket/list', { headers: admin, data: { ticketNo } })).json()).rows[0].status as number;
  await expect.poll(status).toBe(4);

  // The bike reports the new pack's charge: the next minute's run approves the swap, and it closes.
  await box.report(here, 0, 95);
  await expect.poll(status, { timeout: 90_000, intervals: [5_000] }).toBe(7);

  // Finance settles the technician's day: the swap's piece pay is its line.
  const finance = await (await page.context().browser()!.newContext({ baseURL: config.use?.baseURL })).newPage();
  await signIn(finance, 'kitabike.fin.01');
  await finance.goto('/payment_main/settlement');
  await finance.getByRole('button', { name: id('action.add') }).click();
  const add = finance.getByRole('dialog');
  await add.getByLabel(id('field.settlement.technician')).click();
  // Staff are picked by their user name; the list names them.
  await finance.keyboard.type(techName);
  await selectOptions(finance).filter({ hasText: techName }).first().click();
  for (const name of ['periodStart', 'periodEnd'] as const) {
    await add.getByLabel(id(`field.settlement.${name}`)).fill(today());
    await add.getByLabel(id(`field.settlement.${name}`)).press('Enter');
  }
  await expect(add).toBeHidden();
  const mine = row(finance, tech.nickName);
  await expect(mine).toContainText(id('dict.settlements_party_type.4'));
  await expect(mine).toContainText(/5[.,]000/);
  const settlementNo = (await mine.locator('td').first().innerText()).trim();
  await expectFirstSettlementLine(finance, settlementNo, 'PIECE_2');
  await screenshot(finance, 'swap-piece-pay-settlement');

  await box.close();
  await phoneBrowser.close();
});
