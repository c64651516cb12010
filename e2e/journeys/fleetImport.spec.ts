import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { id, screenshot, signIn } from '../support/console.ts';

/** An xlsx as an operator fills the template in: a header row, then one vehicle a row. */
async function xlsxFile(name: string, rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Kendaraan');
  sheet.addRow(['Nomor kendaraan *', 'Kota *', 'Model *', 'Nomor rangka *']);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-e2e-import-')), name);
  await workbook.xlsx.writeFile(file);
  return file;
}

/** 50 new Jakarta vehicles of the demo model NB-CITY-2; their numbers sort before the demo fleet's. */
const fleet = () =>
  Array.from({ length: 50 }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return [`E2E-IMP-${n}`, 'Jakarta', 'NB-CITY-2', `MH1E2E${n}`];
  });

test('vehicles from an xlsx: the template, a file refused whole with its bad row named, the fixed file, then QR labels', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'kitabike.admin');
  await page.goto('/vehicle_main/vehicle');
  await expect(page.getByRole('button', { name: id('fleetImport.import') })).toBeVisible();

  await page.getByRole('button', { name: id('fleetImport.import') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // The template, in the console's language.
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: id('fleetImport.downloadTemplate') }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('vehicle-import-template.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await template.path());
  expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe(`${id('field.vehicle.vehicleNo')} *`);

  // One model code nobody has: the whole file is refused and row 28 is named with its reason.
  const bad = fleet();
  bad[26]![2] = 'NB-NOPE';
  await dialog.locator('input[type="file"]').setInputFiles(await xlsxFile('vehicles-bad.xlsx', bad));
  await dialog.getByRole('button', { name: id('fleetImport.upload') }).click();
  await expect(dialog.getByText(id('fleetImport.refused', { count: 1 }))).toBeVisible();
  const errorRow = dialog.getByRole('row').filter({ hasText: id('fleetImport.unknownModel', { value: 'NB-NOPE' }) });
  await expect(errorRow.getByRole('cell').first()).toHaveText('28');
  await screenshot(page, 'fleet-import-refused');

  // The fixed file: 50 added.
  await dialog.locator('input[type="file"]').setInputFiles(await xlsxFile('vehicles.xlsx', fleet()));
  await dialog.getByRole('button', { name: id('fleetImport.upload') }).click();
  await expect(dialog.getByText(id('fleetImport.added', { count: 50 }))).toBeVisible();
  await dialog.getByRole('button', { name: id('common.ok') }).click();
  await expect(dialog).toBeHidden();

  // The list shows them (first by number); three picked, their labels printed as a PDF.
  const table = page.getByRole('table');
  for (const no of ['E2E-IMP-0001', 'E2E-IMP-0002', 'E2E-IMP-0003']) {
    await table.getByRole('row').filter({ hasText: no }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: id('fleetImport.printLabels') }).click();
  const labels = page.getByRole('dialog');
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith('/api/vehicle/vehicle/labels')),
    labels.getByRole('button', { name: id('fleetImport.printLabels') }).click(),
  ]);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // The page reads the body into its download; the PDF itself is checked in server/test/fleetImport.test.ts.
  expect(Number(response.headers()['content-length'])).toBeGreaterThan(1000);
  expect(response.request().postDataJSON().vehicleIds).toHaveLength(3);
  await expect(labels.getByText(id('fleetImport.labelsReady', { count: 3 }))).toBeVisible();
});
