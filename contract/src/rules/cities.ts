import type { CityRow } from '../api/system.ts';
import { ALL_CITIES_CODE, ALL_CITIES_DEPT_ID } from '../constants.ts';
import type { Lang } from '../lang.ts';

/** City scope and the shared city selector (spec §3, §6). */

export type RoleLike = { deptIds: number[] };
export type CityOption = { value: number | ''; label: string };

export function canSeeAllCities(roles: ReadonlyArray<RoleLike>): boolean {
  return roles.some((role) => (role.deptIds ?? []).includes(ALL_CITIES_DEPT_ID));
}

/** A city's code doubles as a department id in a role's scope, so scope is a set of codes. */
export function visibleCities(cities: readonly CityRow[], roles: ReadonlyArray<RoleLike>): CityRow[] {
  if (canSeeAllCities(roles)) return [...cities];
  const scope = new Set(roles.flatMap((role) => role.deptIds ?? []));
  return cities.filter((city) => scope.has(city.cityCode));
}

/** ZH reads the Chinese name; the other name is the fallback so a missing translation never shows blank. */
export function cityLabel(city: CityRow, lang: Lang): string {
  const name = (lang === 'ZH' ? city.cityName || city.cityInName : city.cityInName || city.cityName) ?? '';
  if (!city.countryName) return name;
  const prefix = `${city.countryName}-`;
  return name.startsWith(prefix) ? name : `${prefix}${name}`;
}

/** The "all cities" row is the selector's empty value, which the placeholder 'All City' stands for. */
export function cityOptions(cities: readonly CityRow[], lang: Lang): CityOption[] {
  return cities.map((city) => ({
    value: city.cityCode === ALL_CITIES_CODE ? '' : city.cityCode,
    label: cityLabel(city, lang),
  }));
}

/**
 * Keeps a stored choice that is still in the list (all cities normalised to ''), else the first real city.
 * A stored '' is a deliberate "all cities" choice and stays.
 */
export function initialCityCode(cities: readonly CityRow[], stored: number | '' | null | undefined): number | '' {
  if (stored === '') return '';
  if (typeof stored === 'number' && cities.some((city) => city.cityCode === stored)) {
    return stored === ALL_CITIES_CODE ? '' : stored;
  }
  return cities.find((city) => city.cityCode !== ALL_CITIES_CODE)?.cityCode ?? '';
}
