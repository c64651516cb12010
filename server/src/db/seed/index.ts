import { randomBytes } from 'node:crypto';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { FieldCipher } from '../../platform/secrets/fieldCipher.ts';
import type { Db } from '../client.ts';
import { createSuperAdmin, seedBase } from './base.ts';
import { seedDemo } from './demo.ts';

export type SeedResult = { kind: 'demo'; password: string } | { kind: 'bootstrap'; password: string };

/**
 * First start of an empty database. With demo data: every demo user gets the demo password. Without
 * (production bootstrap): only `superadmin`, with a generated password that must be changed.
 */
export async function seedEmptyDatabase(
  db: Db,
  opts: { demo: boolean; demoPassword: string; cipher?: FieldCipher; files?: FileStore },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await seedBase(tx as unknown as Db);
    if (opts.demo) {
      // The demo's identity checks are sealed with the server's key and their photos kept in its file store.
      if (!opts.cipher || !opts.files) throw new Error('the demo needs the field cipher and the file store');
      await seedDemo(tx as unknown as Db, opts.demoPassword, { cipher: opts.cipher, files: opts.files });
      return { kind: 'demo', password: opts.demoPassword };
    }
    const password = randomBytes(12).toString('base64url');
    await createSuperAdmin(tx as unknown as Db, password, { mustChangePwd: true });
    return { kind: 'bootstrap', password };
  });
}
