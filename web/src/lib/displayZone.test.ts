import { afterEach, describe, expect, it } from 'vitest';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { formatValue } from '../shared/resource/FieldValue';
import { initialConfigState, useConfigStore } from '../stores/configStore';
import { zoneOf } from './displayZone';

const cities = [
  { cityCode: 3001, timeZone: 8, status: 1, cityName: '登巴萨', cityInName: 'Denpasar', countryName: 'Indonesia' },
  { cityCode: 2001, timeZone: 7, status: 1, cityName: '雅加达', cityInName: 'Jakarta', countryName: 'Indonesia' },
];
const createdAt: FieldDef = { name: 'createdAt', type: 'datetime' };
const t = (key: string) => key;

afterEach(() => useConfigStore.setState(initialConfigState));

describe("times in the city's zone, not the browser's", () => {
  it("shows a Denpasar time in WITA and, for all cities, on the first city's clock", () => {
    useConfigStore.setState({ cityList: cities, HCityCode: 3001 });
    expect(formatValue(createdAt, '2026-11-25T01:30:00Z', t)).toBe('2026-11-25 09:30:00');
    useConfigStore.setState({ HCityCode: '' });
    expect(formatValue(createdAt, '2026-11-25T01:30:00Z', t)).toBe('2026-11-25 08:30:00');
  });

  it('names the zone', () => {
    expect(zoneOf(cities, 3001).label).toBe('WITA');
    expect(zoneOf(cities, '').label).toBe('WIB');
    expect(zoneOf([], null).label).toBe('WIB');
  });
});
