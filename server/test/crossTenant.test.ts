import { Code } from '@kayuh/contract/codes';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';

/**
 * Every route, hand-written or generated, walked by another tenant's admin with KitaBike's ids: in the path, in every
 * id-like body and query field. Nothing of KitaBike's may come back, and no row of KitaBike's may change. The engine's
 * own suite (resources.test.ts) checks each declared resource in detail; this one holds the routes no declaration
 * describes (dashboards, boards, commands, downloads, profile, menus) to the same rule without a list to keep.
 */
const t = useTestApp();

const KITABIKE = 2;
const GOWESBALI = 3;
/** What only KitaBike's rows say: its code and user names, its company, two of its cities, its people. */
const KITABIKE_MARKERS = /kitabike|kita bike|bandung|surabaya|rina wulandari|budi santoso|thamrin/i;
/** Routes that end the caller's own session or lock their account: walked by other suites. */
const SKIPPED = new Set(['POST /api/system/sso/logout', 'POST /api/system/user/profile/updatePwd']);

/** Every table with a tenant, and a digest of the tenant's rows in it. */
async function tenantDigest(tenantId: number): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'tenant_id' ORDER BY 1`),
  ).map((r) => r.table_name);
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ d: string | null }>(
      await db.execute(sql`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS d FROM ${sql.identifier(table)} x WHERE tenant_id = ${tenantId}`),
    );
    digest[table] = row?.d ?? '';
  }
  return digest;
}

/** Ids of KitaBike's rows (the oldest and newest of each table, and its city codes) that are no id of GowesBali's anywhere. */
async function kitabikeIds(): Promise<number[]> {
  const db = t.database.db;
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`SELECT c.table_name FROM information_schema.columns c
      JOIN information_schema.columns i ON i.table_name = c.table_name AND i.table_schema = c.table_schema AND i.column_name = 'id'
      WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' ORDER BY 1`),
  ).map((r) => r.table_name);
  const theirs = new Set<number>([2001, 2002, 2003, 200]);
  const ours = new Set<number>();
  for (const table of tables) {
    // KitaBike's three first and three last rows of each table: ids of its own that GowesBali may try.
    for (const row of rowsOf<{ id: number }>(
      await db.execute(
        sql`(SELECT id FROM ${sql.identifier(table)} WHERE tenant_id = ${KITABIKE} ORDER BY id LIMIT 3)
            UNION (SELECT id FROM ${sql.identifier(table)} WHERE tenant_id = ${KITABIKE} ORDER BY id DESC LIMIT 3)`,
      ),
    ))
      theirs.add(Number(row.id));
    for (const row of rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM ${sql.identifier(table)} WHERE tenant_id = ${GOWESBALI}`)))
      ours.add(Number(row.id));
  }
  return [...theirs].filter((id) => !ours.has(id));
}

/** The id-like fields of a zod object schema (id, ids, userId, deptIds, cityCode …). */
function idFields(schema: unknown): Array<{ name: string; many: boolean }> {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.keys(schema.shape)
    .filter((name) => /^(ids?|.*Ids?|cityCode|cityCodes)$/.test(name))
    .map((name) => ({ name, many: /Ids$|^ids$|Codes$/.test(name) }));
}

describe("another tenant's admin on every route", () => {
  it("reads nothing of KitaBike's and changes none of its rows", { timeout: 240_000 }, async () => {
    const ids = await kitabikeIds();
    expect(ids.length).toBeGreaterThan(8);
    const before = await tenantDigest(KITABIKE);
    let gowes = await t.signIn('gowesbali.admin');
    const routes = t.routes.filter((r) => r.access !== 'public' && r.method !== 'HEAD' && !SKIPPED.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(100);
    let calls = 0;
    for (const route of routes) {
      const hasParams = route.url.includes(':');
      const fields = [...idFields(route.body), ...idFields(route.querystring)];
      for (const id of hasParams || fields.length ? ids : [0]) {
        const url = route.url.replace(/:(\w+)/g, String(id));
        const values = Object.fromEntries(fields.map((f) => [f.name, f.many ? [id] : id]));
        const query =
          route.method === 'GET' && fields.length ? `?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}` : '';
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: url + query,
          headers: gowes,
          ...(route.method === 'POST' ? { payload: { ...values, version: 0 } } : {}),
        });
        calls++;
        expect(res.statusCode, `${route.method} ${url}${query}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.body, `${route.method} ${url}${query}`).not.toMatch(KITABIKE_MARKERS);
        // A route that ended the session (a password change, say) must not end the walk.
        if (String(res.headers['content-type']).includes('json') && res.json().code === Code.noSession) gowes = await t.signIn('gowesbali.admin');
      }
    }
    expect(calls).toBeGreaterThan(routes.length);
    expect(await tenantDigest(KITABIKE)).toEqual(before);
  });
});
