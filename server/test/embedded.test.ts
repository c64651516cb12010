import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code } from '@kayuh/contract/codes';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, storesOf } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { isEmpty, openDatabase, type Database } from '../src/db/client.ts';
import { i18nEntries } from '../src/db/schema.ts';
import { seedEmptyDatabase } from '../src/db/seed/index.ts';
import { syncShippedRows } from '../src/db/seed/sync.ts';

/**
 * The embedded path as `npm start` walks it, on a data directory on disk rather than the harness's in-memory copy:
 * the migrations build an empty directory, the demo data loads, and a second start finds it all again.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-embedded-'));
const password = 'embedded-2026';
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function signIn(database: Database, userName: string) {
  const config = { ...loadConfig({}), dataDir: path.join(dataDir, 'files'), demo: true, demoPassword: password };
  const { app } = await buildApp({ config, database, logger: false });
  try {
    const res = await app.inject({ method: 'POST', url: '/api/system/sso/login', payload: { username: userName, password } });
    return res.json();
  } finally {
    await app.close();
  }
}

describe('the embedded database on disk', () => {
  it('is migrated and seeded on the first start, and found intact on the next', async () => {
    const first = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await first.migrate();
    expect(await isEmpty(first.db)).toBe(true);
    await seedEmptyDatabase(first.db, {
      demo: true,
      demoPassword: password,
      ...storesOf({ fieldKey: undefined, dataDir: path.join(dataDir, 'files') }),
    });
    expect((await signIn(first, 'kitabike.admin')).code).toBe(Code.ok);
    const texts = await first.db.select({ n: sql<number>`count(*)::int` }).from(i18nEntries);
    await first.close();

    const second = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await second.migrate();
    expect(await isEmpty(second.db)).toBe(false);
    // Nothing shipped is missing, so a later start adds nothing.
    expect(await syncShippedRows(second.db)).toEqual({ texts: 0, menus: 0, dicts: 0 });
    expect(await second.db.select({ n: sql<number>`count(*)::int` }).from(i18nEntries)).toEqual(texts);
    expect((await signIn(second, 'gowesbali.admin')).code).toBe(Code.ok);
    await second.close();
    // The whole demo seed runs here: a guard for a loaded machine, not a speed target (that is bench:start-time).
  }, 240_000);
});
