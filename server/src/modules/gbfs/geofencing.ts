import { localised, multiPolygon } from './feedFiles.ts';
import type { FeedZone } from './feedSource.ts';

/**
 * geofencing_zones.json (DOMAIN §8.3). A consumer applies the first feature that holds a point, so features go
 * most-restrictive first; every rule sets all three booleans so no consumer has to guess a default.
 */

const ZONE = { serviceArea: 1, parking: 2, noParking: 3, slow: 4, noRide: 5 } as const;
/** no_ride, no_parking, slow, parking, service_area. */
const RESTRICTIVENESS: number[] = [ZONE.noRide, ZONE.noParking, ZONE.slow, ZONE.parking, ZONE.serviceArea];
/** A slow zone with no limit of its own holds DOMAIN §8.1's default. */
const DEFAULT_SLOW_KPH = 10;

interface Rule {
  vehicle_type_ids?: string[];
  ride_start_allowed: boolean;
  ride_end_allowed: boolean;
  ride_through_allowed: boolean;
  maximum_speed_kph?: number;
  station_parking?: boolean;
}

/** Outside every zone a rider may ride through, but neither start nor end. */
export const GLOBAL_RULES: Rule[] = [{ ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true }];

function ruleOf(zone: FeedZone, stationMode: boolean): Omit<Rule, 'vehicle_type_ids'> {
  switch (zone.type) {
    case ZONE.noRide:
      return { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: false };
    case ZONE.noParking:
      return { ride_start_allowed: true, ride_end_allowed: false, ride_through_allowed: true };
    case ZONE.slow:
      return {
        ride_start_allowed: true,
        ride_end_allowed: true,
        ride_through_allowed: true,
        maximum_speed_kph: zone.speedLimitKph ?? DEFAULT_SLOW_KPH,
      };
    case ZONE.parking:
      return { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true, ...(stationMode ? { station_parking: true } : {}) };
    default:
      // The service area: in station mode a ride must end in a parking zone, which comes before it.
      return { ride_start_allowed: true, ride_end_allowed: !stationMode, ride_through_allowed: true };
  }
}

/**
 * `codeOf` maps the published vehicle models' ids to their type ids. A zone for some models only names those; one
 * whose models are none of the published ones applies to no vehicle in the feed and is left out.
 */
export function geofencingData(zones: FeedZone[], codeOf: Map<number, string>, stationMode = false) {
  const ordered = [...zones].sort((a, b) => RESTRICTIVENESS.indexOf(a.type) - RESTRICTIVENESS.indexOf(b.type) || a.id - b.id);
  const features = ordered.flatMap((zone) => {
    const limited = zone.modelIds && zone.modelIds.length > 0;
    const typeIds = limited ? zone.modelIds!.flatMap((id) => codeOf.get(id) ?? []) : [];
    if (limited && typeIds.length === 0) return [];
    return [
      {
        type: 'Feature' as const,
        geometry: multiPolygon(zone.points),
        properties: { name: localised(zone.name), rules: [{ ...(limited ? { vehicle_type_ids: typeIds } : {}), ...ruleOf(zone, stationMode) }] },
      },
    ];
  });
  return { geofencing_zones: { type: 'FeatureCollection' as const, features }, global_rules: GLOBAL_RULES };
}
