import { Code } from '@kayuh/contract/codes';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';

/** Fault Management (DOMAIN §2.1 vehicle_faults, §3.2 fault_blocking). */
const t = useTestApp();

const call = async (headers: Record<string, string>, path: string, body: Record<string, unknown> = {}) =>
  t.call('POST', `/api${path}`, { headers, body });

async function deployedVehicle(headers: Record<string, string>, vehicleNo: string, cityCode = 2002) {
  const brand = (await call(headers, '/operations/brand/add', { name: `Fault bikes ${vehicleNo}`, kind: '1' })).data.brandId;
  const model = (
    await call(headers, '/operations/productModel/add', {
      modelCode: `F-${vehicleNo}`,
      name: 'F',
      brandId: brand,
      kind: '1',
      propulsion: 'electric',
      maxRangeM: 40_000,
    })
  ).data.modelId;
  const vehicle = (
    await call(headers, '/vehicle/vehicle/add', { vehicleNo, cityCode, modelId: model, frameNo: `MH1${vehicleNo.replace(/\W/g, '')}` })
  ).data;
  // The city's service area, if the demo has none active yet.
  const area = (
    await call(headers, '/operations/zone/add', {
      zoneCode: `SA-F-${vehicleNo}`,
      name: 'Area',
      cityCode,
      type: '1',
      points: [
        { lat: -6.85, lng: 107.55 },
        { lat: -6.85, lng: 107.7 },
        { lat: -6.98, lng: 107.7 },
      ],
    })
  ).data;
  await call(headers, '/operations/zone/activate', { zoneId: area.zoneId, version: 0 });
  return (await call(headers, '/vehicle/vehicle/deploy', { vehicleId: vehicle.vehicleId, version: vehicle.version })).data;
}

const typeOf = async (headers: Record<string, string>, code: string) =>
  (await call(headers, '/vehicle/faultType/list', { code })).rows.find((r: { code: string }) => r.code === code);

describe('a fault raised against a vehicle', () => {
  it('takes a deployed vehicle to maintenance when it blocks riding, logged with the fault; a cosmetic one does not', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const bike = await deployedVehicle(admin, 'KB-BDG-7001');
    expect(bike.opState).toBe(20);
    const qr = await typeOf(admin, 'QR_DAMAGED');
    expect((await call(admin, '/vehicle/fault/add', { vehicleId: bike.vehicleId, faultTypeId: qr.faultTypeId })).data).toMatchObject({
      status: 0,
      cityCode: 2002,
    });
    expect((await t.call('GET', `/api/vehicle/vehicle/${bike.vehicleId}`, { headers: admin })).data.opState).toBe(20);

    const brake = await typeOf(admin, 'BRAKE');
    const fault = (await call(admin, '/vehicle/fault/add', { vehicleId: bike.vehicleId, faultTypeId: brake.faultTypeId, source: '1' })).data;
    expect((await t.call('GET', `/api/vehicle/vehicle/${bike.vehicleId}`, { headers: admin })).data.opState).toBe(80);
    const [log] = rowsOf<{ event: string; ref_type: string; ref_id: number }>(
      await t.database.db.execute(
        sql`SELECT event, ref_type, ref_id FROM vehicle_state_log WHERE vehicle_id = ${bike.vehicleId} ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect({ ...log, ref_id: Number(log!.ref_id) }).toMatchObject({ event: 'fault_blocking', ref_type: 'vehicleFault', ref_id: fault.faultId });

    const resolved = await call(admin, '/vehicle/fault/resolve', { faultId: fault.faultId, version: 0 });
    expect(resolved.data).toMatchObject({ status: 2 });
    expect(resolved.data.fixedAt).not.toBeNull();
    expect((await call(admin, '/vehicle/fault/resolve', { faultId: fault.faultId, version: 1 })).code).toBe(Code.transitionNotAllowed);
  });

  it("is raised only against a vehicle the caller may see, and takes the vehicle's city", async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const bike = await deployedVehicle(admin, 'KB-BDG-7002');
    const jakarta = await t.signIn('kitabike.ops.jakarta', { lang: 'EN' });
    const light = await typeOf(admin, 'LIGHT');
    const refused = await call(jakarta, '/vehicle/fault/add', { vehicleId: bike.vehicleId, faultTypeId: light.faultTypeId });
    expect(refused).toMatchObject({ code: Code.validation, data: { fields: { vehicleId: 'Not one of the allowed options' } } });
    const gowes = await t.signIn('gowesbali.admin', { lang: 'EN' });
    expect((await call(gowes, '/vehicle/fault/add', { vehicleId: bike.vehicleId, faultTypeId: light.faultTypeId })).code).toBe(Code.validation);
  });

  it('has the demo catalogue of fault types, named in the reader’s language', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const types = (await call(admin, '/vehicle/faultType/list', { pageSize: 50 })).rows;
    expect(types.map((f: { code: string }) => f.code)).toEqual(
      expect.arrayContaining(['BRAKE', 'LOCK_FAIL', 'FLAT_TYRE', 'CONTROLLER', 'IOT_OFFLINE', 'LIGHT', 'QR_DAMAGED']),
    );
  });
});
