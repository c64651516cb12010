import { expect, test } from '@playwright/test';

// Files are read loosely; the journey asserts the fields a trip planner relies on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type GbfsFile = { last_updated: string; ttl: number; version: string; data: any };

test("a trip planner follows KitaBike's public GBFS feed from its manifest to the bikes on the street", async ({ page }) => {
  // No sign-in: the feed is public.
  const open = async (url: string): Promise<GbfsFile> => {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    expect(res?.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await res!.json()) as GbfsFile;
    expect(body.version).toBe('3.0');
    expect(res?.headers()['cache-control']).toBe(`public, max-age=${body.ttl}`);
    return body;
  };

  const manifest = await open('/gbfs/v3/KITABIKE/manifest.json');
  const datasets = manifest.data.datasets as Array<{ system_id: string; versions: Array<{ version: string; url: string }> }>;
  expect(datasets.map((d) => d.system_id)).toEqual(expect.arrayContaining(['KITABIKE-2001', 'KITABIKE-2002', 'KITABIKE-2003']));

  const jakarta = datasets.find((d) => d.system_id === 'KITABIKE-2001')!;
  const gbfs = await open(jakarta.versions.find((v) => v.version === '3.0')!.url);
  const feeds = new Map((gbfs.data.feeds as Array<{ name: string; url: string }>).map((f) => [f.name, f.url]));

  const info = await open(feeds.get('system_information')!);
  expect(info.data).toMatchObject({ system_id: 'KITABIKE-2001', timezone: 'Asia/Jakarta' });

  const types = await open(feeds.get('vehicle_types')!);
  const typeIds = new Set((types.data.vehicle_types as Array<{ vehicle_type_id: string }>).map((v) => v.vehicle_type_id));
  expect(typeIds.size).toBeGreaterThan(0);

  const status = await open(feeds.get('vehicle_status')!);
  expect(status.ttl).toBe(60);
  const vehicles = status.data.vehicles as Array<{ vehicle_id: string; vehicle_type_id: string; lat?: number; lon?: number; station_id?: string }>;
  expect(vehicles.length).toBeGreaterThan(0);
  for (const vehicle of vehicles) {
    expect(typeIds.has(vehicle.vehicle_type_id), vehicle.vehicle_id).toBe(true);
    expect(vehicle.lat !== undefined || vehicle.station_id !== undefined).toBe(true);
  }

  const zones = await open(feeds.get('geofencing_zones')!);
  expect(zones.data.global_rules).toEqual([{ ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true }]);
  expect(zones.data.geofencing_zones.features.length).toBeGreaterThan(0);

  // A dataset nobody publishes is a missing file, not the console.
  const missing = await page.goto('/gbfs/v3/KITABIKE-3001/gbfs.json');
  expect(missing?.status()).toBe(404);
});
