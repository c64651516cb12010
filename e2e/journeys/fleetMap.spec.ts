import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiSignIn, id, screenshot, selectOptions, signIn } from '../support/console.ts';

/** Calls the API as a signed-in user, as another browser or script would; anything but 1000 fails the test. */
async function api(request: APIRequestContext, userName: string) {
  const session = await apiSignIn(request, userName);
  const headers = { token: session.token, userid: String(session.userId) };
  return async (path: string, data: Record<string, unknown>) => {
    const res = await (await request.post(`/api${path}`, { headers, data })).json();
    expect(res.code, `${path}: ${JSON.stringify(res)}`).toBe(1000);
    return res.data as Record<string, unknown>;
  };
}
type Call = Awaited<ReturnType<typeof api>>;
/** The first country the seed makes (server/src/db/seed/base.ts); a tenant admin may not read the country list. */
const INDONESIA_ID = 1;

let made = 0;
/** A stamp no other test of the run (nor an earlier run on the same database) has used: upper case, digits. */
const stamp = () => `${Date.now().toString(36)}${++made}`.toUpperCase();

/**
 * A KitaBike city of the test's own, near Bogor, with no zone, station nor vehicle: what the test draws and fires is
 * all it holds, and nothing another journey counts changes. Its name is how the header's selector lists it.
 */
async function freshCity(call: Call, name: string) {
  const city = await call('/system/city/add', {
    cityInName: name,
    cityName: name,
    countryId: INDONESIA_ID,
    timeZone: 7,
    ianaTz: 'Asia/Jakarta',
    centerLat: -6.5971,
    centerLng: 106.806,
    defaultZoom: 14,
    currency: 'IDR',
    openingHours: '24/7',
    status: '1',
  });
  return Number(city.cityCode);
}

/** A vehicle model of the test's own (the demo models belong to the demo fleet's figures). */
async function vehicleModel(call: Call, code: string) {
  const brand = await call('/operations/brand/add', { name: `E2E bikes ${code}`, kind: '1' });
  const model = await call('/operations/productModel/add', { modelCode: `E2E-${code}`, name: `E2E ${code}`, brandId: brand.brandId, kind: '1' });
  return Number(model.modelId);
}

/** Whatever network the machine has, the tile server is out of reach: the maps must draw without their background. */
const withoutTiles = (page: Page) => page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));

/** The header's city selector set to a city, as the user picks it. */
async function chooseCity(page: Page, name: string) {
  await page.getByRole('combobox', { name: id('shell.city.label'), exact: true }).click();
  await selectOptions(page)
    .filter({ hasText: `Indonesia-${name}` })
    .click();
  await expect(
    page
      .locator('.ant-select-content, .ant-select-selection-item')
      .filter({ hasText: `Indonesia-${name}` })
      .first(),
  ).toBeVisible();
}

const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

