import fs from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database directory. PGlite has no server to arbitrate, so two processes on one
 * directory each believe they own it and one loses acknowledged writes. The lock is a file holding the owner's
 * pid, created exclusively; a lock whose process is gone (a crash, a kill -9) is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Kayuh process (pid ${pid}). ` +
        'Stop that process first, or start this one with KAYUH_DATA_DIR set to another directory.',
    );
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the directory for this process; answers the release (also run when the process exits). */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'kayuh.lock');
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) throw new DataDirInUseError(dir, holder);
      fs.rmSync(file, { force: true });
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.once('exit', release);
  return release;
}
