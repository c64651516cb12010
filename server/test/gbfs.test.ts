import fs from 'node:fs';
import path from 'node:path';
import { Code } from '@kayuh/contract/codes';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';

/**
 * The public GBFS v3.0 feed (DOMAIN §8.3), followed as a trip planner would: the manifest, a dataset's gbfs.json, and
 * every file it links, each held to MobilityData's published v3.0 JSON schemas (fixtures/gbfs-v3.0). The rows are
 * this file's own, in a city made for it, so demo data can neither help nor hurt.
 */
const t = useTestApp();

// ajv-formats is CommonJS: its default export arrives wrapped once more under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const schemaDir = path.join(import.meta.dirname, 'fixtures/gbfs-v3.0');
const validators = new Map<string, ValidateFunction>();
function validatorOf(file: string): ValidateFunction {
  if (!validators.has(file)) {
    const schema = JSON.parse(fs.readFileSync(path.join(schemaDir, `${file}.json`), 'utf8'));
    // The schemas name draft-07 without the trailing '#'; Ajv's draft-07 is the same meta-schema.
    validators.set(file, ajv.compile({ ...schema, $schema: 'http://json-schema.org/draft-07/schema#' }));
  }
  return validators.get(file)!;
}

const ORIGIN = 'http://localhost:80';
// Files are read loosely; each test asserts the fields it needs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Feed = { status: number; headers: Record<string, unknown>; body: any };

