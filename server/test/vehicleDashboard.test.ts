import { Code } from '@kayuh/contract/codes';
import { VEHICLE_OP_STATES, BATTERY_STATES, type StateCount, type VehicleDashboard } from '@kayuh/contract/api/vehicleDashboard';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { batteries, vehicleLiveStatus, vehicles } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';

/** The e-bike centre Home (DOMAIN §1.5): on a city of its own, and as deltas where demo vehicles may share a city. */
const t = useTestApp();

type Headers = Record<string, string>;
const post = async (headers: Headers, path: string, body: Record<string, unknown>) => {
  const res = await t.call('POST', `/api${path}`, { headers, body });
  expect(res.code, `${path}: ${JSON.stringify(res)}`).toBe(Code.ok);
  return res.data;
};
const overview = async (headers: Headers, cityCode?: number) => {
  const res = await t.call('GET', `/api/vehicle/dashboard${cityCode === undefined ? '' : `?cityCode=${cityCode}`}`, { headers });
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  return res.data as VehicleDashboard;
};
const counts = (rows: StateCount[]) => Object.fromEntries(rows.map((r) => [r.state, r.count]));
const delta = (after: StateCount[], before: StateCount[]) =>
  Object.fromEntries(after.map((r, i) => [r.state, r.count - before[i]!.count]).filter(([, d]) => d !== 0));

let admin: Headers;
/** A city of the test's own, with no demo vehicles in it. */
let city: number;
let model: { modelId: number; modelCode: string };
let allBefore: VehicleDashboard;
let bandungBefore: VehicleDashboard;

beforeAll(async () => {
  admin = await t.signIn('kitabike.admin', { lang: 'EN' });
  allBefore = await overview(admin);
  bandungBefore = await overview(await t.signIn('kitabike.ops.bandung'));

  const added = await t.call('POST', '/api/system/city/add', {
    headers: admin,
    form: {
      cityInName: 'Dashkota',
      cityName: '仪表城',
      countryId: '1',
      timeZone: '7',
      ianaTz: 'Asia/Jakarta',
      centerLat: '-7.0',
      centerLng: '110.4',
    },
  });
  expect(added.code, JSON.stringify(added)).toBe(Code.ok);
  city = added.data.cityCode;

  const bikes = (await post(admin, '/operations/brand/add', { name: 'Dash bikes', kind: '1' })).brandId;
  const cells = (await post(admin, '/operations/brand/add', { name: 'Dash cells', kind: '2' })).brandId;
  model = await post(admin, '/operations/productModel/add', { modelCode: 'DASH-1', name: 'Dash One', brandId: bikes, kind: '1', maxRangeM: 50_000 });
  const pack = (await post(admin, '/operations/productModel/add', { modelCode: 'DASH-P', name: 'Dash Pack', brandId: cells, kind: '2' })).modelId;
  const depot = (
    await post(admin, '/merchant/station/add', { stationCode: 'DASH-D', name: 'Dash depot', cityCode: city, type: '3', lat: -7.0, lng: 110.4 })
  ).stationId;
  const zone = await post(admin, '/operations/zone/add', {
    zoneCode: 'DASH-SA',
    name: 'Dashkota',
    cityCode: city,
    type: '1',
    points: [
      { lat: -6.9, lng: 110.3 },
      { lat: -6.9, lng: 110.5 },
      { lat: -7.1, lng: 110.5 },
    ],
  });
  await post(admin, '/operations/zone/activate', { zoneId: zone.zoneId, version: zone.version });

  // Six vehicles: five deployed (20), then moved by hand to the states the dashboard tells apart; one left in stock.
  const fleet = [];
  for (let i = 1; i <= 6; i++) {
    const bike = await post(admin, '/vehicle/vehicle/add', {
      vehicleNo: `DASH-${i}`,
      cityCode: city,
      modelId: model.modelId,
      frameNo: `MHDASH00${i}`,
    });
    if (i <= 5) expect((await post(admin, '/vehicle/vehicle/deploy', { vehicleId: bike.vehicleId, version: bike.version })).opState).toBe(20);
    fleet.push(bike.vehicleId as number);
  }
  const db = t.database.db;
  const [v1, v2, v3, v4] = fleet as [number, number, number, number];
  await db.update(vehicles).set({ opState: 40 }).where(eq(vehicles.id, v2));
  await db.update(vehicles).set({ opState: 50 }).where(eq(vehicles.id, v3));
  await db.update(vehicles).set({ opState: 80 }).where(eq(vehicles.id, v4));
  // Live status (IoT writes it, once there is IoT): v5 in service has none, so counts as offline with no SOC.
  const tenantId = (await db.select({ tenantId: vehicles.tenantId }).from(vehicles).where(eq(vehicles.id, v1)))[0]!.tenantId;
  const live = (vehicleId: number, opState: number, isOnline: boolean, soc: number) => ({
    vehicleId,
    tenantId,
    cityCode: city,
    opState,
    isOnline,
    soc,
    lastReportedAt: new Date(),
  });
  await db.insert(vehicleLiveStatus).values([live(v1, 20, true, 80), live(v2, 40, true, 60), live(v3, 50, false, 10), live(v4, 80, true, 95)]);

  // Two batteries in the depot, one of them then faulty (out of the depot, as §3.3 has it).
  const b1 = await post(admin, '/operations/battery/add', { batterySn: 'DASH-B1', cityCode: city, modelId: pack, depotId: depot });
  await post(admin, '/operations/battery/add', { batterySn: 'DASH-B2', cityCode: city, modelId: pack, depotId: depot });
  await db.update(batteries).set({ state: 60, depotId: null }).where(eq(batteries.id, b1.batteryId));
  // One more vehicle of the model in Bandung, for the city-bound staff there.
  await post(admin, '/vehicle/vehicle/add', { vehicleNo: 'DASH-BDG', cityCode: 2002, modelId: model.modelId, frameNo: 'MHDASHBDG' });
  expect(
    await db
      .select({ n: sql`1` })
      .from(vehicles)
      .where(inArray(vehicles.id, fleet)),
  ).toHaveLength(6);
});

