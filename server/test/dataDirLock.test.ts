import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DataDirInUseError } from '../src/db/dataDirLock.ts';

/** One process per embedded database directory (issue #8, point 7). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Another process that opens the directory and holds it until killed. */
function holder(): Promise<ChildProcess> {
  const script = `import { openDatabase } from ${JSON.stringify(path.resolve(import.meta.dirname, '../src/db/client.ts'))};
    await openDatabase({ dataDir: ${JSON.stringify(dir)} }); console.log('holding'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('holding')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
}

describe('the embedded database directory', () => {
  it('refuses a second process with a message naming the directory and the holder', async () => {
    const first = await holder();
    const refused = await openDatabase({ dataDir: dir }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain(dir);
    expect((refused as Error).message).toContain(`pid ${first.pid}`);

    // A holder killed without a chance to clean up leaves a stale lock, which the next start takes over.
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const next = await openDatabase({ dataDir: dir });
    await next.close();
    expect(fs.existsSync(path.join(dir, 'kayuh.lock'))).toBe(false);
  }, 60_000);
});
