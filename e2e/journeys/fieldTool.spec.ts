import { expect, test } from '@playwright/test';
import { staff } from '../support/app.ts';
import { bikeBox } from '../support/box.ts';
import { browserFilming, phoneAt, photoOf } from '../support/camera.ts';
import { id, PASSWORD } from '../support/console.ts';
import { ticketOnAFreeBike } from '../support/operations.ts';

test('a technician on a phone grabs an inspection, scans the bike, rings it, starts, and submits offline; the submit goes once the network is back', async ({
  request,
}) => {
  test.setTimeout(180_000);
  // An inspection waits, unassigned, on a Jakarta bike whose box is online beside the technician.
  const admin = await staff(request, 'kitabike.admin');
  const { bike, ...ticket } = await ticketOnAFreeBike(request, admin, '5', 'Inspeksi bulanan', { fromEnd: true });
  const here = { lat: -6.2001, lng: 106.8167 };
  const box = await bikeBox(request, admin, bike.vehicleId);
  await box.report(here, 0);

  // The technician's phone: 390 px wide, a camera filming the bike's sticker, the position beside the bike.
  const browser = await browserFilming(`https://kayuh.id/v/${bike.vehicleNo}`);
  const phone = await browser.newContext(phoneAt({ lat: here.lat + 0.0005, lng: here.lng }));
  const page = await phone.newPage();
  const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png` });

  // The tool opens without a session and asks for the technician's sign-in.
  await page.goto('/operations/operation_tool');
  await expect(page.getByText(id('fieldTool.signIn'))).toBeVisible();
  await shot('field-signin');
  await page.getByLabel(id('shell.login.username')).fill('kitabike.tech.jakarta.04');
  await page.getByLabel(id('shell.login.password')).fill(PASSWORD);
  await page.getByRole('button', { name: id('shell.login.submit') }).click();

  // Their list: their own tickets, then those up for grabs, nearest first — the new one is metres away.
  const card = page.getByRole('button', { name: ticket.ticketNo });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/\d+ m/);
  await expect(page.getByText(id('fieldTool.list.nearest'))).toBeVisible();
  await shot('field-tickets');

  // At the bike: the camera reads its sticker; the bike's live status and its open ticket show; it rings.
  await page.getByText(id('fieldTool.tab.scan'), { exact: true }).click();
  await page.getByRole('button', { name: id('fieldTool.scan.camera') }).click();
  const vehicle = page.getByRole('region', { name: bike.vehicleNo });
  await expect(vehicle).toBeVisible({ timeout: 20_000 });
  await expect(vehicle).toContainText(id('monitor.online'));
  await vehicle.getByRole('button', { name: id('device.command.ring') }).click();
  await expect(vehicle.getByRole('status')).toContainText(id('device.command.ring.done'));
  expect(box.heard).toContain('ring');
  await shot('field-scan');

  // The ticket: grab it, then start on the bike just scanned (its number is filled in from the scan).
  await page.getByRole('button', { name: ticket.ticketNo }).click();
  await page.getByRole('button', { name: id('fieldTool.action.grab') }).click();
  await expect(page.getByLabel(id('field.ticket.scannedVehicleNo'))).toHaveValue(bike.vehicleNo);
  await page.getByRole('button', { name: id('fieldTool.action.start') }).click();
  const form = page.getByRole('region', { name: id('fieldTool.submit.title') });
  await expect(form).toBeVisible();

  // The signal drops. The technician reports, ticks the checklist, takes a photo and submits: it waits on the phone.
  await phone.setOffline(true);
  await expect(page.getByText(id('fieldTool.offline'))).toBeVisible();
  await form.getByText(id('dict.ticket_items_outcome.3')).click();
  await form.getByText('Rem', { exact: true }).click();
  await form.getByText('Lampu', { exact: true }).click();
  await form.getByTestId('field-photo-input').setInputFiles(await photoOf(bike.vehicleNo));
  await expect(form.getByRole('img', { name: id('fieldTool.submit.photoAlt', { n: 1 }) })).toBeVisible();
  await shot('field-submit');
  await form.getByRole('button', { name: id('fieldTool.submit.send') }).click();
  await expect(page.getByText(id('fieldTool.done.queued'))).toBeVisible();
  await page.getByRole('button', { name: id('fieldTool.outbox.title') }).click();
  await expect(page.getByRole('region', { name: id('fieldTool.outbox.title') })).toContainText(ticket.ticketNo);
  await shot('field-outbox-offline');

  // The network returns, but the server's answer to the first send is lost on the way back: the submit stays queued.
  let sends = 0;
  await page.route('**/api/operations/operation_tool/ticket/submitTicket', async (route) => {
    sends += 1;
    if (sends === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await phone.setOffline(false);
  await expect.poll(() => sends).toBe(1);
  const status = async () =>
    (await (await request.post('/api/operations/ticket/list', { headers: admin, data: { ticketNo: ticket.ticketNo } })).json()).rows[0].status;
  await expect.poll(status).toBe(4);
  const outbox = page.getByRole('region', { name: id('fieldTool.outbox.title') });
  await expect(outbox).toContainText(ticket.ticketNo);

  // Sent again with its key, it gets the first answer: the outbox empties and the ticket was submitted once.
  await outbox.getByRole('button', { name: id('fieldTool.outbox.sendNow') }).click();
  await expect(outbox).toContainText(id('fieldTool.outbox.empty'));
  expect(sends).toBe(2);
  const events = await (await request.get(`/api/operations/ticket/${ticket.ticketId}/events`, { headers: admin })).json();
  expect((events.rows as Array<{ event: string }>).filter((e) => e.event === 'submitTicket')).toHaveLength(1);
  const items = await (await request.post('/api/operations/ticketItem/list', { headers: admin, data: { ticketNo: ticket.ticketNo } })).json();
  expect(items.rows[0]).toMatchObject({ outcome: 3 });
  await shot('field-outbox-sent');

  await box.close();
  await browser.close();
});
