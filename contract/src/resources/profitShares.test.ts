import { describe, expect, it } from 'vitest';
import { heaviestShareDay, type ShareConfigSpan } from './profitShares.ts';

const span = (
  partyType: number,
  shareBp: number,
  validFrom: string,
  validTo: string | null = null,
  cityCode: number | null = 2001,
): ShareConfigSpan => ({
  partyType,
  cityCode,
  shareBp,
  validFrom,
  validTo,
});

describe('the heaviest day of a revenue type’s shares', () => {
  it('adds one share per party type: of a type’s configs on a day, only the largest', () => {
    expect(heaviestShareDay([span(1, 2000, '2026-12-01'), span(1, 3000, '2026-12-01'), span(2, 1000, '2026-12-01')])).toMatchObject({ bp: 4000 });
  });

  it('adds configs only on the days they share', () => {
    const configs = [span(1, 6000, '2026-12-01', '2026-12-31'), span(2, 6000, '2027-01-01')];
    expect(heaviestShareDay(configs)!.bp).toBe(6000);
    expect(heaviestShareDay([...configs, span(3, 3000, '2026-12-15', '2027-01-05')])).toMatchObject({ bp: 9000, cityCode: 2001 });
  });

  it('counts a config of every city in each city, and a city’s own only there', () => {
    const configs = [span(1, 5000, '2026-12-01', null, null), span(2, 4000, '2026-12-01', null, 2001), span(2, 6000, '2026-12-01', null, 2002)];
    expect(heaviestShareDay(configs)).toEqual({ bp: 11_000, cityCode: 2002, day: '2026-12-01' });
  });
});
