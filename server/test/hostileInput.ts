import fc from 'fast-check';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/**
 * Hostile values for the fuzz tests of the rider app's routes: empty, control and lone-surrogate text, a huge string,
 * numbers around the edges, then the caller's own (`extra`), any short binary string and any integer.
 */
export const hostile = (...extra: unknown[]) =>
  fc.oneof(
    ...['', '\u0000', '\ud800', 'x'.repeat(5000), -1, 0, 0.5, 1e21, ...extra].map((v) => fc.constant(v)),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.integer(),
  );

/** A value as a query string carries it (a lone surrogate cannot be URL-encoded: it stands for itself as U+FFFD). */
export const query = (value: unknown) => encodeURIComponent(String(value).replace(/[\ud800-\udfff]/g, '\ufffd'));

/** A body of some of these keys, each holding one of `values`. */
export const bodyOf = (keys: string[], values: fc.Arbitrary<unknown>) => fc.dictionary(fc.constantFrom(...keys), values, { maxKeys: keys.length });

/** No answer is a server fault. */
export const noFault = (status: number, code: unknown) => {
  expect(status).toBeLessThan(500);
  expect(code).not.toBe(500);
};

export const APP = { 'tenant-code': 'KITABIKE' };

/** The operator's test number, signed in to the rider app: its headers. */
export async function testMember(t: TestApp) {
  await t.call('POST', '/api/app/auth/otp/send', { headers: APP, body: { phone: '+6280000000001' } });
  const res = await t.call('POST', '/api/app/auth/otp/verify', { headers: APP, body: { phone: '+6280000000001', code: '123456' } });
  return { ...APP, authorization: `Bearer ${res.data.token}` };
}
