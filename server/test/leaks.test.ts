import { Code } from '@kayuh/contract/codes';
import { optionsOpenToAll, RESOURCES } from '@kayuh/contract/resources/index';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMS } from '../src/db/seed/demoOrg.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** What a user without the page, or a caller without a session, must not read (issue #8, point 6). */
let t: TestApp;
let technician: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  technician = await t.signIn('kitabike.tech.jakarta.01');
  admin = await t.signIn('kitabike.admin');
});
afterAll(async () => {
  await t?.close();
});

describe('picker choices (…/options)', () => {
  it('of the journals answer only those who may view them', async () => {
    for (const api of ['/system/operlog', '/system/logininfor', '/system/export', '/monitor/jobLog']) {
      expect((await t.call('GET', `/api/${api}/options`.replace('//', '/'), { headers: technician })).code, api).toBe(Code.forbidden);
    }
    expect((await t.call('GET', '/api/system/operlog/options', { headers: admin })).code).toBe(Code.ok);
  });

  it('of every resource follow one rule: open to all only where other resources point at it', async () => {
    for (const r of RESOURCES) {
      // A view (rollups, telemetry) is read as a list only: it has no choices to offer.
      if (r.view) continue;
      const res = await t.call('GET', `/api${r.api}/options`, { headers: technician });
      // …or to those who may view the page (a technician's ticket lists).
      const mayView = hasPerm(ROLE_PERMS.technician, `${r.module}:${r.page}:view`);
      expect(res.code, r.key).toBe(optionsOpenToAll(r) || mayView ? Code.ok : Code.forbidden);
    }
  });
});
