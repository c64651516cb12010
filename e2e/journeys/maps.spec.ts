import { expect, test } from '@playwright/test';
import { id, screenshot, signIn } from '../support/console.ts';

test("a city's centre is set with a click on its map, drawn though no map tile loads", async ({ page }) => {
  // Whatever network the machine has, the tile server is out of reach: places must draw without their background.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, 'kitabike.admin');
  await page.goto('/configure/city/cityListPage');
  const row = page.locator('tr.ant-table-row').filter({ hasText: 'Jakarta' }).first();
  await row.getByRole('button', { name: id('action.edit') }).click();
  const drawer = page.getByRole('dialog');
  const lat = drawer.getByLabel(id('field.city.centerLat'));
  const lng = drawer.getByLabel(id('field.city.centerLng'));
  await expect(lat).not.toHaveValue('');
  const before = { lat: await lat.inputValue(), lng: await lng.inputValue() };

  const map = drawer.getByRole('region', { name: id('engine.map.label'), exact: true });
  await expect(map.getByRole('button', { name: `${Number(before.lat)}, ${Number(before.lng)}` })).toBeVisible();
  await expect(drawer.getByRole('status')).toHaveText(id('engine.map.tilesFailed'));
  await screenshot(page, 'city-centre-map');

  // 80 px east and 40 px north of the map's middle, where the centre was.
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 80, y: box.height / 2 - 40 } });
  await expect(lng).not.toHaveValue(before.lng);
  const picked = { lat: await lat.inputValue(), lng: await lng.inputValue() };
  expect(Number(picked.lng)).toBeGreaterThan(Number(before.lng));
  expect(Number(picked.lat)).toBeGreaterThan(Number(before.lat));
  await expect(map.getByRole('button', { name: `${Number(picked.lat)}, ${Number(picked.lng)}` })).toBeVisible();

  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved'))).toBeVisible();
  await expect(drawer).toBeHidden();
  await row.getByRole('button', { name: id('action.edit') }).click();
  await expect(drawer.getByLabel(id('field.city.centerLat'))).toHaveValue(picked.lat);
  await expect(drawer.getByLabel(id('field.city.centerLng'))).toHaveValue(picked.lng);
});
