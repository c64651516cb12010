import type { ResourceDef } from '@kayuh/contract/resources/types';
import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/platform/auth/context.ts';
import { bindResource } from '../src/platform/resources/binding.ts';
import { ReadQueries } from '../src/platform/resources/readStatements.ts';
import { serializeRow } from '../src/platform/resources/serialize.ts';
import { useTestApp } from './harness.ts';

/**
 * A read-only resource over a rollup table shaped like DOMAIN §7's `rpt_*` tables: grain (tenant, city, day,
 * dimension), no id, no createdAt. The first real ones are the ReportMain pages; this one is the engine's own.
 */
const t = useTestApp();

const signInDay = pgTable('rpt_test_sign_in_day', {
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  cityCode: bigint('city_code', { mode: 'number' }).notNull(),
  statDate: date('stat_date').notNull(),
  userName: text('user_name').notNull(),
  signIns: integer('sign_ins').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

const def: ResourceDef = {
  key: 'testSignInDay',
  module: 'configure',
  page: 'login_journal',
  api: '/test/signInDay',
  idName: 'statDate',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  view: { key: ['statDate', 'cityCode', 'userName'] },
  actions: ['export'],
  defaultSort: { field: 'signIns', order: 'desc' },
  titleField: 'userName',
  fields: [
    { name: 'statDate', type: 'date', list: true, sortable: true, filter: 'range' },
    { name: 'cityCode', type: 'int', list: true },
    { name: 'userName', type: 'text', list: true, filter: 'like', sortable: true },
    { name: 'signIns', type: 'int', list: true, sortable: true },
  ],
};

const caller = (over: Partial<AuthContext>) => ({ userId: 1, scopeTenantId: 2, allCities: true, deptIds: [1], ...over }) as AuthContext;

describe('a resource over a rollup table', () => {
  it('is read only: a view that declares writes does not bind', () => {
    expect(() => bindResource({ ...def, actions: ['export', 'edit'] }, signInDay)).toThrow(/read only/);
    expect(() => bindResource({ ...def, view: { key: ['statDate', 'modelId'] } }, signInDay)).toThrow(/modelId/);
  });

  it("pages by cursor in its order, ties broken by its grain, in the caller's tenant and cities only", async () => {
    const db = t.database.db;
    await db.execute(sql`CREATE TABLE rpt_test_sign_in_day (tenant_id bigint NOT NULL, city_code bigint NOT NULL, stat_date date NOT NULL,
      user_name text NOT NULL, sign_ins integer NOT NULL, computed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_id, city_code, stat_date, user_name))`);
    const rows = [];
    for (let day = 1; day <= 6; day++)
      for (const [tenantId, cityCode] of [
        [2, 2001],
        [2, 2002],
        [3, 3001],
      ] as const)
        for (const user of ['ana', 'budi', 'citra'])
          rows.push({ tenantId, cityCode, statDate: `2026-11-0${day}`, userName: `${user}`, signIns: (day * 7 + user.length) % 4 });
    await db.insert(signInDay).values(rows);

    const r = bindResource(def, signInDay);
    const reads = new ReadQueries(db, r, 10_000);
    const jakarta = caller({ allCities: false, deptIds: [2001] });
    const walk = async (order: Record<string, unknown>) => {
      const seen: Array<Record<string, unknown>> = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await reads.page(jakarta, { ...order, pageNum: 1, pageSize: 4, ...(cursor ? { cursor } : {}) });
        seen.push(...page.rows.map((row) => serializeRow(r, row)));
        if (!page.nextCursor) return seen;
        cursor = page.nextCursor;
      }
    };
    for (const order of [{}, { orderByColumn: 'statDate', isAsc: 'asc' }, { orderByColumn: 'userName', isAsc: 'desc' }]) {
      const whole = (await reads.page(jakarta, { ...order, pageNum: 1, pageSize: 500 })).rows.map((row) => serializeRow(r, row));
      expect(whole).toHaveLength(18);
      expect(new Set(whole.map((row) => row.cityCode))).toEqual(new Set([2001]));
      expect(await walk(order)).toEqual(whole);
    }
    // Its rows carry its fields, no id.
    const [first] = (await reads.page(jakarta, { pageNum: 1, pageSize: 1 })).rows.map((row) => serializeRow(r, row));
    expect(Object.keys(first!).sort()).toEqual(['cityCode', 'signIns', 'statDate', 'tenantId', 'userName']);
    // A cursor of an id resource (one tie) is not one of this view's.
    const one = Buffer.from(JSON.stringify(['signIns', 'd', '1', ['5']])).toString('base64url');
    await expect(reads.page(jakarta, { pageNum: 1, pageSize: 4, cursor: one })).rejects.toMatchObject({ code: 2001 });
  });
});