async function get(url: string): Promise<Feed> {
  const res = await t.app.inject({ method: 'GET', url: url.startsWith(ORIGIN) ? url.slice(ORIGIN.length) : url });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

/** A GBFS file that answered 200 and holds to its schema; returns its body. */
async function file(url: string, name: string) {
  const res = await get(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  const validate = validatorOf(name);
  expect(validate(res.body), `${name}: ${JSON.stringify(validate.errors, null, 1)}`).toBe(true);
  const ttl = name === 'station_status' || name === 'vehicle_status' ? 60 : 3600;
  expect(res.body).toMatchObject({ ttl, version: '3.0' });
  expect(res.body.last_updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(res.headers['cache-control']).toBe(`public, max-age=${ttl}`);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.body;
}

const square = (lat: number, lng: number, size: number) => [
  { lat, lng },
  { lat, lng: lng + size },
  { lat: lat - size, lng: lng + size },
  { lat: lat - size, lng },
];

interface World {
  cityCode: number;
  systemId: string;
  ids: Record<'available' | 'reserved' | 'lowBattery' | 'inUse' | 'onRental' | 'maintenance' | 'atStation' | 'otherTenant', string>;
  vehicleNos: string[];
}
let world: World;

/** Medan for KitaBike: a model, five public zones and two hidden ones, three stations, vehicles in every telling state. */
beforeAll(async () => {
  const db = t.database.db;
  let admin = await t.signIn('kitabike.admin');
  const call = async (p: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', `/api${p}`, { headers: admin, body });
    if (res.code !== Code.ok) throw new Error(`${p}: ${JSON.stringify(res)}`);
    return res.data;
  };
  const city = await call('/system/city/add', {
    cityInName: 'Medan',
    cityName: '棉兰',
    countryId: 1,
    timeZone: 7,
    ianaTz: 'Asia/Jakarta',
    centerLat: 3.5952,
    centerLng: 98.6722,
  });
  const cityCode = Number(city.cityCode);
  admin = await t.signIn('kitabike.admin');
  const brand = (await call('/operations/brand/add', { name: 'GBFS Bikes', kind: '1' })).brandId;
  const model = (
    await call('/operations/productModel/add', {
      modelCode: 'GB-CITY',
      name: 'GB City',
      brandId: brand,
      kind: '1',
      formFactor: 'bicycle',
      propulsion: 'electric_assist',
      maxRangeM: 45_000,
      maxSpeedKph: 25,
      wheelCount: 2,
      riderCapacity: 1,
    })
  ).modelId;
  const zone = async (code: string, type: string, points: Array<{ lat: number; lng: number }>, extra: Record<string, unknown> = {}) => {
    const added = await call('/operations/zone/add', { zoneCode: code, name: `Zone ${code}`, cityCode, type, points, ...extra });
    if (extra.draft) return added;
    return call('/operations/zone/activate', { zoneId: added.zoneId, version: added.version });
  };
  // Added least restrictive first, so the feed's order is its own doing.
  await zone('GB-SA', '1', square(3.65, 98.62, 0.12));
  const parking = await zone('GB-PK', '2', square(3.6, 98.66, 0.004));
  await zone('GB-SLOW', '4', square(3.62, 98.64, 0.01), { speedLimitKph: 15 });
  await zone('GB-NOPARK', '3', square(3.58, 98.68, 0.005));
  const noRide = await zone('GB-NORIDE', '5', square(3.56, 98.7, 0.005));
  await zone('GB-DRAFT', '3', square(3.55, 98.64, 0.005), { draft: true });
  await zone('GB-HIDDEN', '3', square(3.54, 98.64, 0.005), { isPublic: false });
  await db.execute(sql`UPDATE zones SET model_ids = ARRAY[${model}]::bigint[] WHERE id = ${noRide.zoneId}`);

  const station = async (code: string, type: string, extra: Record<string, unknown> = {}) =>
    call('/merchant/station/add', { stationCode: code, name: `Station ${code}`, cityCode, type, lat: 3.598, lng: 98.662, status: '1', ...extra });
  const parkingStation = await station('GB-ST-PK', '1', { zoneId: parking.zoneId, capacity: 20, address: 'Jl. Balai Kota' });
  await station('GB-ST-CAB', '2', { slotCount: 12 });
  await station('GB-ST-DEPOT', '3');

  const ids = {} as World['ids'];
  const vehicleNos: string[] = [];
  const states: Array<[keyof World['ids'], number]> = [
    ['available', 20],
    ['reserved', 30],
    ['lowBattery', 50],
    ['inUse', 40],
    ['onRental', 110],
    ['maintenance', 80],
    ['atStation', 20],
  ];
  for (const [i, [name, state]] of states.entries()) {
    const no = `GBV${i}00${i}`;
    vehicleNos.push(no);
    const added = await call('/vehicle/vehicle/add', { vehicleNo: no, cityCode, modelId: model, frameNo: `MHGB${i}0000${i}` });
    const deployed = await call('/vehicle/vehicle/deploy', { vehicleId: added.vehicleId, version: added.version });
    expect(deployed.opState).toBe(20);
    // The machine's other events need rides and rentals that do not exist yet: the state is set as they would leave it.
    await db.execute(sql`UPDATE vehicles SET op_state = ${state} WHERE id = ${added.vehicleId}`);
    const atStation = name === 'atStation' || name === 'maintenance' ? parkingStation.stationId : null;
    await db.execute(sql`INSERT INTO vehicle_live_status (vehicle_id, tenant_id, city_code, lat, lng, soc, range_m, station_id, op_state, is_online, last_reported_at)
      VALUES (${added.vehicleId}, 2, ${cityCode}, ${3.6 - i * 0.001}, ${98.66 + i * 0.001}, ${80 - i * 10}, ${30_000 - i * 1000}, ${atStation}, ${state}, true, now())`);
    const [row] = rowsOf<{ gbfs_public_id: string }>(await db.execute(sql`SELECT gbfs_public_id FROM vehicles WHERE id = ${added.vehicleId}`));
    ids[name] = row!.gbfs_public_id;
  }
  // GowesBali's vehicle filed under KitaBike's city code: the tenant, not only the city, decides what is shown.
  const [other] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO vehicles (tenant_id, city_code, vehicle_no, frame_no, model_id, op_state, gbfs_public_id)
      VALUES (3, ${cityCode}, 'GBOTHER1', 'MHGBOTHER1', ${model}, 20, 'gbfs-other-tenant-1') RETURNING id`),
  );
  await db.execute(sql`INSERT INTO vehicle_live_status (vehicle_id, tenant_id, city_code, lat, lng, op_state, last_reported_at)
    VALUES (${other!.id}, 3, ${cityCode}, 3.6, 98.66, 20, now())`);
  await db.execute(sql`INSERT INTO zones (tenant_id, city_code, zone_code, name, type, points, bbox_min_lat, bbox_min_lng, bbox_max_lat, bbox_max_lng, status)
    VALUES (3, ${cityCode}, 'GB-OTHER', 'Zone of GowesBali', 5, ${JSON.stringify(square(3.6, 98.6, 0.01))}::jsonb, 3.59, 98.6, 3.6, 98.61, 1)`);
  ids.otherTenant = 'gbfs-other-tenant-1';
  world = { cityCode, systemId: `KITABIKE-${cityCode}`, ids, vehicleNos };
});

describe('the GBFS v3.0 feed', () => {
  it('follows from the manifest to every file, each valid against the v3.0 schema', async () => {
    const manifest = await file('/gbfs/v3/KITABIKE/manifest.json', 'manifest');
    const ids = manifest.data.datasets.map((d: { system_id: string }) => d.system_id);
    expect(ids).toEqual(expect.arrayContaining(['KITABIKE-2001', 'KITABIKE-2002', 'KITABIKE-2003', world.systemId]));
    expect(ids.every((id: string) => id.startsWith('KITABIKE-'))).toBe(true);
    const dataset = manifest.data.datasets.find((d: { system_id: string }) => d.system_id === world.systemId);
    expect(dataset.versions).toEqual([{ version: '3.0', url: `${ORIGIN}/gbfs/v3/${world.systemId}/gbfs.json` }]);

    const gbfs = await file(dataset.versions[0].url, 'gbfs');
    const names = gbfs.data.feeds.map((f: { name: string }) => f.name);
    expect(names).toEqual([
      'gbfs',
      'gbfs_versions',
      'system_information',
      'vehicle_types',
      'system_pricing_plans',
      'station_information',
      'station_status',
      'vehicle_status',
      'geofencing_zones',
    ]);
    for (const feed of gbfs.data.feeds) await file(feed.url, feed.name);

    // Every other dataset too, the demo fleet's among them, and GowesBali's.
    const gowes = await file('/gbfs/v3/GOWESBALI/manifest.json', 'manifest');
    for (const system of [...ids, ...gowes.data.datasets.map((d: { system_id: string }) => d.system_id)]) {
      const linked = await file(`/gbfs/v3/${system}/gbfs.json`, 'gbfs');
      for (const feed of linked.data.feeds) await file(feed.url, feed.name);
    }
  });

  it("publishes the city's billing rules in force as pricing plans, and each vehicle type's plan", async () => {
    const plans = (await file('/gbfs/v3/KITABIKE-2001/system_pricing_plans.json', 'system_pricing_plans')).data.plans;
    // The demo's Jakarta standard rule; its December promotion is still a draft, so not a plan.
    expect(plans).toEqual([
      {
        plan_id: expect.stringMatching(/^BR\d+$/),
        name: [
          { text: 'Jakarta standard', language: 'id' },
          { text: 'Jakarta standard', language: 'en' },
        ],
        currency: 'IDR',
        price: 2_000,
        is_taxable: false,
        description: [
          { text: 'Buka kunci Rp 2,000, lalu Rp 500 per 1 menit; paling banyak Rp 60,000 sehari', language: 'id' },
          { text: 'Rp 2,000 to unlock, then Rp 500 per 1 min; at most Rp 60,000 a day', language: 'en' },
        ],
        per_min_pricing: [{ start: 0, rate: 500, interval: 1 }],
      },
    ]);
    const types = (await file('/gbfs/v3/KITABIKE-2001/vehicle_types.json', 'vehicle_types')).data.vehicle_types;
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t: { default_pricing_plan_id?: string }) => t.default_pricing_plan_id === plans[0].plan_id)).toBe(true);
    // A city with no rule in force publishes no plan, and its types name none.
    expect((await file(`/gbfs/v3/${world.systemId}/system_pricing_plans.json`, 'system_pricing_plans')).data.plans).toEqual([]);
    const bare = (await file(`/gbfs/v3/${world.systemId}/vehicle_types.json`, 'vehicle_types')).data.vehicle_types;
    expect(bare.every((t: { default_pricing_plan_id?: string }) => t.default_pricing_plan_id === undefined)).toBe(true);
  });

  it('is held to schemas that do refuse a broken file', async () => {
    const good = await file(`/gbfs/v3/${world.systemId}/vehicle_status.json`, 'vehicle_status');
    const [vehicle] = good.data.vehicles;
    const broken = [
      { ...good, version: '2.3' },
      { ...good, last_updated: 1_700_000_000 },
      { ...good, data: { vehicles: [{ ...vehicle, is_reserved: undefined }] } },
      { ...good, data: { vehicles: [{ ...vehicle, current_fuel_percent: 80 }] } },
    ];
    for (const body of broken) expect(validatorOf('vehicle_status')(JSON.parse(JSON.stringify(body)))).toBe(false);
  });

  it('describes the system and its vehicle types as DOMAIN §8.3 maps them', async () => {
    const info = (await file(`/gbfs/v3/${world.systemId}/system_information.json`, 'system_information')).data;
    expect(info).toMatchObject({
      system_id: world.systemId,
      languages: ['id', 'en', 'zh'],
      timezone: 'Asia/Jakarta',
      opening_hours: '24/7',
      manifest_url: `${ORIGIN}/gbfs/v3/KITABIKE/manifest.json`,
    });
    expect(info.name).toEqual([
      { text: 'KitaBike Medan', language: 'id' },
      { text: 'KitaBike Medan', language: 'en' },
      { text: 'KitaBike 棉兰', language: 'zh' },
    ]);
    const types = (await file(`/gbfs/v3/${world.systemId}/vehicle_types.json`, 'vehicle_types')).data.vehicle_types;
    expect(types).toEqual([
      expect.objectContaining({
        vehicle_type_id: 'GB-CITY',
        form_factor: 'bicycle',
        propulsion_type: 'electric_assist',
        max_range_meters: 45_000,
        max_permitted_speed: 25,
        wheel_count: 2,
        rider_capacity: 1,
        return_constraint: 'free_floating',
        make: [
          { text: 'GBFS Bikes', language: 'id' },
          { text: 'GBFS Bikes', language: 'en' },
        ],
      }),
    ]);
  });

  it('shows only vehicles a rider may take, by their public ids, never one in use or on rental', async () => {
    const vehicles = (await file(`/gbfs/v3/${world.systemId}/vehicle_status.json`, 'vehicle_status')).data.vehicles;
    const byId = new Map(vehicles.map((v: { vehicle_id: string }) => [v.vehicle_id, v]));
    expect([...byId.keys()].sort()).toEqual([world.ids.available, world.ids.reserved, world.ids.lowBattery, world.ids.atStation].sort());
    for (const id of [world.ids.inUse, world.ids.onRental, world.ids.maintenance, world.ids.otherTenant]) expect(byId.has(id)).toBe(false);
    const text = JSON.stringify(vehicles);
    for (const no of world.vehicleNos) expect(text).not.toContain(no);
    expect(byId.get(world.ids.available)).toMatchObject({
      is_reserved: false,
      is_disabled: false,
      vehicle_type_id: 'GB-CITY',
      current_fuel_percent: 0.8,
    });
    expect(byId.get(world.ids.available)).not.toHaveProperty('station_id');
    expect(byId.get(world.ids.reserved)).toMatchObject({ is_reserved: true, is_disabled: false });
    expect(byId.get(world.ids.lowBattery)).toMatchObject({ is_reserved: false, is_disabled: true, current_range_meters: 28_000 });
    expect(byId.get(world.ids.atStation)).toMatchObject({ station_id: 'GB-ST-PK' });
  });

  it('lists public operating stations, their area and what stands at them', async () => {
    const stations = (await file(`/gbfs/v3/${world.systemId}/station_information.json`, 'station_information')).data.stations;
    expect(stations.map((s: { station_id: string }) => s.station_id)).toEqual(['GB-ST-CAB', 'GB-ST-PK']);
    const parking = stations.find((s: { station_id: string }) => s.station_id === 'GB-ST-PK');
    expect(parking).toMatchObject({ is_virtual_station: true, is_charging_station: false, capacity: 20, address: 'Jl. Balai Kota', lat: 3.598 });
    const ring = parking.station_area.coordinates[0][0];
    expect(ring[0]).toEqual([98.66, 3.6]);
    expect(ring.at(-1)).toEqual(ring[0]);
    expect(stations.find((s: { station_id: string }) => s.station_id === 'GB-ST-CAB')).toMatchObject({ is_charging_station: true, capacity: 12 });

    const status = (await file(`/gbfs/v3/${world.systemId}/station_status.json`, 'station_status')).data.stations;
    expect(status.find((s: { station_id: string }) => s.station_id === 'GB-ST-PK')).toMatchObject({
      num_vehicles_available: 1,
      num_vehicles_disabled: 1,
      vehicle_types_available: [{ vehicle_type_id: 'GB-CITY', count: 2 }],
      is_installed: true,
      is_renting: true,
      is_returning: true,
    });
  });

  it('orders geofencing zones most restrictive first, each rule with all three booleans', async () => {
    const data = (await file(`/gbfs/v3/${world.systemId}/geofencing_zones.json`, 'geofencing_zones')).data;
    const features = data.geofencing_zones.features;
    expect(features.map((f: { properties: { name: Array<{ text: string }> } }) => f.properties.name[0]!.text)).toEqual([
      'Zone GB-NORIDE',
      'Zone GB-NOPARK',
      'Zone GB-SLOW',
      'Zone GB-PK',
      'Zone GB-SA',
    ]);
    const rules = features.map((f: { properties: { rules: unknown[] } }) => f.properties.rules);
    expect(rules).toEqual([
      [{ vehicle_type_ids: ['GB-CITY'], ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: false }],
      [{ ride_start_allowed: true, ride_end_allowed: false, ride_through_allowed: true }],
      [{ ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true, maximum_speed_kph: 15 }],
      [{ ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true }],
      [{ ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true }],
    ]);
    const serviceArea = features[4].geometry;
    expect(serviceArea.type).toBe('MultiPolygon');
    // [lng, lat], the ring closed by its first point.
    expect(serviceArea.coordinates).toEqual([
      [
        [
          [98.62, 3.65],
          [98.74, 3.65],
          [98.74, 3.53],
          [98.62, 3.53],
          [98.62, 3.65],
        ],
      ],
    ]);
    expect(data.global_rules).toEqual([{ ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true }]);
  });

  it("shows nothing of another tenant's", async () => {
    const gowes = await file('/gbfs/v3/GOWESBALI/manifest.json', 'manifest');
    expect(gowes.data.datasets.map((d: { system_id: string }) => d.system_id)).toEqual(['GOWESBALI-3001', 'GOWESBALI-3002']);
    // KitaBike's city under GowesBali's code, and GowesBali's under KitaBike's, are no datasets.
    expect((await get(`/gbfs/v3/GOWESBALI-${world.cityCode}/gbfs.json`)).status).toBe(404);
    expect((await get('/gbfs/v3/KITABIKE-3001/vehicle_status.json')).status).toBe(404);
    for (const name of ['vehicle_status', 'geofencing_zones', 'station_status']) {
      const body = JSON.stringify((await get(`/gbfs/v3/${world.systemId}/${name}.json`)).body);
      expect(body).not.toContain('other-tenant');
      expect(body).not.toContain('GowesBali');
    }
  });

  it('answers 404 JSON for unknown or malformed ids and unknown files, never 500', async () => {
    const paths = [
      '/gbfs/v3/NOSUCH/manifest.json',
      '/gbfs/v3/PLATFORM/manifest.json',
      '/gbfs/v3/kitabike/manifest.json',
      `/gbfs/v3/${'A'.repeat(500)}/manifest.json`,
      '/gbfs/v3/NOSUCH-2001/gbfs.json',
      '/gbfs/v3/KITABIKE-9999999/vehicle_status.json',
      `/gbfs/v3/KITABIKE-${'9'.repeat(40)}/gbfs.json`,
      '/gbfs/v3/KITABIKE/gbfs.json',
      '/gbfs/v3/KITABIKE-2001%00/gbfs.json',
      "/gbfs/v3/KITABIKE-2001'--/gbfs.json",
      '/gbfs/v3/KITABIKE-2001/free_bike_status.json',
      '/gbfs/v3/KITABIKE-2001/unknown',
      '/gbfs/v2/KITABIKE/manifest.json',
    ];
    for (const url of paths) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toMatchObject({ code: 404 });
    }
  });

  it('is documented in the OpenAPI document as public, outside /api', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/gbfs/'));
    expect(paths).toContain('/gbfs/v3/{tenantCode}/manifest.json');
    expect(paths).toContain('/gbfs/v3/{systemId}/vehicle_status.json');
    for (const p of paths) expect(doc.paths[p].get.security, p).toEqual([]);
  });

  it('answers 404 everywhere while the tenant has switched its feed off, and comes back when switched on', async () => {
    const db = t.database.db;
    // Switched off on the tenant form by the platform's super admin.
    const root = await t.signIn('superadmin');
    const kitabike = (await t.call('GET', '/api/system/tenant/2', { headers: root })).data;
    expect(kitabike).toMatchObject({ tenantCode: 'KITABIKE', gbfsEnabled: true });
    const edited = await t.call('POST', '/api/system/tenant/edit', { headers: root, body: { ...kitabike, gbfsEnabled: false } });
    expect(edited.code, JSON.stringify(edited)).toBe(Code.ok);
    try {
      expect((await get('/gbfs/v3/KITABIKE/manifest.json')).status).toBe(404);
      for (const name of ['gbfs', 'system_information', 'vehicle_status', 'geofencing_zones'])
        expect((await get(`/gbfs/v3/${world.systemId}/${name}.json`)).status, name).toBe(404);
      // GowesBali's feed is its own.
      expect((await get('/gbfs/v3/GOWESBALI/manifest.json')).status).toBe(200);
    } finally {
      await db.execute(sql`UPDATE tenants SET gbfs_enabled = true WHERE tenant_code = 'KITABIKE'`);
    }
    expect((await get(`/gbfs/v3/${world.systemId}/vehicle_status.json`)).status).toBe(200);
  });
});
