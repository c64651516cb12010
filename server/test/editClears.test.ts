import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** What an engine edit does with the optional fields it is sent empty, and with those it is not sent. */
const t = useTestApp();

describe('an edit', () => {
  it("clears an optional field sent empty (a form's cleared box), keeps one left out, and keeps a flag that cannot be empty", async () => {
    const admin = await t.signIn('kitabike.admin');
    const call = async (path: string, body: Record<string, unknown>) => t.call('POST', `/api/vehicle/vehicle${path}`, { headers: admin, body });
    const [vehicle] = (await call('/list', { cityCode: 2001, pageSize: 1, orderByColumn: 'createdAt', isAsc: 'desc' })).rows;
    const station = (await t.call('POST', '/api/merchant/station/list', { headers: admin, body: { cityCode: 2001, type: '1', pageSize: 1 } }))
      .rows[0];

    const filled = await call('/edit', {
      vehicleId: vehicle.vehicleId,
      version: vehicle.version,
      plateNo: 'B 4821 KYH',
      remark: 'Stiker baru',
      homeStationId: station.stationId,
    });
    expect(filled.code, JSON.stringify(filled)).toBe(Code.ok);
    expect(filled.data).toMatchObject({ plateNo: 'B 4821 KYH', remark: 'Stiker baru', homeStationId: station.stationId });

    // The plate is cleared as the form sends it (''), the home station as JSON does (null); the remark is not sent.
    const cleared = await call('/edit', {
      vehicleId: vehicle.vehicleId,
      version: filled.data.version,
      plateNo: '',
      homeStationId: null,
    });
    expect(cleared.code, JSON.stringify(cleared)).toBe(Code.ok);
    expect(cleared.data).toMatchObject({ plateNo: null, homeStationId: null, remark: 'Stiker baru' });
    const read = await t.call('GET', `/api/vehicle/vehicle/${vehicle.vehicleId}`, { headers: admin });
    expect(read.data).toMatchObject({ plateNo: null, homeStationId: null, remark: 'Stiker baru' });

    // A station's public flag cannot be empty: sent null, it stays as it was.
    const hidden = await t.call('POST', '/api/merchant/station/edit', {
      headers: admin,
      body: { stationId: station.stationId, version: station.version, isPublic: false },
    });
    expect(hidden.data.isPublic).toBe(false);
    const kept = await t.call('POST', '/api/merchant/station/edit', {
      headers: admin,
      body: { stationId: station.stationId, version: hidden.data.version, isPublic: null },
    });
    expect(kept.code, JSON.stringify(kept)).toBe(Code.ok);
    expect(kept.data.isPublic).toBe(false);
  });
});
