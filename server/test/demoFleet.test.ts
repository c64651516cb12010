import { BatteryState, OpState, StationType } from '@kayuh/contract/resources/fleet';
import { ZoneStatus, ZoneType } from '@kayuh/contract/resources/zone';
import { pointInPolygon, type LatLng } from '@kayuh/contract/rules/geo';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** DOMAIN §9.1 and §9.4: the fleet a first start shows each demo operator, and that it holds together. */
const t = useTestApp();

const VEHICLES: Record<number, number> = { 2001: 180, 2002: 90, 2003: 80, 3001: 120, 3002: 60 };
const STATIONS: Record<number, [cabinets: number, parking: number, depots: number]> = {
  2001: [6, 20, 1],
  2002: [3, 10, 1],
  2003: [3, 10, 1],
  3001: [4, 12, 1],
  3002: [2, 6, 1],
};
const TENANTS = [
  { id: 2, admin: 'kitabike.admin', cities: [2001, 2002, 2003], batteries: 600 },
  { id: 3, admin: 'gowesbali.admin', cities: [3001, 3002], batteries: 320 },
];

const rowsOf = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the demo fleet (DOMAIN §9.4)', () => {
  it('gives each city its vehicles, stations and zones, and each tenant its batteries, through the list APIs', async () => {
    for (const tenant of TENANTS) {
      const headers = await t.signIn(tenant.admin);
      for (const cityCode of tenant.cities) {
        const vehicles = await t.call('POST', '/api/vehicle/vehicle/list', { headers, body: { cityCode, pageSize: 1 } });
        expect(vehicles.total, `vehicles of ${cityCode}`).toBe(VEHICLES[cityCode]);
        const [cabinets, parking, depots] = STATIONS[cityCode]!;
        for (const [type, count] of [
          [StationType.swapCabinet, cabinets],
          [StationType.parking, parking],
          [StationType.depot, depots],
        ]) {
          const stations = await t.call('POST', '/api/merchant/station/list', { headers, body: { cityCode, type: String(type), pageSize: 1 } });
          expect(stations.total, `stations of type ${type} in ${cityCode}`).toBe(count);
        }
        const zones = (await t.call('POST', '/api/operations/zone/list', { headers, body: { cityCode, pageSize: 100 } })).rows;
        const activeAreas = zones.filter(
          (z: { type: string; status: string }) => Number(z.type) === ZoneType.serviceArea && Number(z.status) === ZoneStatus.active,
        );
        expect(activeAreas, `active service areas of ${cityCode}`).toHaveLength(1);
        expect(zones.some((z: { type: string }) => Number(z.type) === ZoneType.parking)).toBe(true);
      }
      const batteries = await t.call('POST', '/api/operations/battery/list', { headers, body: { pageSize: 1 } });
      expect(batteries.total).toBe(tenant.batteries);
    }
  });

  it('has every vehicle op_state and every battery state in each tenant (50, with a member, by the demo swaps)', async () => {
    const opStates = Object.values(OpState);
    const batteryStates = Object.values(BatteryState);
    for (const tenant of TENANTS) {
      const headers = await t.signIn(tenant.admin);
      for (const state of opStates) {
        const res = await t.call('POST', '/api/vehicle/vehicle/list', { headers, body: { opState: [String(state)], pageSize: 1 } });
        expect(res.total, `tenant ${tenant.id} vehicles in ${state}`).toBeGreaterThan(0);
      }
      const available = await t.call('POST', '/api/vehicle/vehicle/list', { headers, body: { opState: ['20'], pageSize: 1 } });
      const all = await t.call('POST', '/api/vehicle/vehicle/list', { headers, body: { pageSize: 1 } });
      expect(available.total / all.total).toBeGreaterThan(0.4);
      for (const state of batteryStates) {
        const res = await t.call('POST', '/api/operations/battery/list', { headers, body: { state: [String(state)], pageSize: 1 } });
        expect(res.total, `tenant ${tenant.id} batteries in ${state}`).toBeGreaterThan(0);
      }
    }
  });

  it('keeps every vehicle logged, deployed ones stamped, and a live status, inside the service area, for those on the road', async () => {
    const unlogged = await rowsOf(sql`SELECT v.id FROM vehicles v WHERE v.tenant_id IN (2, 3)
      AND NOT EXISTS (SELECT 1 FROM vehicle_state_log l WHERE l.vehicle_id = v.id AND l.to_state = v.op_state)`);
    expect(unlogged).toEqual([]);
    const unstamped = await rowsOf(sql`SELECT id FROM vehicles WHERE tenant_id IN (2, 3) AND op_state NOT IN (10, 110) AND deployed_at IS NULL`);
    expect(unstamped).toEqual([]);
    const live = await rowsOf<{
      city_code: string;
      lat: string;
      lng: string;
      v_state: number;
      l_state: number | null;
      soc: number;
      range_m: number;
      max_range_m: number;
    }>(
      sql`SELECT v.city_code, s.lat, s.lng, v.op_state AS v_state, s.op_state AS l_state, s.soc, s.range_m, m.max_range_m
        FROM vehicles v JOIN product_models m ON m.id = v.model_id LEFT JOIN vehicle_live_status s ON s.vehicle_id = v.id
        WHERE v.tenant_id IN (2, 3)`,
    );
    const areas = await rowsOf<{ city_code: string; points: LatLng[] }>(
      sql`SELECT city_code, points FROM zones WHERE tenant_id IN (2, 3) AND type = 1 AND status = 1`,
    );
    const areaOf = new Map(areas.map((a) => [Number(a.city_code), a.points]));
    for (const row of live) {
      if (row.v_state === OpState.inStock || row.v_state === OpState.retired) {
        expect(row.l_state).toBeNull();
        continue;
      }
      expect(row.l_state).toBe(row.v_state);
      expect(pointInPolygon({ lat: Number(row.lat), lng: Number(row.lng) }, areaOf.get(Number(row.city_code))!)).toBe(true);
      expect(row.range_m).toBe(Math.round((row.soc * row.max_range_m) / 100));
    }
    // Some stand at parking stations (GBFS station_status counts them there).
    const parked = await rowsOf<{ tenant_id: string; n: number }>(sql`SELECT s.tenant_id, count(*)::int AS n FROM vehicle_live_status s
      JOIN stations st ON st.id = s.station_id AND st.type = 1 AND st.tenant_id = s.tenant_id WHERE s.tenant_id IN (2, 3) GROUP BY s.tenant_id`);
    expect(parked.map((p) => Number(p.tenant_id)).sort()).toEqual([2, 3]);
  });

  it("puts each battery where its state says: a vehicle's pack is the vehicle's, a bay's pack is the bay's", async () => {
    const installed = await rowsOf(sql`SELECT b.id FROM batteries b JOIN vehicles v ON v.id = b.vehicle_id
      WHERE b.state = 30 AND (v.battery_id IS DISTINCT FROM b.id OR v.tenant_id <> b.tenant_id OR v.city_code <> b.city_code)`);
    expect(installed).toEqual([]);
    const twice = await rowsOf(sql`SELECT vehicle_id FROM batteries WHERE vehicle_id IS NOT NULL GROUP BY vehicle_id HAVING count(*) > 1`);
    expect(twice).toEqual([]);
    const orphans = await rowsOf(sql`SELECT v.id FROM vehicles v LEFT JOIN batteries b ON b.id = v.battery_id
      WHERE v.battery_id IS NOT NULL AND (b.state <> 30 OR b.vehicle_id <> v.id)`);
    expect(orphans).toEqual([]);
    const bays = await rowsOf(sql`SELECT b.id FROM batteries b LEFT JOIN cabinet_slots s ON s.station_id = b.station_id AND s.slot_no = b.slot_no
      WHERE b.state IN (40, 45) AND (s.battery_id IS DISTINCT FROM b.id OR s.state <> CASE b.state WHEN 40 THEN 2 ELSE 1 END)`);
    expect(bays).toEqual([]);
    const emptyBays = await rowsOf(sql`SELECT s.id FROM cabinet_slots s LEFT JOIN batteries b ON b.id = s.battery_id
      WHERE s.tenant_id IN (2, 3) AND (s.battery_id IS NULL) <> (s.state = 0)`);
    expect(emptyBays).toEqual([]);
    const cabinets = await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM stations s
      WHERE s.tenant_id IN (2, 3) AND s.type = 2 AND (SELECT count(*) FROM cabinet_slots c WHERE c.station_id = s.id) <> 12`);
    expect(cabinets[0]!.n).toBe(0);
    const depots = await rowsOf(sql`SELECT b.id FROM batteries b LEFT JOIN stations d ON d.id = b.depot_id
      WHERE b.state = 10 AND b.tenant_id IN (2, 3) AND (d.type <> 3 OR d.city_code <> b.city_code)`);
    expect(depots).toEqual([]);
    const unlogged = await rowsOf(sql`SELECT b.id FROM batteries b WHERE b.tenant_id IN (2, 3)
      AND NOT EXISTS (SELECT 1 FROM battery_events e WHERE e.battery_id = b.id AND e.to_state = b.state)`);
    expect(unlogged).toEqual([]);
  });

  it('names no IMEI, frame, battery SN or GBFS id twice', async () => {
    for (const q of [
      sql`SELECT imei FROM vehicles WHERE imei IS NOT NULL GROUP BY imei HAVING count(*) > 1`,
      sql`SELECT tenant_id, frame_no FROM vehicles GROUP BY tenant_id, frame_no HAVING count(*) > 1`,
      sql`SELECT battery_sn FROM batteries GROUP BY battery_sn HAVING count(*) > 1`,
      sql`SELECT gbfs_public_id FROM vehicles GROUP BY gbfs_public_id HAVING count(*) > 1`,
    ])
      expect(await rowsOf(q)).toEqual([]);
    const malformed = await rowsOf(sql`SELECT id FROM vehicles WHERE tenant_id IN (2, 3)
      AND (imei !~ '^[0-9]{15}$' OR frame_no !~ '^[A-HJ-NPR-Z0-9]{6,20}$' OR gbfs_public_id !~ '^[A-Za-z0-9_-]{16}$')`);
    expect(malformed).toEqual([]);
  });

  it("shows GowesBali none of KitaBike's fleet, even in the Jakarta they share", async () => {
    const gowes = await t.signIn('gowesbali.admin');
    const vehicles = (await t.call('POST', '/api/vehicle/vehicle/list', { headers: gowes, body: { pageSize: 500 } })).rows;
    expect(vehicles).toHaveLength(180);
    expect(vehicles.every((v: { vehicleNo: string }) => v.vehicleNo.startsWith('GB-'))).toBe(true);
    expect((await t.call('POST', '/api/vehicle/vehicle/list', { headers: gowes, body: { cityCode: 2001, pageSize: 1 } })).total ?? 0).toBe(0);
    const batteries = (await t.call('POST', '/api/operations/battery/list', { headers: gowes, body: { pageSize: 500 } })).rows;
    expect(batteries.every((b: { cityCode: number }) => [3001, 3002].includes(Number(b.cityCode)))).toBe(true);
    const zones = (await t.call('POST', '/api/operations/zone/list', { headers: gowes, body: { pageSize: 500 } })).rows;
    expect(zones.every((z: { cityCode: number }) => [3001, 3002].includes(Number(z.cityCode)))).toBe(true);
    const stations = (await t.call('POST', '/api/merchant/station/list', { headers: gowes, body: { pageSize: 500 } })).rows;
    expect(stations).toHaveLength(26);
    expect(stations.every((s: { cityCode: number }) => [3001, 3002].includes(Number(s.cityCode)))).toBe(true);
  });
});
