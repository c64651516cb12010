import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../src/db/schema.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness.ts';

/** Every input is bounded by its type and its dictionary, and refused with a field error (issue #8, point 9). */
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('kitabike.admin', { lang: 'EN' });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, body: unknown, headers = admin) => t.call('POST', url, { headers, body });

describe('dictionary fields', () => {
  it("take only their dictionary's values: a role with data scope 9, a post with status Z", async () => {
    const role = await post('/api/system/role/add', { roleName: 'Odd', roleKey: 'odd_scope', dataScope: '9' });
    expect(role).toMatchObject({ code: Code.validation, data: { fields: { dataScope: 'Not one of the allowed options' } } });
    const status = await post('/api/system/post/add', { postCode: 'ODD', postName: 'Odd', postSort: 1, status: 'Z' });
    expect(status).toMatchObject({ code: Code.validation, data: { fields: { status: 'Not one of the allowed options' } } });
    const overflow = await post('/api/system/post/add', { postCode: 'ODD', postName: 'Odd', postSort: 1, status: '00' });
    expect(overflow.code).toBe(Code.validation);
    expect(await t.database.db.select().from(posts).where(eq(posts.postCode, 'ODD'))).toEqual([]);
    // A valid value still goes through, sent as text or as a number.
    expect((await post('/api/system/post/add', { postCode: 'ODD', postName: 'Odd', postSort: 1, status: 1 })).code).toBe(Code.ok);
  });
});

describe('numbers and ids', () => {
  it('refuse a version beyond a PostgreSQL integer and ids beyond what the database holds', async () => {
    const [row] = await t.database.db.select().from(posts).where(eq(posts.postCode, 'ODD'));
    const edit = await post('/api/system/post/edit', { postId: row!.id, version: 2 ** 31, postName: 'Odder' });
    expect(edit).toMatchObject({ code: Code.validation, data: { fields: { version: expect.any(String) } } });
    expect((await post('/api/system/post/add', { postCode: 'BIG', postName: 'Big', postSort: 2 ** 31 })).code).toBe(Code.validation);
    expect((await post('/api/system/post/remove/99999999999999999999', {})).code).toBe(Code.validation);
    expect((await post('/api/system/post/remove/1,9223372036854775808', {})).code).toBe(Code.validation);
    expect((await t.call('GET', '/api/system/post/99999999999999999999', { headers: admin })).code).toBe(Code.validation);
  });
});

describe('NUL characters', () => {
  it('are refused in any text, filter, keyword or sign-in name, with the field named', async () => {
    const add = await post('/api/system/post/add', { postCode: 'NUL', postName: 'a\u0000b', postSort: 1 });
    expect(add).toMatchObject({
      code: Code.validation,
      data: { fields: { postName: 'Contains a character that is not allowed (NUL or a broken Unicode character)' } },
    });
    expect((await post('/api/system/post/list', { postName: '\u0000' })).data.fields).toEqual({ postName: expect.any(String) });
    expect((await t.call('GET', '/api/system/city/options?keyword=%00', { headers: admin })).code).toBe(Code.validation);
    const signIn = await t.call('POST', '/api/system/sso/login', { body: { username: 'kitabike.admin\u0000', password: DEMO_PASSWORD } });
    expect(signIn.code).toBe(Code.validation);
  });
});
