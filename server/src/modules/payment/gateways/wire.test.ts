import { describe, expect, it } from 'vitest';
import { basicAuth, basicAuthUser, formatWib, headerOf, parseIso, parseWib, safeEqual } from './wire.ts';

describe('wire helpers', () => {
  it('compares secrets of any length', () => {
    expect(safeEqual('token', 'token')).toBe(true);
    expect(safeEqual('token', 'tokeN')).toBe(false);
    expect(safeEqual('token', 'token-longer')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });

  it('reads a header whatever its case, the first of a repeated one', () => {
    expect(headerOf({ 'X-Callback-Token': 'a' }, 'x-callback-token')).toBe('a');
    expect(headerOf({ 'x-callback-token': ['b', 'c'] }, 'X-CALLBACK-TOKEN')).toBe('b');
    expect(headerOf({}, 'x-callback-token')).toBeUndefined();
  });

  it('writes and reads Basic auth with the key as user name and an empty password', () => {
    expect(basicAuth('SB-Mid-server-abc')).toBe(`Basic ${Buffer.from('SB-Mid-server-abc:').toString('base64')}`);
    expect(basicAuthUser(basicAuth('xnd_development_K+/='))).toBe('xnd_development_K+/=');
    expect(basicAuthUser('Bearer abc')).toBeUndefined();
    expect(basicAuthUser(`Basic ${Buffer.from('no-colon').toString('base64')}`)).toBeUndefined();
    expect(basicAuthUser(undefined)).toBeUndefined();
  });

  it('writes and reads Midtrans times in WIB (GMT+7)', () => {
    expect(formatWib(new Date('2026-01-05T17:30:00Z'))).toBe('2026-01-06 00:30:00');
    expect(parseWib('2026-01-06 00:30:00')).toEqual(new Date('2026-01-05T17:30:00Z'));
    expect(parseWib('2026-01-06T00:30:00')).toBeUndefined();
    expect(parseWib(undefined)).toBeUndefined();
    expect(parseIso('2022-10-22T06:30:05.86474Z')).toEqual(new Date('2022-10-22T06:30:05.864Z'));
    expect(parseIso('not a time')).toBeUndefined();
  });
});
