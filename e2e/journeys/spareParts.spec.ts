import { expect, test } from '@playwright/test';
import { LOW_SPARE_STOCK } from '../../contract/src/resources/spareParts.ts';
import { staff } from '../support/app.ts';
import type { APIRequestContext, Locator } from '@playwright/test';
import { photoOf } from '../support/camera.ts';
import { dismissNotices, id, row, rowAction, screenshot, selectOptions, signIn } from '../support/console.ts';
import { ticketOnAFreeBike } from '../support/operations.ts';

const PADS = 'Kampas rem depan';
/** A row of a tab's table (each tab keeps its own table). */
const rowIn = (panel: Locator, text: string) => panel.locator('tr.ant-table-row').filter({ hasText: text });

test('the storekeeper finds the Jakarta depot short of brake pads, buys forty, and the shelf and its alarm say so', async ({ page, request }) => {
  await signIn(page, 'kitabike.ops.jakarta');
  await page.goto('/operations/sparepart');

  // The shelves below their safety stock: the demo's pads, used up by repairs.
  await page.getByRole('tab', { name: id('sparePart.stocks') }).click();
  const stocks = page.getByRole('tabpanel', { name: id('sparePart.stocks') });
  await stocks.getByLabel(id('field.sparePartStock.belowSafety')).click();
  await selectOptions(page)
    .filter({ hasText: id('common.yes') })
    .first()
    .click();
  await stocks.getByRole('button', { name: id('common.search') }).click();
  await expect(rowIn(stocks, PADS)).toHaveCount(1);
  await expect(rowIn(stocks, PADS).getByRole('cell', { name: '7', exact: true })).toBeVisible();
  await screenshot(page, 'spare-parts-short');

  // A purchase on the movements tab.
  await page.getByRole('tab', { name: id('sparePart.movements') }).click();
  const movements = page.getByRole('tabpanel', { name: id('sparePart.movements') });
  await movements.getByRole('button', { name: id('action.add') }).click();
  const drawer = page.getByRole('dialog');
  const pick = async (label: string, option: string) => {
    await drawer.getByLabel(id(label), { exact: true }).click();
    await selectOptions(page).filter({ hasText: option }).first().click();
  };
  await pick('field.sparePartMovement.move', id('sparePart.move.purchaseIn'));
  await pick('field.sparePartMovement.partId', PADS);
  await pick('field.sparePartMovement.depotId', 'Gudang Jakarta');
  await drawer.getByLabel(id('field.sparePartMovement.qty')).fill('40');
  await drawer.getByLabel(id('field.sparePartMovement.remark')).fill('PO-2026-118');
  await screenshot(page, 'spare-parts-purchase');
  // The console's live notices (the city's overdue tickets) sit over the drawer's corner: read, then closed.
  await dismissNotices(page);
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved'))).toBeVisible();
  const bought = rowIn(movements, 'PO-2026-118');
  await expect(bought).toContainText(PADS);
  await expect(bought.getByRole('cell', { name: '47', exact: true })).toBeVisible();

  // The shelf holds 47, no longer short.
  await page.getByRole('tab', { name: id('sparePart.stocks') }).click();
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: id('common.reset') })
    .click();
  await expect(rowIn(stocks, PADS).getByRole('cell', { name: '47', exact: true })).toBeVisible();
  await screenshot(page, 'spare-parts-stocked');

  // The alarm the shortage raised has recovered by itself.
  const admin = await staff(request, 'kitabike.admin');
  const alarms = (await (await request.post('/api/alarm/alarm/list', { headers: admin, data: { alarmCode: LOW_SPARE_STOCK, pageSize: 50 } })).json())
    .rows as Array<{
    status: number;
    cityCode: number;
  }>;
  expect(alarms.filter((a) => a.cityCode === 2001 && a.status <= 1)).toHaveLength(0);
});

/** Brake pads on the Jakarta depot's shelf, as the stock list says. */
async function padsInJakarta(request: APIRequestContext, headers: Record<string, string>) {
  const stocks = await (await request.post('/api/operations/sparePartStock/list', { headers, data: { pageSize: 100 } })).json();
  const shelf = (stocks.rows as Array<{ partName: string; cityCode: number; qty: number }>).find((s) => s.partName === PADS && s.cityCode === 2001);
  return shelf!.qty;
}

test('a technician at the desk submits a repair that used two brake pads: the pads leave the shelf with it', async ({ page, request }) => {
  // A repair the technician has taken and started at the bike (the field tool's steps, through the API).
  const admin = await staff(request, 'kitabike.admin');
  const tech = await staff(request, 'kitabike.tech.jakarta.01');
  const { bike, ...ticket } = await ticketOnAFreeBike(request, admin, '4', 'Rem depan aus');
  for (const [event, data] of [
    ['grabTicket', {}],
    ['startTicket', { vehicleNo: bike.vehicleNo }],
  ] as const)
    expect(
      (await (await request.post(`/api/operations/ticket/${event}`, { headers: tech, data: { ticketId: ticket.ticketId, ...data } })).json()).code,
    ).toBe(1000);
  const before = await padsInJakarta(request, admin);

  // At the workshop's desk, the technician submits it from the ticket list with its two photos and the pads it used.
  await signIn(page, 'kitabike.tech.jakarta.01');
  await page.goto('/Ticket/list');
  await expect(row(page, ticket.ticketNo)).toContainText(id('dict.tickets_status.3'));
  await rowAction(page, ticket.ticketNo, id('transition.submitTicket'));
  const dialog = page.getByRole('dialog');
  for (const n of [0, 1])
    await dialog
      .locator('input[type="file"]')
      .nth(n)
      .setInputFiles(await photoOf(`${ticket.ticketNo} ${n}`));
  await expect(dialog.locator('.ant-upload-list-item img')).toHaveCount(2);
  await dialog.getByLabel(id('field.ticket.outcome'), { exact: true }).click();
  await selectOptions(page)
    .filter({ hasText: id('dict.ticket_items_outcome.1') })
    .first()
    .click();
  await dialog.getByRole('button', { name: id('fieldTool.parts.add') }).click();
  await dialog.getByLabel(id('fieldTool.parts.part', { n: 1 }), { exact: true }).click();
  await page.keyboard.type('Kampas');
  await selectOptions(page).filter({ hasText: PADS }).first().click();
  await dialog.getByLabel(id('fieldTool.parts.qty', { n: 1 }), { exact: true }).fill('2');
  await dialog.getByLabel(id('field.ticket.depotId'), { exact: true }).click();
  await selectOptions(page).filter({ hasText: 'Gudang Jakarta' }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await screenshot(page, 'repair-submit-parts');
  await dismissNotices(page);
  await dialog.getByRole('button', { name: id('transition.submitTicket') }).click();
  await expect(row(page, ticket.ticketNo)).toContainText(id('dict.tickets_status.4'));

  // The pads left the shelf in the same step.
  expect(await padsInJakarta(request, admin)).toBe(before - 2);
});
