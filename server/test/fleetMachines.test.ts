import { Code } from '@kayuh/contract/codes';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';

/** The vehicle (DOMAIN §3.2) and battery (§3.3) machines as staff fire them from the console. */
const t = useTestApp();

let n = 0;
const call = async (headers: Record<string, string>, path: string, body: Record<string, unknown> = {}) =>
  t.call('POST', `/api${path}`, { headers, body });

async function setUp(headers: Record<string, string>, cityCode = 2001) {
  const k = ++n;
  const bikes = (await call(headers, '/operations/brand/add', { name: `Machine bikes ${k}`, kind: '1' })).data.brandId;
  const cells = (await call(headers, '/operations/brand/add', { name: `Machine cells ${k}`, kind: '2' })).data.brandId;
  const bike = (
    await call(headers, '/operations/productModel/add', {
      modelCode: `MB-${k}`,
      name: `MB ${k}`,
      brandId: bikes,
      kind: '1',
      propulsion: 'electric_assist',
      maxRangeM: 50_000,
    })
  ).data.modelId;
  const pack = (await call(headers, '/operations/productModel/add', { modelCode: `MP-${k}`, name: `MP ${k}`, brandId: cells, kind: '2' })).data
    .modelId;
  const depot = (
    await call(headers, '/merchant/station/add', { stationCode: `MD-${k}`, name: `Depot ${k}`, cityCode, type: '3', lat: -6.2, lng: 106.8 })
  ).data.stationId;
  const vehicle = async (no: string) =>
    (await call(headers, '/vehicle/vehicle/add', { vehicleNo: no, cityCode, modelId: bike, frameNo: `MH1${no.replace(/\W/g, '')}` })).data;
  const battery = async (sn: string) =>
    (await call(headers, '/operations/battery/add', { batterySn: sn, cityCode, modelId: pack, depotId: depot })).data;
  return { depot, vehicle, battery };
}

const fire = (
  headers: Record<string, string>,
  what: 'vehicle/vehicle' | 'operations/battery',
  event: string,
  row: Record<string, unknown>,
  extra = {},
) => {
  const idName = what === 'vehicle/vehicle' ? 'vehicleId' : 'batteryId';
  return call(headers, `/${what.startsWith('vehicle') ? 'vehicle/vehicle' : 'operations/battery'}/${event}`, {
    [idName]: row[idName],
    version: row.version,
    ...extra,
  });
};

/** An active service area in the city (kept if one is active already, as the demo cities' are). */
async function serviceArea(headers: Record<string, string>, cityCode: number, lat: number, lng: number) {
  const active = (await call(headers, '/operations/zone/list', { cityCode, type: '1', status: '1' })).rows[0];
  if (active) return;
  const code = `SA-${cityCode}`;
  const existing = (await call(headers, '/operations/zone/list', { zoneCode: code })).rows[0];
  const zone =
    existing ??
    (
      await call(headers, '/operations/zone/add', {
        zoneCode: code,
        name: `Service area ${cityCode}`,
        cityCode,
        type: '1',
        points: [
          { lat, lng },
          { lat, lng: lng + 0.2 },
          { lat: lat - 0.2, lng: lng + 0.2 },
        ],
      })
    ).data;
  if (zone.status !== 1) await call(headers, '/operations/zone/activate', { zoneId: zone.zoneId, version: zone.version });
}

const stateLog = async (vehicleId: number) =>
  rowsOf<{ event: string; from_state: number | null; to_state: number }>(
    await t.database.db.execute(sql`SELECT event, from_state, to_state FROM vehicle_state_log WHERE vehicle_id = ${vehicleId} ORDER BY id`),
  ).map((r) => `${r.event}:${r.from_state ?? '-'}>${r.to_state}`);

