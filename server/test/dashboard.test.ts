import { Code } from '@kayuh/contract/codes';
import { DASHBOARD_DAYS, type DashboardOverview } from '@kayuh/contract/api/dashboard';
import { describe, expect, it } from 'vitest';
import { cities, users } from '../src/db/schema.ts';
import { visibleRows } from '../src/platform/scope.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const overview = async (headers: Record<string, string>, query = '') => {
  const res = await t.call('GET', `/api/system/dashboard${query}`, { headers });
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  return res.data as DashboardOverview;
};

/** Today's date on a zone's clock, as the dashboard names business days. */
const todayAt = (offsetHours: number) => new Date(Date.now() + offsetHours * 3_600_000).toISOString().slice(0, 10);

describe('the System management dashboard', () => {
  it("counts today's sign-ins, failed sign-ins and changes on the tenant's business day, and names the worked pages", async () => {
    await t.call('POST', '/api/system/sso/login', { body: { username: 'kitabike.admin', password: 'wrong-password-1' } });
    const admin = await t.signInThroughApi('kitabike.admin');
    const before = await overview(admin);
    expect(before.days).toHaveLength(DASHBOARD_DAYS);
    const today = before.days.at(-1)!;
    expect(today.day).toBe(todayAt(7));
    expect(today.signIns).toBeGreaterThanOrEqual(1);
    expect(today.failedSignIns).toBeGreaterThanOrEqual(1);

    expect(
      (await t.call('POST', '/api/system/post/add', { headers: admin, body: { postCode: 'DASH', postName: 'Dashboard', postSort: 1 } })).code,
    ).toBe(Code.ok);
    const after = await overview(admin);
    expect(after.days.at(-1)!.operations).toBe(today.operations + 1);
    expect(after.topPages).toContainEqual({ title: expect.any(String), count: expect.any(Number) });
    expect(after.topPages.map((p) => p.title)).toContain(
      (await t.call('POST', '/api/system/operlog/list', { headers: admin, body: { pageSize: 1 } })).rows[0].title,
    );
  });

  it("shows the tenant's own cities with their staff, never another tenant's", async () => {
    const kita = await overview(await t.signIn('kitabike.admin'));
    expect(kita.cities.map((c) => c.cityInName)).toEqual(['Jakarta', 'Bandung', 'Surabaya']);
    const jakarta = kita.cities[0]!;
    expect(jakarta).toMatchObject({ cityCode: 2001, lat: -6.175392, lng: 106.827153, status: '1' });
    // Four technicians in the city's own dept and the city's ops team.
    expect(jakarta.staff).toBeGreaterThanOrEqual(5);

    const gowes = await overview(await t.signIn('gowesbali.admin'), '?cityCode=3001');
    expect(gowes.cities.map((c) => c.cityCode)).toEqual([3001, 3002]);
    // Denpasar's clock (WITA) names the days.
    expect(gowes.days.at(-1)!.day).toBe(todayAt(8));
    expect(JSON.stringify(gowes)).not.toMatch(/kitabike|2001|Surabaya/i);
  });

  it('refuses a city code that is not a number', async () => {
    const admin = await t.signIn('kitabike.admin');
    expect((await t.call('GET', '/api/system/dashboard?cityCode=abc', { headers: admin })).code).toBe(Code.validation);
  });
});

describe('visibleRows, the scope of hand-written reads', () => {
  it("keeps a city-bound caller to their cities and the tenant's live rows", async () => {
    const db = t.database.db;
    const bandungOnly = { scopeTenantId: 2, allCities: false, deptIds: [2002] };
    expect((await db.select({ code: cities.cityCode }).from(cities).where(visibleRows(bandungOnly, cities))).map((c) => c.code)).toEqual([2002]);
    // A table with no city is the tenant's only; the super-admin's platform view is every tenant's.
    const kitaUsers = await db.select({ tenantId: users.tenantId }).from(users).where(visibleRows(bandungOnly, users));
    expect(new Set(kitaUsers.map((u) => u.tenantId))).toEqual(new Set([2]));
    const platform = await db
      .select({ tenantId: cities.tenantId })
      .from(cities)
      .where(visibleRows({ scopeTenantId: null, allCities: true, deptIds: [] }, cities));
    expect(new Set(platform.map((c) => c.tenantId))).toEqual(new Set([2, 3]));
  });

  it('leaves out removed rows unless asked for history', async () => {
    const admin = await t.signIn('kitabike.admin');
    const added = await t.call('POST', '/api/system/post/add', { headers: admin, body: { postCode: 'GONE', postName: 'Gone', postSort: 1 } });
    expect((await t.call('POST', `/api/system/post/remove/${added.data.postId}`, { headers: admin })).code).toBe(Code.ok);
    const { posts } = await import('../src/db/schema.ts');
    const { eq, and } = await import('drizzle-orm');
    const auth = { scopeTenantId: 2, allCities: true, deptIds: [1] };
    const gone = (deleted: boolean) =>
      t.database.db
        .select()
        .from(posts)
        .where(and(eq(posts.postCode, 'GONE'), visibleRows(auth, posts, { deleted })));
    expect(await gone(false)).toHaveLength(0);
    expect(await gone(true)).toHaveLength(1);
  });
});
