import { Code } from '@kayuh/contract/codes';
import { and, sql } from 'drizzle-orm';
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
      let cursor: { value: unknown; tie: unknown[] } | undefined;
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
        cursor = { value: last[sort.field], tie: [last.id] };
      }
      expect(paged).toEqual(whole);
      expect(whole.length).toBeGreaterThan(25);
    });
  }
});

describe('a list paged by cursor (nextCursor)', () => {
  const walk = async (headers: Record<string, string>, body: Record<string, unknown>, size: number) => {
    const ids: number[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const res = await t.call('POST', '/api/system/post/list', { headers, body: { ...body, pageSize: size, ...(cursor ? { cursor } : {}) } });
      expect(res.code, JSON.stringify(res)).toBe(Code.ok);
      ids.push(...res.rows.map((row: { postId: number }) => row.postId));
      if (!res.nextCursor) return ids;
      cursor = res.nextCursor;
    }
    throw new Error('no last page');
  };

  it('reads page after page exactly as one ordered page, in every order, ending with a null cursor', async () => {
    const admin = await t.signIn('kitabike.admin');
    for (const order of [{}, { orderByColumn: 'postSort', isAsc: 'asc' }, { orderByColumn: 'postName', isAsc: 'desc' }]) {
      const whole = (await t.call('POST', '/api/system/post/list', { headers: admin, body: { ...order, pageSize: 500 } })).rows.map(
        (row: { postId: number }) => row.postId,
      );
      expect(whole.length).toBeGreaterThan(25);
      expect(await walk(admin, order, 6)).toEqual(whole);
    }
    // A filter holds on every page.
    const filtered = (await t.call('POST', '/api/system/post/list', { headers: admin, body: { postName: 'Key 1', pageSize: 500 } })).rows;
    expect(filtered.length).toBeGreaterThan(3);
    expect(await walk(admin, { postName: 'Key 1' }, 2)).toEqual(filtered.map((row: { postId: number }) => row.postId));
  });

  it("keeps rows apart whose times differ by microseconds only (the database's own text of the sort value)", async () => {
    const admin = await t.signIn('kitabike.admin');
    // Six rows within one millisecond: a cursor in milliseconds would skip or repeat some of them.
    await t.database.db.execute(
      sql`UPDATE posts SET created_at = timestamptz '2026-01-01 00:00:00.123' + (id % 6) * interval '1 microsecond' WHERE post_code LIKE 'KEY%'`,
    );
    const order = { orderByColumn: 'createdAt', isAsc: 'desc' };
    const whole = (await t.call('POST', '/api/system/post/list', { headers: admin, body: { ...order, pageSize: 500 } })).rows.map(
      (row: { postId: number }) => row.postId,
    );
    expect(await walk(admin, order, 4)).toEqual(whole);
  });

  it('refuses a cursor that was tampered with or belongs to another order, naming the field', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const first = await t.call('POST', '/api/system/post/list', { headers: admin, body: { pageSize: 3 } });
    const otherOrder = await t.call('POST', '/api/system/post/list', {
      headers: admin,
      body: { pageSize: 3, cursor: first.nextCursor, orderByColumn: 'postName', isAsc: 'asc' },
    });
    expect(otherOrder).toMatchObject({ code: Code.validation, data: { fields: { cursor: 'This page marker does not belong to this list order' } } });
    for (const cursor of [
      'abc',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["postSort","d",null,-1]').toString('base64url'),
      'a'.repeat(3000),
      'x y',
    ]) {
      const res = await t.call('POST', '/api/system/post/list', { headers: admin, body: { pageSize: 3, cursor } });
      expect(res.code, cursor).toBe(Code.validation);
    }
  });

  it('pages a joined list by cursor too, each row with its reference names', async () => {
    const admin = await t.signIn('kitabike.admin');
    const first = await t.call('POST', '/api/system/user/list', { headers: admin, body: { pageSize: 4, orderByColumn: 'userName', isAsc: 'asc' } });
    const next = await t.call('POST', '/api/system/user/list', {
      headers: admin,
      body: { pageSize: 4, orderByColumn: 'userName', isAsc: 'asc', cursor: first.nextCursor },
    });
    const offset = await t.call('POST', '/api/system/user/list', {
      headers: admin,
      body: { pageSize: 4, pageNum: 2, orderByColumn: 'userName', isAsc: 'asc' },
    });
    expect(next.rows).toEqual(offset.rows);
    expect(next.rows.every((row: { deptIdLabel: unknown }) => typeof row.deptIdLabel === 'string')).toBe(true);
  });
});
