import { expect, test } from '@playwright/test';
import { LOW_SPARE_STOCK } from '../../contract/src/resources/spareParts.ts';
import { staff } from '../support/app.ts';
import type { Locator } from '@playwright/test';
import { dismissNotices, id, screenshot, selectOptions, signIn } from '../support/console.ts';

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
