import { describe, expect, it } from 'vitest';
import { shareOf } from './shareEntries.ts';

describe('shareOf', () => {
  it.each([
    // [base, bp, share]: half up (DOMAIN §0.3), in basis points of the base.
    [10_000, 1500, 1500],
    [12_345, 2000, 2469],
    [5, 1000, 1],
    [4, 1000, 0],
    [15, 5000, 8],
    [7_500, 3333, 2500],
    [1, 10_000, 1],
    [0, 2000, 0],
  ])('takes %i at %i bp as %i', (base, bp, share) => expect(shareOf(base, bp)).toBe(share));

  it("gives a refund's negative share as the mirror of the share of the same amount", () => {
    for (const [base, bp] of [
      [15, 5000],
      [12_345, 2000],
      [4, 1000],
    ] as const)
      expect(shareOf(-base, bp) + shareOf(base, bp)).toBe(0);
  });

  it('stays exact past 2^53 in the intermediate product (a large rental at a full share)', () => {
    expect(shareOf(900_719_925_474_099, 10_000)).toBe(900_719_925_474_099);
    expect(shareOf(900_719_925_474_099, 5000)).toBe(450_359_962_737_050);
  });
});
