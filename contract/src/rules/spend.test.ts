import { describe, expect, it } from 'vitest';
import { splitRefund, splitSpend } from './spend.ts';

describe('splitSpend (DOMAIN §4.4)', () => {
  it('spends BONUS before WALLET: fare 7,000 after a 3,000 coupon with BONUS 2,000 takes 2,000 + 5,000', () => {
    expect(splitSpend({ wallet: 50_000, bonus: 2_000 }, 7_000, { allowDebt: false })).toEqual({ ok: true, fromBonus: 2_000, fromWallet: 5_000 });
  });
  it('a ride may leave debt: 7,000 from a wallet of 1,000 takes it to −6,000', () => {
    expect(splitSpend({ wallet: 1_000, bonus: 0 }, 7_000, { allowDebt: true })).toEqual({ ok: true, fromBonus: 0, fromWallet: 7_000 });
  });
  it('anything else may not: it says how much is missing', () => {
    expect(splitSpend({ wallet: 1_000, bonus: 500 }, 7_000, { allowDebt: false })).toEqual({ ok: false, shortBy: 5_500 });
  });
  it('a member already in debt cannot spend more without the debt rule', () => {
    expect(splitSpend({ wallet: -6_000, bonus: 0 }, 1, { allowDebt: false })).toEqual({ ok: false, shortBy: 6_001 });
  });
  it('refuses a fractional or non-positive amount', () => {
    expect(() => splitSpend({ wallet: 1, bonus: 0 }, 0.5, { allowDebt: false })).toThrow(RangeError);
    expect(() => splitSpend({ wallet: 1, bonus: 0 }, 0, { allowDebt: false })).toThrow(RangeError);
  });
});

describe('splitRefund', () => {
  it('gives a part back to BONUS in proportion, the remainder to WALLET', () => {
    expect(splitRefund({ fromBonus: 2_000, fromWallet: 5_000 }, 5_000)).toEqual({ toBonus: 1_428, toWallet: 3_572 });
    expect(splitRefund({ fromBonus: 2_000, fromWallet: 5_000 }, 7_000)).toEqual({ toBonus: 2_000, toWallet: 5_000 });
  });
  it('refuses more than was paid', () => {
    expect(() => splitRefund({ fromBonus: 0, fromWallet: 100 }, 101)).toThrow(RangeError);
  });
});