describe('a vehicle', () => {
  it('is deployed only once its city has an active service area, and every change is in its state log', async () => {
    // A new city: the demo's have their active service area (DOMAIN §9.1).
    const city = await call(await t.signIn('kitabike.admin', { lang: 'EN' }), '/system/city/add', {
      cityInName: 'Malang',
      cityName: 'Malang',
      countryId: 1,
      timeZone: 7,
      ianaTz: 'Asia/Jakarta',
      centerLat: -7.98,
      centerLng: 112.63,
    });
    expect(city.code).toBe(Code.ok);
    const cityCode = Number(city.data.cityCode);
    // Signed in again: a session knows the cities it may see from its start.
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const { vehicle } = await setUp(admin, cityCode);
    const bike = await vehicle('KB-MLG-9001');
    expect(bike).toMatchObject({ opState: 10, deployedAt: null });
    const refused = await fire(admin, 'vehicle/vehicle', 'deploy', bike);
    expect(refused).toMatchObject({ code: Code.transitionNotAllowed, msg: expect.stringContaining('no active service area') });

    const area = (
      await call(admin, '/operations/zone/add', {
        zoneCode: 'MLG-SA',
        name: 'Malang',
        cityCode,
        type: '1',
        points: [
          { lat: -7.9, lng: 112.6 },
          { lat: -7.9, lng: 112.7 },
          { lat: -8.0, lng: 112.7 },
        ],
      })
    ).data;
    expect((await call(admin, '/operations/zone/activate', { zoneId: area.zoneId, version: 0 })).code).toBe(Code.ok);
    const deployed = await fire(admin, 'vehicle/vehicle', 'deploy', bike);
    expect(deployed.code, JSON.stringify(deployed)).toBe(Code.ok);
    expect(deployed.data.opState).toBe(20);
    expect(Date.parse(deployed.data.deployedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await stateLog(bike.vehicleId)).toEqual(['create:->10', 'deploy:10>20']);
  });

  it('refuses an event from the wrong state naming the state, and walks lost → found → repaired → impounded → released → retired', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const { vehicle } = await setUp(admin);
    let bike = await vehicle('KB-JKT-9002');
    const wrong = await fire(admin, 'vehicle/vehicle', 'markLost', bike);
    expect(wrong).toMatchObject({ code: Code.transitionNotAllowed, msg: expect.stringContaining('In stock') });
    // Jakarta's demo service area is active (DOMAIN §9.1), so the vehicle may be deployed.
    await serviceArea(admin, 2001, -6.1, 106.7);
    for (const [event, to, extra] of [
      ['deploy', 20],
      ['markLost', 90],
      ['found', 80],
      ['repairDone', 20],
      ['impound', 100, { reason: 'Parked on a sidewalk, taken by Satpol PP' }],
      ['release', 80],
      ['retire', 120, { reason: 'Frame cracked' }],
    ] as const) {
      const res = await fire(admin, 'vehicle/vehicle', event, bike, extra ?? {});
      expect(res.code, `${event}: ${JSON.stringify(res)}`).toBe(Code.ok);
      expect(res.data.opState).toBe(to);
      bike = res.data;
    }
    expect(bike.retiredAt).not.toBeNull();
    expect((await stateLog(bike.vehicleId)).at(-1)).toBe('retire:80>120');
    // Impounding needs its reason.
    const other = await vehicle('KB-JKT-9003');
    expect((await fire(admin, 'vehicle/vehicle', 'impound', other)).code).toBe(Code.validation);
  });

  it('is deployed once when twenty staff deploy it at the same moment', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const { vehicle } = await setUp(admin);
    const bike = await vehicle('KB-JKT-9004');
    const results = await Promise.all(Array.from({ length: 20 }, () => fire(admin, 'vehicle/vehicle', 'deploy', bike)));
    expect(results.filter((r) => r.code === Code.ok)).toHaveLength(1);
    expect(await stateLog(bike.vehicleId)).toEqual(['create:->10', 'deploy:10>20']);
  });
});

describe('a battery', () => {
  it('is received into a depot of its own city', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const jakarta = await setUp(admin, 2001);
    const bandung = await setUp(admin, 2002);
    const wrong = await call(admin, '/operations/battery/add', { batterySn: 'VC-X-1', cityCode: 2002, modelId: 1, depotId: jakarta.depot });
    expect(wrong.code).toBe(Code.validation);
    const pack = await bandung.battery('VC-BDG-0001');
    expect(pack).toMatchObject({ state: 10, depotId: bandung.depot });
  });

  it('goes into a vehicle, swaps out the old pack, and takes the vehicle to maintenance when it fails', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const { vehicle, battery, depot } = await setUp(admin);
    const bike = await vehicle('KB-JKT-9005');
    let first = await battery('VC-JKT-9001');
    first = (await fire(admin, 'operations/battery', 'dispatchOut', first)).data;
    expect(first).toMatchObject({ state: 20, depotId: null });
    first = (await fire(admin, 'operations/battery', 'install', first, { vehicleId: bike.vehicleId })).data;
    expect(first).toMatchObject({ state: 30, vehicleId: bike.vehicleId });
    expect((await t.call('GET', `/api/vehicle/vehicle/${bike.vehicleId}`, { headers: admin })).data.batteryId).toBe(first.batteryId);

    let second = await battery('VC-JKT-9002');
    second = (await fire(admin, 'operations/battery', 'dispatchOut', second)).data;
    second = (await fire(admin, 'operations/battery', 'install', second, { vehicleId: bike.vehicleId })).data;
    expect((await t.call('GET', `/api/operations/battery/${first.batteryId}`, { headers: admin })).data).toMatchObject({
      state: 20,
      vehicleId: null,
    });

    // Deployed, then its pack fails: the pack leaves it and the vehicle goes to maintenance.
    await serviceArea(admin, 2001, -6.1, 106.7);
    const stocked = await t.call('GET', `/api/vehicle/vehicle/${bike.vehicleId}`, { headers: admin });
    expect((await fire(admin, 'vehicle/vehicle', 'deploy', stocked.data)).code).toBe(Code.ok);
    const failed = await fire(admin, 'operations/battery', 'faultDetected', second, { reason: 'Swollen casing' });
    expect(failed.data).toMatchObject({ state: 60, health: 2, vehicleId: null });
    const after = (await t.call('GET', `/api/vehicle/vehicle/${bike.vehicleId}`, { headers: admin })).data;
    expect(after).toMatchObject({ batteryId: null, opState: 80 });
    expect((await stateLog(bike.vehicleId)).at(-1)).toBe('fault_blocking:20>80');
    const repaired = await fire(admin, 'operations/battery', 'repaired', failed.data, { depotId: depot });
    expect(repaired.data).toMatchObject({ state: 10, health: 0, depotId: depot });
    expect((await fire(admin, 'operations/battery', 'retire', repaired.data)).data.state).toBe(70);
    const events = rowsOf<{ event: string }>(
      await t.database.db.execute(sql`SELECT event FROM battery_events WHERE battery_id = ${second.batteryId} ORDER BY id`),
    ).map((r) => r.event);
    expect(events).toEqual(['receive_lot', 'dispatch_out', 'install', 'fault_detected', 'repaired', 'retire']);
  });

  it('never sits where its state says it is not: the database refuses it', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const { battery } = await setUp(admin);
    const pack = await battery('VC-JKT-9009');
    await expect(t.database.db.execute(sql`UPDATE batteries SET state = 30 WHERE id = ${pack.batteryId}`)).rejects.toThrow();
  });
});
