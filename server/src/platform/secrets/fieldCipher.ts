import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Personal numbers kept sealed in the database (a member's NIK, an identity document's number: DOMAIN §2.3 `*_enc`),
 * so a copy of the database does not carry them. AES-256-GCM under a key the database never holds; `digest` finds
 * the same number again (one NIK verified on one member) without opening anything.
 */
export interface FieldCipher {
  seal(plain: string): string;
  /** The plain text of a sealed value; throws on a value sealed under another key or altered. */
  open(sealed: string): string;
  /** A keyed hash of the plain text: equal for equal values, useless without the key. */
  digest(plain: string): string;
}

/** Sealed values start with their format, so a later key or cipher can sit beside this one. */
const FORMAT = 'f1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `random` makes each seal's IV; a generated data set passes its seeded stream so two runs write the same bytes. */
export function fieldCipher(key: Buffer, random: (bytes: number) => Buffer = randomBytes): FieldCipher {
  if (key.length !== KEY_BYTES) throw new Error(`a field key is ${KEY_BYTES} bytes, not ${key.length}`);
  // Two keys from one: sealing and hashing never share a key.
  const sealKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'kayuh field seal', KEY_BYTES));
  const digestKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'kayuh field digest', KEY_BYTES));
  return {
    seal(plain) {
      const iv = random(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      const [format, data] = sealed.split('.', 2);
      if (format !== FORMAT || !data) throw new Error('not a sealed field value');
      const bytes = Buffer.from(data, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    digest: (plain) => createHmac('sha256', digestKey).update(plain, 'utf8').digest('base64url'),
  };
}

/**
 * The field key: KAYUH_FIELD_KEY (32 bytes, base64), which every instance on one database must share; without it, a
 * key made once in the data dir (mode 0600) — enough for the embedded database, whose data lives beside it.
 */
export function fieldKeyOf(configured: string | undefined, dataDir: string): Buffer {
  const decoded = (base64: string, from: string) => {
    const key = Buffer.from(base64, 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`${from} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
    return key;
  };
  if (configured) return decoded(configured, 'KAYUH_FIELD_KEY');
  const file = path.join(dataDir, 'field.key');
  try {
    return decoded(readFileSync(file, 'utf8').trim(), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(KEY_BYTES);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

/** The server's field cipher, from its configuration. */
export const configuredCipher = (config: { fieldKey: string | undefined; dataDir: string }) =>
  fieldCipher(fieldKeyOf(config.fieldKey, config.dataDir));
