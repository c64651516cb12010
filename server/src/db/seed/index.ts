import { randomBytes } from 'node:crypto';
import type { Db } from '../client.ts';
import { createSuperAdmin, seedBase } from './base.ts';
import { seedDemo } from './demo.ts';

export type SeedResult = { kind: 'demo'; password: string } | { kind: 'bootstrap'; password: string };

/**
 * First start of an empty database. With demo data: every demo user gets the demo password. Without
 * (production bootstrap): only `superadmin`, with a generated password that must be changed.
 */
export async function seedEmptyDatabase(db: Db, opts: { demo: boolean; demoPassword: string }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await seedBase(tx as unknown as Db);
    if (opts.demo) {
      await seedDemo(tx as unknown as Db, opts.demoPassword);
      return { kind: 'demo', password: opts.demoPassword };
    }
    const password = randomBytes(12).toString('base64url');
    await createSuperAdmin(tx as unknown as Db, password, { mustChangePwd: true });
    return { kind: 'bootstrap', password };
  });
}