/** An event fired on a row from its actions ("More" when they do not all fit), then confirmed in the popover. */
async function fire(page: Page, rowText: string, transition: string) {
  const actions = row(page, rowText);
  const inline = actions.getByRole('button', { name: id(`transition.${transition}`), exact: true });
  const confirm = page.getByRole('tooltip').getByRole('button', { name: id(`transition.${transition}`) });
  // A list that refreshes under the click (the live link, a slow first load) redraws the row and closes its
  // popover: a user clicks again, and so does this.
  await expect(async () => {
    if (!(await confirm.isVisible())) {
      if (await inline.count()) await inline.click();
      else {
        await actions.getByRole('button', { name: new RegExp(id('common.more')) }).click();
        await page.getByRole('menuitem', { name: id(`transition.${transition}`) }).click();
      }
    }
    await expect(confirm).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await confirm.click();
}

/** Clicks on a map at points given as pixels from its middle (x east, y south). */
async function clickAt(map: Locator, points: readonly (readonly [number, number])[]) {
  const box = (await map.boundingBox())!;
  for (const [x, y] of points) await map.click({ position: { x: box.width / 2 + x, y: box.height / 2 + y } });
}

/** A square of `half` pixels each side of the map's middle, drawn clockwise from its top left corner. */
const squareAround = (half: number) =>
  [
    [-half, -half],
    [half, -half],
    [half, half],
    [-half, half],
  ] as const;

/** The zone form opened with Add and filled in but for its outline; the drawer and its map. */
async function openZoneForm(page: Page, zone: { code: string; name: string; city: string; type: string }) {
  await page.getByRole('button', { name: id('action.add') }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(id('field.zone.zoneCode')).fill(zone.code);
  await drawer.getByLabel(id('field.zone.name')).fill(zone.name);
  await drawer.getByLabel(id('field.zone.cityCode')).fill(zone.city);
  await selectOptions(page).filter({ hasText: zone.city }).first().click();
  await drawer.getByLabel(id('field.zone.type')).click();
  await selectOptions(page)
    .filter({ hasText: id(`dict.zones_type.${zone.type}`) })
    .first()
    .click();
  const map = drawer.getByRole('region', { name: id('engine.map.label'), exact: true });
  await expect(map).toBeVisible();
  return { drawer, map };
}

/** An outline drawn with the map's Draw button, point by point, closed on its first point. */
async function drawOutline(map: Locator, corners: readonly (readonly [number, number])[]) {
  await map.getByRole('button', { name: id('engine.polygon.draw') }).click();
  await clickAt(map, [...corners, corners[0]!]);
}

/** A zone drawn and saved as a draft in the zone editor: its row is listed. */
async function drawZone(
  page: Page,
  zone: { code: string; name: string; city: string; type: string; half: number },
  before?: (map: Locator) => Promise<void>,
) {
  const { drawer, map } = await openZoneForm(page, zone);
  await before?.(map);
  await drawOutline(map, squareAround(zone.half));
  await expect(drawer.getByText(id('engine.points', { count: 4 }))).toBeVisible();
  await drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved')).first()).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(row(page, zone.code)).toContainText(id('dict.zones_status.0'));
}

/** The translated reason with its parameter as a pattern (the place it names is the server's to work out). */
const withAnyPlace = (key: string) => {
  const [before, after] = id(key, { at: '\u0000' }).split('\u0000') as [string, string];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(before)}-?\\d+\\.\\d{6}, -?\\d+\\.\\d{6}${escape(after)}`);
};

test('zones drawn on the map in the zone editor are saved and listed; a bow-tie is refused with its reason', async ({ page, request }) => {
  test.setTimeout(120_000);
  const code = stamp();
  const city = `Uji Zona ${code}`;
  await freshCity(await api(request, 'kitabike.admin'), city);
  await withoutTiles(page);
  await signIn(page, 'kitabike.admin');
  await page.goto('/operations/area_scheduling_list');
  await chooseCity(page, city);
  const zoneMap = page.getByRole('region', { name: id('page.zoneMap.title'), exact: true });
  await expect(page.getByText(id('page.zoneMap.count', { count: 0 }), { exact: true })).toBeVisible();

  // A service area around the city's centre, where the new city's first zone opens. Its south-west corner is drawn
  // where the map's notice of missing tiles is: the notice is read, it does not take the click.
  await drawZone(page, { code: `SA-${code}`, name: `Layanan ${code}`, city, type: '1', half: 120 }, async (map) => {
    const [notice, box] = [(await map.locator('..').getByRole('status').boundingBox())!, (await map.boundingBox())!];
    const corner = { x: box.x + box.width / 2 - 120, y: box.y + box.height / 2 + 120 };
    expect(corner.x).toBeGreaterThan(notice.x);
    expect(corner.x).toBeLessThan(notice.x + notice.width);
    expect(corner.y).toBeGreaterThan(notice.y);
    expect(corner.y).toBeLessThan(notice.y + notice.height);
  });

  // The parking zone's form shows the service area faintly and opens on it; the parking zone is drawn inside it.
  const parking = await openZoneForm(page, { code: `P-${code}`, name: `Parkir ${code}`, city, type: '2' });
  await expect(parking.drawer.getByText(id('page.zoneMap.context', { count: 1 }))).toBeVisible();
  await expect(parking.map.locator('path.leaflet-interactive')).toHaveCount(1);
  await drawOutline(parking.map, squareAround(25));
  await expect(parking.drawer.getByText(id('engine.points', { count: 4 }))).toBeVisible();
  await screenshot(page, 'fleet-map-zone-form');
  await parking.drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(page.getByText(id('engine.saved')).first()).toBeVisible();
  await expect(parking.drawer).toBeHidden();

  // Both listed, as drafts, and drawn on the city's map with the legend counting them.
  await expect(row(page, `SA-${code}`)).toContainText(`Layanan ${code}`);
  await expect(row(page, `P-${code}`)).toContainText(id('dict.zones_status.0'));
  await expect(page.getByText(id('page.zoneMap.count', { count: 2 }), { exact: true })).toBeVisible();
  const legend = page.getByRole('list', { name: id('page.zoneMap.legend') });
  await expect(legend.getByRole('listitem').filter({ hasText: id('dict.zones_type.1') })).toHaveText(`${id('dict.zones_type.1')} (1)`);
  await expect(legend.getByRole('listitem').filter({ hasText: id('dict.zones_type.2') })).toHaveText(`${id('dict.zones_type.2')} (1)`);
  await expect(zoneMap.locator('path.leaflet-interactive')).toHaveCount(2);
  await screenshot(page, 'fleet-map-zones-listed');

  // A bow-tie: the fourth corner makes the way back to the first cross the second side. The map will not close it.
  const bowTie = await openZoneForm(page, { code: `X-${code}`, name: `Silang ${code}`, city, type: '3' });
  const [tl, tr, br, bl] = squareAround(60);
  await drawOutline(bowTie.map, [tl, tr, bl, br]);
  await expect(bowTie.drawer.getByText(id('engine.points', { count: 0 }))).toBeVisible();
  await expect(bowTie.map.getByRole('button', { name: id('common.cancel') })).toBeVisible();
  await screenshot(page, 'fleet-map-bow-tie-open');
  await bowTie.map.getByRole('button', { name: id('common.cancel') }).click();

  // A console without that check (or a script) sends the crossed outline anyway: the server refuses it, and the form
  // says why under the outline, in the console's language. The user's square goes out with two corners swapped.
  await drawOutline(bowTie.map, squareAround(60));
  await expect(bowTie.drawer.getByText(id('engine.points', { count: 4 }))).toBeVisible();
  await page.route('**/api/operations/zone/add', async (route) => {
    const body = route.request().postDataJSON() as { points: unknown[] };
    const [a, b, c, d] = body.points;
    await route.continue({ postData: JSON.stringify({ ...body, points: [a, b, d, c] }) });
  });
  await bowTie.drawer.getByRole('button', { name: id('common.save') }).click();
  await expect(bowTie.drawer.getByText(withAnyPlace('validation.zoneSelfIntersects'))).toBeVisible();
  await screenshot(page, 'fleet-map-bow-tie-refused');
  await page.unroute('**/api/operations/zone/add');
  await expect(bowTie.drawer).toBeVisible();
  await bowTie.drawer.getByRole('button', { name: id('common.cancel') }).click();
  await expect(row(page, `X-${code}`)).toHaveCount(0);
  await expect(page.getByText(id('page.zoneMap.count', { count: 2 }), { exact: true })).toBeVisible();
});

test('a vehicle is refused deployment until its city has an active service area, then shows as available', async ({ page, request }) => {
  test.setTimeout(120_000);
  const code = stamp();
  const city = `Uji Armada ${code}`;
  const call = await api(request, 'kitabike.admin');
  const cityCode = await freshCity(call, city);
  const vehicleNo = `E2E-DEP-${code}`;
  await call('/vehicle/vehicle/add', { vehicleNo, cityCode, modelId: await vehicleModel(call, code), frameNo: `MH1${Date.now()}` });
  await withoutTiles(page);
  await signIn(page, 'kitabike.admin');
  await page.goto('/vehicle_main/vehicle');
  await chooseCity(page, city);
  await expect(row(page, vehicleNo)).toContainText(id('dict.vehicles_op_state.10'));

  // No service area yet: refused, the reason says what to do, and the vehicle stays in stock.
  await fire(page, vehicleNo, 'deploy');
  await expect(page.getByText(id('fleet.noServiceArea'))).toBeVisible();
  await screenshot(page, 'fleet-map-deploy-refused');
  await expect(row(page, vehicleNo)).toContainText(id('dict.vehicles_op_state.10'));

  // The city's service area, drawn and activated in the zone editor.
  await page.goto('/operations/area_scheduling_list');
  await drawZone(page, { code: `SA-${code}`, name: `Layanan ${code}`, city, type: '1', half: 120 });
  await fire(page, `SA-${code}`, 'activate');
  await expect(page.getByText(id('engine.done'))).toBeVisible();
  await expect(row(page, `SA-${code}`)).toContainText(id('dict.zones_status.1'));

  // Deployed now: available.
  await page.goto('/vehicle_main/vehicle');
  await expect(row(page, vehicleNo)).toContainText(id('dict.vehicles_op_state.10'));
  await fire(page, vehicleNo, 'deploy');
  await expect(page.getByText(id('engine.done'))).toBeVisible();
  await expect(row(page, vehicleNo)).toContainText(id('dict.vehicles_op_state.20'));
  await screenshot(page, 'fleet-map-deployed');
});

test("the business map shows the city's stations and zones, drawn though no map tile loads", async ({ page, request }) => {
  const code = stamp();
  const city = `Uji Peta ${code}`;
  const call = await api(request, 'kitabike.admin');
  const cityCode = await freshCity(call, city);
  // A service area around the centre (active), a parking zone in it (a draft), a parking station and a swap cabinet
  // a kilometre or two apart, so each shows by itself at the city's zoom.
  const square = (lat: number, lng: number, size: number) => [
    { lat, lng },
    { lat, lng: lng + size },
    { lat: lat - size, lng: lng + size },
    { lat: lat - size, lng },
  ];
  const area = await call('/operations/zone/add', {
    zoneCode: `SA-${code}`,
    name: `Layanan ${code}`,
    cityCode,
    type: '1',
    points: square(-6.57, 106.78, 0.05),
  });
  await call('/operations/zone/activate', { zoneId: area.zoneId, version: area.version });
  const lot = await call('/operations/zone/add', {
    zoneCode: `P-${code}`,
    name: `Parkir ${code}`,
    cityCode,
    type: '2',
    points: square(-6.585, 106.795, 0.008),
  });
  await call('/merchant/station/add', {
    stationCode: `ST-${code}`,
    name: `Stasiun Kebun Raya ${code}`,
    cityCode,
    type: '1',
    lat: -6.591,
    lng: 106.801,
    zoneId: lot.zoneId,
    status: '1',
  });
  await call('/merchant/station/add', {
    stationCode: `CAB-${code}`,
    name: `Kabinet Pajajaran ${code}`,
    cityCode,
    type: '2',
    lat: -6.6,
    lng: 106.81,
    slotCount: 8,
    status: '1',
  });

  await withoutTiles(page);
  await signIn(page, 'kitabike.admin');
  await page.goto('/main/businessmap');
  await chooseCity(page, city);
  const map = page.getByRole('region', { name: id('page.businessMap.map'), exact: true });
  await expect(map.getByRole('button', { name: `Stasiun Kebun Raya ${code}` })).toBeVisible();
  await expect(map.getByRole('button', { name: `Kabinet Pajajaran ${code}` })).toBeVisible();
  // The two zones: the service area in its blue, the draft parking zone dashed in green.
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(2);
  await expect(map.locator('path.leaflet-interactive[stroke="#1677ff"]')).toHaveCount(1);
  await expect(map.locator('path.leaflet-interactive[stroke="#389e0d"]')).toHaveAttribute('stroke-dasharray', '6 6');
  await expect(page.getByRole('status').filter({ hasText: id('engine.map.tilesFailed') })).toBeVisible();
  // The layers name what the city holds, each with its count, all shown.
  const layer = (name: string, count: number) => page.getByRole('checkbox', { name: `${name} (${count})` });
  await expect(layer(id('page.businessMap.stations'), 2)).toBeChecked();
  await expect(layer(id('dict.zones_type.1'), 1)).toBeChecked();
  await expect(layer(id('dict.zones_type.2'), 1)).toBeChecked();
  await expect(layer(id('dict.zones_type.3'), 0)).toBeChecked();
  await screenshot(page, 'fleet-map-business-map');

  // A station opens its name, type and status. The map runs below the fold: the press that focuses it must not
  // scroll it from under the pointer.
  await map.getByRole('button', { name: `Kabinet Pajajaran ${code}` }).click();
  const popup = map.locator('.leaflet-popup-content');
  await expect(popup).toContainText(`Kabinet Pajajaran ${code}`);
  await expect(popup).toContainText(id('dict.stations_type.2'));
  await expect(popup).toContainText(id('dict.stations_status.1'));
  await screenshot(page, 'fleet-map-business-popup');

  // Switching the stations off takes their markers off the map; the zones stay.
  await layer(id('page.businessMap.stations'), 2).uncheck();
  await expect(map.getByRole('button', { name: `Stasiun Kebun Raya ${code}` })).toHaveCount(0);
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(2);
});