describe('the e-bike centre dashboard', () => {
  it("counts a city's fleet by every op_state, in service, online rate, average SOC, low battery, models and batteries", async () => {
    const d = await overview(admin, city);
    expect(d.byState.map((s) => s.state)).toEqual([...VEHICLE_OP_STATES]);
    expect(counts(d.byState)).toEqual({ 10: 1, 20: 2, 30: 0, 40: 1, 50: 1, 60: 0, 70: 0, 80: 1, 90: 0, 100: 0, 110: 0, 120: 0 });
    expect(d).toMatchObject({ vehicles: 6, inService: 4, lowBattery: 1 });
    // Online: two of the four in service (the one in maintenance does not count, the one with no live row is offline).
    expect(d.online).toBe(2);
    expect(d.onlineRate).toBe(50);
    // SOC: of the in-service vehicles that reported one, (80 + 60 + 10) / 3.
    expect(d.averageSoc).toBe(50);
    expect(d.byModel).toEqual([{ modelId: model.modelId, name: 'Dash One', modelCode: 'DASH-1', count: 6 }]);
    expect(d.batteriesByState.map((s) => s.state)).toEqual([...BATTERY_STATES]);
    expect(counts(d.batteriesByState)).toMatchObject({ 10: 1, 60: 1, 30: 0, 70: 0 });
  });

  it("adds the city to all the caller's cities when none, or 1, is asked for", async () => {
    const all = await overview(admin);
    expect(delta(all.byState, allBefore.byState)).toEqual({ 10: 2, 20: 2, 40: 1, 50: 1, 80: 1 });
    expect(all.inService - allBefore.inService).toBe(4);
    expect(all.online - allBefore.online).toBe(2);
    expect(delta(all.batteriesByState, allBefore.batteriesByState)).toEqual({ 10: 1, 60: 1 });
    expect(all.byModel).toContainEqual({ modelId: model.modelId, name: 'Dash One', modelCode: 'DASH-1', count: 7 });
    expect(await overview(admin, 1)).toEqual(all);
  });

  it('keeps city-bound staff to their city, and another tenant out', async () => {
    const bandung = await t.signIn('kitabike.ops.bandung');
    const mine = await overview(bandung);
    expect(delta(mine.byState, bandungBefore.byState)).toEqual({ 10: 1 });
    expect(mine.byModel).toContainEqual({ modelId: model.modelId, name: 'Dash One', modelCode: 'DASH-1', count: 1 });
    expect(mine).toEqual(await overview(admin, 2002));
    // A city they do not see answers nothing, as a list would.
    const elsewhere = await overview(bandung, city);
    expect(elsewhere).toMatchObject({ vehicles: 0, inService: 0, online: 0, onlineRate: null, averageSoc: null, lowBattery: 0, byModel: [] });
    expect(elsewhere.byState.every((s) => s.count === 0)).toBe(true);

    const gowes = await t.signIn('gowesbali.admin');
    const theirs = await overview(gowes, city);
    expect(theirs).toMatchObject({ vehicles: 0, byModel: [] });
    expect(theirs.batteriesByState.every((s) => s.count === 0)).toBe(true);
    expect(JSON.stringify(await overview(gowes))).not.toContain('DASH-1');
  });

  it('is for those who may open the Home, and refuses a city code that is not a number', async () => {
    const cs = await t.signIn('kitabike.cs.01');
    expect((await t.call('GET', '/api/vehicle/dashboard', { headers: cs })).code).toBe(Code.forbidden);
    expect((await t.call('GET', '/api/vehicle/dashboard?cityCode=abc', { headers: admin })).code).toBe(Code.validation);
  });
});
