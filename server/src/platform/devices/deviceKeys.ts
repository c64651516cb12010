import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);

/**
 * A device key: 32 random bytes (256 bits), base64url — a secret no one guesses, so the hash needs no work factor to
 * slow a guesser; it is stored the way mosquitto_passwd stores a password (`$7$` = PBKDF2-SHA512, 101 iterations, a
 * 12-byte salt), so the same row serves the embedded broker and a Mosquitto password file (docs/iot.md).
 */
const ITERATIONS = 101;
const SALT_BYTES = 12;
const HASH_BYTES = 64;

export const newDeviceKey = () => randomBytes(32).toString('base64url');

export async function hashDeviceKey(key: string, salt = randomBytes(SALT_BYTES), iterations = ITERATIONS): Promise<string> {
  const hash = await pbkdf2Async(key, salt, iterations, HASH_BYTES, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether a key is the one a stored `$7$` hash was made from; anything else (no hash, another format) is false. */
export async function verifyDeviceKey(key: string, stored: string | null | undefined): Promise<boolean> {
  const m = /^\$7\$(\d{1,7})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored ?? '');
  if (!m || key.length === 0 || key.length > 200) return false;
  const expected = Buffer.from(m[3]!, 'base64');
  const actual = await pbkdf2Async(key, Buffer.from(m[2]!, 'base64'), Number(m[1]), expected.length || HASH_BYTES, 'sha512');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
