import { describe, expect, it } from 'vitest';
import { imeiOf } from './imei.ts';

describe('imeiOf', () => {
  it('adds the Luhn check digit', () => {
    // The GSMA's example IMEI 49-015420-323751-8.
    expect(imeiOf('49015420323751')).toBe('490154203237518');
    expect(imeiOf('35209900176148')).toBe('352099001761481');
  });
  it('refuses a body that is not 14 digits', () => {
    expect(() => imeiOf('4901542032375')).toThrow();
    expect(() => imeiOf('49015420323751a')).toThrow();
  });
});
