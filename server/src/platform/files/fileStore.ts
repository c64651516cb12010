import fs from 'node:fs';
import path from 'node:path';

/**
 * Where uploaded and generated files live: local disk under the data dir by default. The interface is the
 * seam for object storage later; callers only ever hold keys, never paths.
 */
export interface FileStore {
  /** An absolute path a writer may stream into for this key (created on demand). */
  pathFor(key: string): string;
  size(key: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  read(key: string): fs.ReadStream;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe file key: ${key}`);
    return path.join(root, key);
  };
  return {
    pathFor(key) {
      const full = resolve(key);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      return full;
    },
    size: async (key) => (await fs.promises.stat(resolve(key))).size,
    exists: async (key) =>
      fs.promises.access(resolve(key)).then(
        () => true,
        () => false,
      ),
    read: (key) => fs.createReadStream(resolve(key)),
    remove: (key) => fs.promises.rm(resolve(key), { force: true }),
  };
}
