import type { CityRow } from '@kayuh/contract/api/system';
import { displayZone, type DisplayZone } from '@kayuh/contract/rules/zone';
import { useConfigStore, type CityCode } from '../stores/configStore';

/**
 * The clock times are shown on (contract/rules/zone): the city chosen in the header, or for "all cities" the
 * tenant's first city — never the browser's own zone, so a list and its export read the same.
 */
export function zoneOf(cityList: readonly CityRow[], cityCode: CityCode): DisplayZone {
  const chosen = cityList.find((c) => String(c.cityCode) === String(cityCode));
  const first = cityList.reduce<CityRow | undefined>((min, c) => (!min || c.cityCode < min.cityCode ? c : min), undefined);
  return displayZone((chosen ?? first)?.timeZone);
}

/** The zone now, for code outside React (a table cell formatter). */
export const currentZone = (): DisplayZone => {
  const { cityList, HCityCode } = useConfigStore.getState();
  return zoneOf(cityList, HCityCode);
};

/** The zone in a component; it re-renders when the city changes. */
export function useDisplayZone(): DisplayZone {
  const offset = useConfigStore((s) => zoneOf(s.cityList, s.HCityCode).offsetHours);
  return displayZone(offset);
}
