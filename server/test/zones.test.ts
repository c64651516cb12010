import { Code } from '@kayuh/contract/codes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** Zones (DOMAIN §8.1): the geometry rules the server holds every outline to, and who may draw where. */
const t = useTestApp();

/** A square of `size` degrees with its south-west corner at (lat, lng), near central Jakarta. */
const square = (lat: number, lng: number, size = 0.01) => [
  { lat, lng },
  { lat, lng: lng + size },
  { lat: lat + size, lng: lng + size },
  { lat: lat + size, lng },
];

let codes = 0;
const zone = (type: string, points: Array<{ lat: number; lng: number }>, extra: Record<string, unknown> = {}) => ({
  zoneCode: `Z-${++codes}`,
  name: `Zone ${codes}`,
  cityCode: 2001,
  type,
  points,
  ...extra,
});

describe('a zone outline', () => {
  it('is refused where it crosses itself, saying where', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const bowtie = [
      { lat: -6.2, lng: 106.8 },
      { lat: -6.19, lng: 106.81 },
      { lat: -6.2, lng: 106.81 },
      { lat: -6.19, lng: 106.8 },
    ];
    const res = await t.call('POST', '/api/operations/zone/add', { headers: admin, body: zone('2', bowtie) });
    expect(res).toMatchObject({ code: Code.validation, data: { fields: { points: 'The outline crosses itself at -6.195000, 106.805000' } } });
  });

  it('needs three distinct corners enclosing ground, and is stored open with its bounding box', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const closedTriangle = [
      { lat: -6.2, lng: 106.8 },
      { lat: -6.2, lng: 106.81 },
      { lat: -6.2, lng: 106.8 },
    ];
    const line = [
      { lat: -6.2, lng: 106.8 },
      { lat: -6.21, lng: 106.81 },
      { lat: -6.22, lng: 106.82 },
    ];
    for (const points of [closedTriangle, line]) {
      const res = await t.call('POST', '/api/operations/zone/add', { headers: admin, body: zone('2', points) });
      expect(res.data.fields.points).toBe('An outline needs at least 3 distinct points that enclose some ground');
    }
    // Sent closed (the first point again at the end), kept open.
    const added = await t.call('POST', '/api/operations/zone/add', {
      headers: admin,
      body: zone('2', [...square(-6.3, 106.7), { lat: -6.3, lng: 106.7 }]),
    });
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    expect(added.data.points).toEqual(square(-6.3, 106.7));
    expect(added.data.status).toBe(0);
  });
});

describe('active zones of a city', () => {
  const activate = async (headers: Record<string, string>, id: number) =>
    t.call('POST', '/api/operations/zone/activate', { headers, body: { zoneId: id, version: 0 } });
  const add = async (headers: Record<string, string>, body: Record<string, unknown>) =>
    (await t.call('POST', '/api/operations/zone/add', { headers, body })).data.zoneId as number;

  it('may not share ground with an active zone of the same type; touching, other types and slow zones may', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const first = await add(admin, zone('2', square(-6.1, 106.9)));
    expect((await activate(admin, first)).code).toBe(Code.ok);
    const firstCode = `Z-${codes}`;
    const overlapping = await add(admin, zone('2', square(-6.095, 106.905)));
    expect(await activate(admin, overlapping)).toMatchObject({
      code: Code.validation,
      data: { fields: { points: `Overlaps the active zone ${firstCode} of the same type` } },
    });
    // Sharing only an edge is no overlap; another type over the same ground is fine.
    expect((await activate(admin, await add(admin, zone('2', square(-6.1, 106.91))))).code).toBe(Code.ok);
    expect((await activate(admin, await add(admin, zone('3', square(-6.095, 106.905))))).code).toBe(Code.ok);
    // Slow zones may overlap each other, and get the default limit.
    const slowA = await add(admin, zone('4', square(-6.0, 106.9)));
    const slowB = await add(admin, zone('4', square(-5.995, 106.905)));
    expect((await activate(admin, slowA)).code).toBe(Code.ok);
    expect((await activate(admin, slowB)).data).toMatchObject({ status: 1, speedLimitKph: 10 });
    // An active zone edited onto another's ground is refused as well.
    const moved = await t.call('POST', '/api/operations/zone/edit', {
      headers: admin,
      body: { zoneId: first, version: 1, points: square(-6.1, 106.915) },
    });
    expect(moved.code).toBe(Code.validation);
  });

  it('holds one active service area per city, even when twenty are activated at once', async () => {
    // Fresh cities: the demo's already have their active service area (DOMAIN §9.1).
    const newCity = async (cityInName: string, centerLat: number, centerLng: number) => {
      const headers = await t.signIn('kitabike.admin', { lang: 'EN' });
      const body = { cityInName, cityName: cityInName, countryId: 1, timeZone: 7, ianaTz: 'Asia/Jakarta', centerLat, centerLng };
      const res = await t.call('POST', '/api/system/city/add', { headers, body });
      expect(res.code).toBe(Code.ok);
      return Number(res.data.cityCode);
    };
    const malang = await newCity('Malang', -7.98, 112.63);
    const semarang = await newCity('Semarang', -6.99, 110.42);
    // Signed in again: a session knows the cities it may see from its start.
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await add(admin, { ...zone('1', square(-8.2 + i * 0.02, 112.5)), cityCode: malang }));
    const results = await Promise.all(ids.map((id) => activate(admin, id)));
    expect(results.filter((r) => r.code === Code.ok)).toHaveLength(1);
    const winner = results.find((r) => r.code === Code.ok)!.data.zoneCode;
    for (const refused of results.filter((r) => r.code !== Code.ok)) {
      expect(refused.data.fields.points).toBe(`This city already has an active service area: ${winner}`);
    }
    // Another city is another matter.
    const other = await add(admin, { ...zone('1', square(-7.0, 110.4)), cityCode: semarang });
    expect((await activate(admin, other)).code).toBe(Code.ok);
  });

  it("draws only in the caller's cities", async () => {
    const bandung = await t.signIn('kitabike.ops.bandung', { lang: 'EN' });
    expect((await t.call('POST', '/api/operations/zone/add', { headers: bandung, body: zone('2', square(-6.2, 106.6)) })).code).toBe(Code.forbidden);
    const own = await t.call('POST', '/api/operations/zone/add', { headers: bandung, body: { ...zone('2', square(-6.95, 107.55)), cityCode: 2002 } });
    expect(own.code).toBe(Code.ok);
    const seen = (await t.call('POST', '/api/operations/zone/list', { headers: bandung, body: { pageSize: 100 } })).rows;
    expect(new Set(seen.map((z: { cityCode: number }) => z.cityCode))).toEqual(new Set([2002]));
  });
});
