import { Code, SESSION_END_CODES } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import { RESOURCES } from '@kayuh/contract/resources/index';
import type { FieldDef } from '@kayuh/contract/resources/types';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { openSession } from '../src/platform/auth/sessions.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Bad input never gives a 500 (issue #8, point 9): hostile bodies, queries and path ids, built from every
 * registered resource's declaration and thrown at every route of the app, by a super admin and a tenant admin.
 * A fixed seed keeps a failure reproducible; the run count keeps it near a minute on PGlite.
 */
const SEED = 20_261_125;
const RUNS_PER_ROUTE = 25;

/** Calls that would end the fuzzer's own session or sign it out; their inputs are covered by their own tests. */
const SKIPPED = new Set(['/api/system/sso/logout', '/api/system/user/profile/updatePwd', '/api/ws']);

let t: TestApp;
const sessions: Record<string, Record<string, string>> = {};

/**
 * A fresh session for a fuzzing user, whatever the fuzzer did to them (a reset password, a disabled or removed
 * account, a forced sign-out): the account is put right and a session opened directly.
 */
async function sessionOf(userName: string) {
  const [user] = await t.database.db
    .update(users)
    .set({ status: '0', deletedAt: null, mustChangePwd: false, lockedUntil: null, loginFailCount: 0 })
    .where(eq(users.userName, userName))
    .returning();
  const token = await openSession(t.database.db, user!, { ip: '127.0.0.1', browser: 'fuzz', os: 'fuzz' });
  return { token, userid: String(user!.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['superadmin', 'kitabike.admin']) sessions[user] = await sessionOf(user);
});
afterAll(async () => {
  await t?.close();
});

const hostileText = fc.oneof(
  fc.constant('a\u0000b'),
  fc.constant('\u0000'),
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000`),
  fc.constant('Z'),
  fc.constant('9'),
  fc.constant('x'.repeat(5000)),
  fc.constant(''),
  fc.constant(' '),
  fc.constant('\ud800'),
  fc.constant('%'),
  fc.constant("'; DROP TABLE users; --"),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  fc.constant(2 ** 31),
  fc.constant(2 ** 53),
  fc.constant(2 ** 63),
  fc.constant(-1),
  fc.constant(0),
  fc.constant(1e300),
  fc.constant(-(2 ** 63)),
  fc.constant(1.5),
  fc.constant('99999999999999999999'),
  fc.constant('1e5'),
  fc.constant('NaN'),
  fc.integer(),
  fc.double(),
);
const hostileValue = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constant(null),
  fc.constant(true),
  fc.constant([]),
  fc.array(hostileNumber, { maxLength: 3 }),
  fc.constant({ nested: 'a\u0000' }),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * A value a field might be sent: mostly its valid example, so that a body gets past its other fields and the one
 * or two hostile values in it reach the code and the database behind the validation.
 */
const fieldValue = (f: FieldDef) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(f.example ?? (f.type === 'text' || f.type === 'textarea' ? 'Fuzz' : 1)) },
    { weight: 2, arbitrary: f.type === 'text' || f.type === 'textarea' || f.type === 'dict' ? hostileText : hostileNumber },
    { weight: 1, arbitrary: hostileValue },
  );

const commonNames = [
  'username',
  'password',
  'lang',
  'userId',
  'pageNum',
  'pageSize',
  'keyword',
  'ids',
  'id',
  'version',
  'title',
  'message',
  'url',
  'status',
  'cityCode',
  'tenantId',
  'type',
  'dictType',
  'oldPassword',
  'newPassword',
  'audienceType',
  'userIds',
  'roleId',
];

/** A body for a route: the declared fields of its resource (when it has one) plus names hand-written routes take. */
function bodyFor(url: string) {
  const resource = RESOURCES.find((r) => url.startsWith(`/api${r.api}/`));
  const names = resource ? [...resource.fields.map((f) => f.name), resource.idName, 'version', 'pageNum', 'pageSize', 'orderByColumn'] : commonNames;
  const arbitraries = Object.fromEntries(
    names.map((name) => {
      const field = resource?.fields.find((f) => f.name === name);
      const id = fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: hostileNumber });
      return [name, field ? fieldValue(field) : resource ? id : hostileValue];
    }),
  );
  return fc.oneof({ weight: 4, arbitrary: fc.record(arbitraries, { requiredKeys: [] }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}

const pathId = fc.oneof(
  fc.constant('99999999999999999999'),
  fc.constant('9223372036854775808'),
  fc.constant('0'),
  fc.constant('-1'),
  fc.constant('1e5'),
  fc.constant('1,2,99999999999999999999'),
  fc.constant('abc'),
  fc.constant('%00'),
  fc.constant('1'),
  fc.constant('2001'),
);

describe('hostile input', () => {
  it('never answers 500 on any route, for a super admin or a tenant admin', async () => {
    const routes = t.routes.filter((r) => (r.method === 'GET' || r.method === 'POST') && !SKIPPED.has(r.url));
    expect(routes.length).toBeGreaterThan(50);
    const crashes: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const input = fc.record({
        body: bodyFor(route.url),
        id: pathId,
        query: fc.dictionary(fc.constantFrom(...commonNames), hostileText, { maxKeys: 3 }),
        user: fc.constantFrom(...Object.keys(sessions)),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ body, id, query, user }) => {
          const url = route.url.replace(/:(\w+)/g, encodeURIComponent(id).replace(/%25/g, '%'));
          const res = await t.app.inject({
            method: route.method as 'GET' | 'POST',
            url,
            query: query as Record<string, string>,
            headers: sessions[user],
            ...(route.method === 'POST' ? { payload: body as object } : {}),
          });
          calls++;
          const code = res.headers['content-type']?.toString().includes('json') ? res.json().code : undefined;
          if (SESSION_END_CODES.includes(code) || code === Code.forbidden) sessions[user] = await sessionOf(user);
          if (res.statusCode >= 500 || code === 5000)
            crashes.push(`${route.method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    }
    if (process.env.FUZZ_DUMP) (await import('node:fs')).writeFileSync(process.env.FUZZ_DUMP, crashes.join('\n'));
    expect(calls).toBeGreaterThan((routes.length * RUNS_PER_ROUTE) / 2);
    expect(crashes.slice(0, 20), `${crashes.length} of ${calls} calls crashed`).toEqual([]);
  }, 600_000);
});
