import { describe, expect, it } from 'vitest';
import type { CityRow } from '../api/system.ts';
import { canSeeAllCities, cityLabel, cityOptions, initialCityCode, visibleCities } from './cities.ts';

const city = (cityCode: number, cityInName: string, cityName: string, countryName = 'Indonesia'): CityRow => ({
  cityCode,
  timeZone: 7,
  status: 1,
  cityName,
  cityInName,
  countryName,
});

const all = city(1, 'All City', '全部城市', '');
const jakarta = city(3101, 'Jakarta', '雅加达');
const bandung = city(3273, 'Indonesia-Bandung', 'Indonesia-万隆');
const manila = city(1339, 'Manila', '马尼拉', 'Philippines');
const cities = [all, jakarta, bandung, manila];

describe('canSeeAllCities / visibleCities', () => {
  it('sees all cities when any role holds department 1', () => {
    const roles = [{ deptIds: [3101] }, { deptIds: [5, 1] }];
    expect(canSeeAllCities(roles)).toBe(true);
    expect(visibleCities(cities, roles)).toEqual(cities);
  });

  it('otherwise sees only cities whose code is among the department ids of all roles', () => {
    const roles = [{ deptIds: [3101] }, { deptIds: [1339, 42] }];
    expect(canSeeAllCities(roles)).toBe(false);
    expect(visibleCities(cities, roles)).toEqual([jakarta, manila]);
  });

  it('sees nothing without roles or department ids', () => {
    expect(canSeeAllCities([])).toBe(false);
    expect(visibleCities(cities, [])).toEqual([]);
    expect(visibleCities(cities, [{ deptIds: [] }])).toEqual([]);
  });

  it('returns a new array', () => {
    const roles = [{ deptIds: [1] }];
    expect(visibleCities(cities, roles)).not.toBe(cities);
  });
});

describe('cityLabel', () => {
  it('uses cityName for ZH and cityInName otherwise, prefixed with the country', () => {
    expect(cityLabel(jakarta, 'ZH')).toBe('Indonesia-雅加达');
    expect(cityLabel(jakarta, 'EN')).toBe('Indonesia-Jakarta');
    expect(cityLabel(jakarta, 'ID')).toBe('Indonesia-Jakarta');
    expect(cityLabel(manila, 'EN')).toBe('Philippines-Manila');
  });

  it('does not prefix twice', () => {
    expect(cityLabel(bandung, 'ID')).toBe('Indonesia-Bandung');
    expect(cityLabel(bandung, 'ZH')).toBe('Indonesia-万隆');
  });

  it('prefixes a name that only starts with the country but not the dash', () => {
    expect(cityLabel(city(9, 'Indonesia Timur', '东印尼'), 'EN')).toBe('Indonesia-Indonesia Timur');
  });

  it('leaves the name alone without a country', () => {
    expect(cityLabel(all, 'EN')).toBe('All City');
  });

  it('falls back to the other name when one is empty', () => {
    expect(cityLabel(city(9, 'Bali', ''), 'ZH')).toBe('Indonesia-Bali');
    expect(cityLabel(city(9, '', '巴厘'), 'ID')).toBe('Indonesia-巴厘');
  });
});

describe('cityOptions', () => {
  it('turns city code 1 into the empty value', () => {
    expect(cityOptions(cities, 'EN')).toEqual([
      { value: '', label: 'All City' },
      { value: 3101, label: 'Indonesia-Jakarta' },
      { value: 3273, label: 'Indonesia-Bandung' },
      { value: 1339, label: 'Philippines-Manila' },
    ]);
    expect(cityOptions([], 'ZH')).toEqual([]);
  });
});

describe('initialCityCode', () => {
  it('keeps a stored code that is still in the list', () => {
    expect(initialCityCode(cities, 1339)).toBe(1339);
  });

  it('keeps a stored all-cities choice', () => {
    expect(initialCityCode(cities, '')).toBe('');
    expect(initialCityCode([jakarta], '')).toBe('');
    expect(initialCityCode(cities, 1)).toBe('');
  });

  it('makes the first city other than 1 active otherwise', () => {
    expect(initialCityCode(cities, null)).toBe(3101);
    expect(initialCityCode(cities, undefined)).toBe(3101);
    expect(initialCityCode(cities, 777)).toBe(3101);
    expect(initialCityCode([jakarta, manila], 1)).toBe(3101);
  });

  it('gives the empty value when no real city is left', () => {
    expect(initialCityCode([], null)).toBe('');
    expect(initialCityCode([all], null)).toBe('');
  });
});
