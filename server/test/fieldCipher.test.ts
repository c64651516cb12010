import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldCipher, fieldKeyOf } from '../src/platform/secrets/fieldCipher.ts';

const key = (byte: number) => Buffer.alloc(32, byte);

describe('sealed fields', () => {
  it('open what they sealed, differently each time, and refuse another key or an altered value', () => {
    const cipher = fieldCipher(key(1));
    const a = cipher.seal('3171010112900003');
    const b = cipher.seal('3171010112900003');
    expect(a).not.toBe(b);
    expect(a).not.toContain('3171010112900003');
    expect(cipher.open(a)).toBe('3171010112900003');
    expect(() => fieldCipher(key(2)).open(a)).toThrow();
    const body = Buffer.from(a.slice(3), 'base64url');
    body[body.length - 1]! ^= 1;
    expect(() => cipher.open(`f1.${body.toString('base64url')}`)).toThrow();
    expect(() => cipher.open('3171010112900003')).toThrow();
  });

  it('digest equal numbers equally, under their key only', () => {
    expect(fieldCipher(key(1)).digest('3171010112900003')).toBe(fieldCipher(key(1)).digest('3171010112900003'));
    expect(fieldCipher(key(1)).digest('3171010112900003')).not.toBe(fieldCipher(key(2)).digest('3171010112900003'));
  });

  it('take KAYUH_FIELD_KEY, else a key made once in the data dir (0600) and found there again', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-field-key-'));
    try {
      expect(fieldKeyOf(key(3).toString('base64'), dir)).toEqual(key(3));
      expect(() => fieldKeyOf('c2hvcnQ=', dir)).toThrow(/KAYUH_FIELD_KEY must be 32 bytes/);
      const made = fieldKeyOf(undefined, dir);
      expect(made).toHaveLength(32);
      expect(fs.statSync(path.join(dir, 'field.key')).mode & 0o777).toBe(0o600);
      expect(fieldKeyOf(undefined, dir)).toEqual(made);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
