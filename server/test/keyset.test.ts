import { and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RESOURCES } from '../src/modules/resourceRegistry.ts';
import { afterCursor, orderOf, sortOf } from '../src/platform/resources/queries.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** Keyset paging in a list's own order (exports): page after page gives exactly the one ordered read. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signIn('kitabike.admin');
  // Ties on the sort column (three sort values for 25 rows), so the id must break them across pages.
  for (let i = 0; i < 25; i++) {
    await t.call('POST', '/api/system/post/add', {
      headers: admin,
      body: { postCode: `KEY${String(i).padStart(2, '0')}`, postName: `Key ${i % 4}`, postSort: i % 3 },
    });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('afterCursor', () => {
  const posts = () => ALL_RESOURCES.find((r) => r.def.key === 'post')!;
  for (const query of [
    { orderByColumn: 'postSort', isAsc: 'asc' },
    { orderByColumn: 'postSort', isAsc: 'desc' },
    { orderByColumn: 'postName', isAsc: 'desc' },
    {},
  ]) {
    it(`pages ${JSON.stringify(query)} in sevens exactly as one ordered read`, async () => {
      const r = posts();
      const db = t.database.db;
      const whole = (
        await db
          .select()
          .from(r.table)
          .orderBy(...orderOf(r, query))
      ).map((row) => (row as { id: number }).id);
      const sort = sortOf(r, query);
      const paged: number[] = [];
      let cursor: { value: unknown; id: number } | undefined;
      for (;;) {
        const page = await db
          .select()
          .from(r.table)
          .where(cursor ? and(afterCursor(r, sort, cursor)) : undefined)
          .orderBy(...orderOf(r, query))
          .limit(7);
        paged.push(...page.map((row) => (row as { id: number }).id));
        if (page.length < 7) break;
        const last = page.at(-1) as Record<string, unknown>;
        cursor = { value: last[sort.field], id: Number(last.id) };
      }
      expect(paged).toEqual(whole);
      expect(whole.length).toBeGreaterThan(25);
    });
  }
});
