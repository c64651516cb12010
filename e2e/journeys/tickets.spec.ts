import { expect, test } from '@playwright/test';
import { staff } from '../support/app.ts';
import { fireConfirmed, id, row, rowAction, screenshot, signIn } from '../support/console.ts';
import { assignTicket, ticketOnAFreeBike } from '../support/operations.ts';

test('a dispatcher assigns an inspection; the technician accepts, starts on the scanned bike and submits; it is approved and closed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The tenant admin opens the ticket on a Jakarta vehicle with no open inspection.
  const admin = await staff(request, 'kitabike.admin');
  const {
    ticketNo,
    bike: { vehicleNo },
  } = await ticketOnAFreeBike(request, admin, '5', 'Inspeksi rem dan lampu');
  // Staff are picked by their user name; the list shows their name.
  const techName = 'kitabike.tech.jakarta.03';
  const people = await (await request.post('/api/system/user/list', { headers: admin, data: { userName: techName } })).json();
  const techNick = people.rows[0].nickName as string;

  // The Jakarta dispatcher sees it waiting on the Home and the list, and assigns it.
  await signIn(page, 'kitabike.ops.jakarta');
  await page.goto('/operations');
  await expect(page.getByText(id('page.operationsDashboard.open'), { exact: true })).toBeVisible();
  await screenshot(page, 'operations-home');
  await page.goto(`/Ticket/list?ticketNo=${ticketNo}`);
  await expect(row(page, ticketNo)).toContainText(vehicleNo);
  await expect(row(page, ticketNo)).toContainText(id('dict.tickets_status.0'));
  await assignTicket(page, ticketNo, techName);
  await expect(row(page, ticketNo)).toContainText(techNick);
  await screenshot(page, 'ticket-list');

  // The technician, on their own browser, accepts, starts on the bike they scanned and submits the outcome.
  const field = await (await browser.newContext()).newPage();
  await signIn(field, 'kitabike.tech.jakarta.03');
  await field.goto(`/Ticket/list?ticketNo=${ticketNo}`);
  // Their own ticket offers them Accept and Decline (what a dispatcher does is not theirs).
  await expect(row(field, ticketNo).getByRole('button', { name: id('transition.acceptTicket') })).toBeVisible();
  await expect(row(field, ticketNo).getByRole('button', { name: id('transition.unassignTicket') })).toHaveCount(0);
  await fireConfirmed(field, ticketNo, 'acceptTicket');
  await expect(row(field, ticketNo)).toContainText(id('dict.tickets_status.2'));
  await rowAction(field, ticketNo, id('transition.startTicket'));
  const start = field.getByRole('dialog');
  await start.getByLabel(id('field.ticket.scannedVehicleNo')).fill('KB-JKT-999999');
  await start.getByRole('button', { name: id('transition.startTicket') }).click();
  await expect(start.getByText(id('ticket.wrongVehicle', { vehicleNo: 'KB-JKT-999999' }))).toBeVisible();
  await start.getByLabel(id('field.ticket.scannedVehicleNo')).fill(vehicleNo);
  await start.getByRole('button', { name: id('transition.startTicket') }).click();
  await expect(row(field, ticketNo)).toContainText(id('dict.tickets_status.3'));
  await rowAction(field, ticketNo, id('transition.submitTicket'));
  const submit = field.getByRole('dialog');
  await submit.getByLabel(id('field.ticket.outcome')).click();
  await field
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: id('dict.ticket_items_outcome.1') })
    .click();
  await submit.getByLabel(id('field.ticket.note')).fill('Rem disetel, lampu baik');
  await submit.getByRole('button', { name: id('transition.submitTicket') }).click();
  await expect(row(field, ticketNo)).toContainText(id('dict.tickets_status.4'));
  // Not theirs to approve: the technician has no Approve.
  await expect(row(field, ticketNo).getByRole('button', { name: id('transition.approveTicket') })).toHaveCount(0);

  // The dispatcher approves; it closes, with its history from the create to the close.
  await page.reload();
  await expect(row(page, ticketNo)).toContainText(id('dict.tickets_status.4'));
  await fireConfirmed(page, ticketNo, 'approveTicket');
  await expect(row(page, ticketNo)).toContainText(id('dict.tickets_status.7'));
  await rowAction(page, ticketNo, id('action.view'));
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: id('engine.detail.history') }).click();
  const entries = drawer.locator('.ant-timeline-item');
  await expect(entries).toHaveCount(7);
  await expect(entries.nth(2)).toContainText(id('transition.submitTicket'));
  await expect(entries.nth(2)).toContainText('Rem disetel, lampu baik');
  await screenshot(page, 'ticket-history');
});
