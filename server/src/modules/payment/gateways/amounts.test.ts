import { describe, expect, it } from 'vitest';
import { AmountError, midtransGrossAmount, toMinorUnits } from './amounts.ts';

describe('toMinorUnits', () => {
  it.each([
    ['50000.00', 50000],
    ['50000', 50000],
    ['50000.0000', 50000],
    [50000, 50000],
    ['0.00', 0],
  ])('reads %j as %d whole rupiah', (value, expected) => {
    expect(toMinorUnits(value, 'IDR')).toBe(expected);
  });

  it.each([['50000.50'], ['50000.01'], [50000.5], ['-1'], ['1e5'], [' 5'], [''], [null], [Number.NaN], ['12345678901234567890']])(
    'refuses %j',
    (value) => {
      expect(() => toMinorUnits(value, 'IDR')).toThrow(AmountError);
    },
  );

  it('refuses a currency the gateways do not carry', () => {
    expect(() => toMinorUnits('1.00', 'USD')).toThrow(/USD/);
  });

  it('writes gross_amount the way Midtrans signs it', () => {
    expect(midtransGrossAmount(50000)).toBe('50000.00');
  });
});
