import { formatMoney } from '@kayuh/contract/rules/format';
import type { FeedCity, FeedModel, FeedPlan, FeedStation, FeedTenant, FeedVehicle } from './feedSource.ts';

/**
 * The GBFS v3.0 files of one dataset (DOMAIN §8.3), built from rows already read. Each builder returns the file's
 * `data`; the route wraps it with last_updated, ttl and version.
 */

export const GBFS_VERSION = '3.0';
/** Status files change by the minute; the rest when staff edit the catalogue. */
export const TTL = { status: 60, other: 3600 } as const;

export interface LocalisedText {
  text: string;
  language: string;
}

/** GBFS's `[{text, language}]`: Indonesian and English always, Chinese when there is a Chinese entry. */
export function localised(text: string, zh?: string | null): LocalisedText[] {
  const entries = [
    { text, language: 'id' },
    { text, language: 'en' },
  ];
  return zh ? [...entries, { text: zh, language: 'zh' }] : entries;
}

/** RFC 3339 in UTC, to the second. */
export const rfc3339 = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Where this dataset's files are served, absolute as GBFS requires. */
export interface FeedUrls {
  manifest: string;
  file: (name: string) => string;
}

/** The files a dataset publishes, in gbfs.json's order. */
export const DATASET_FILES = [
  'gbfs',
  'gbfs_versions',
  'system_information',
  'vehicle_types',
  'system_pricing_plans',
  'station_information',
  'station_status',
  'vehicle_status',
  'geofencing_zones',
] as const;
export type DatasetFile = (typeof DATASET_FILES)[number];
export const STATUS_FILES: ReadonlySet<DatasetFile> = new Set(['station_status', 'vehicle_status']);

export const systemId = (tenantCode: string, cityCode: number) => `${tenantCode}-${cityCode}`;

export function manifestData(datasets: Array<{ systemId: string; gbfsUrl: string }>) {
  return { datasets: datasets.map((d) => ({ system_id: d.systemId, versions: [{ version: GBFS_VERSION, url: d.gbfsUrl }] })) };
}

export function gbfsData(urls: FeedUrls) {
  return { feeds: DATASET_FILES.map((name) => ({ name, url: urls.file(name) })) };
}

export function versionsData(urls: FeedUrls) {
  return { versions: [{ version: GBFS_VERSION, url: urls.file('gbfs') }] };
}

/** E.164, or nothing: GBFS refuses any other form, and a number we cannot read is better left out than wrong. */
function e164(phone: string): string | undefined {
  const digits = phone.replace(/[\s()-]/g, '');
  return /^\+[1-9]\d{1,14}$/.test(digits) ? digits : undefined;
}

export function systemInformationData(tenant: FeedTenant, city: FeedCity, urls: FeedUrls) {
  const name = `${tenant.brandName} ${city.cityInName}`;
  // cities.city_name is the Chinese name (DOMAIN §9.1); a city that has none repeats its Indonesian one.
  const zhName = city.cityName && city.cityName !== city.cityInName ? `${tenant.brandName} ${city.cityName}` : null;
  const phone = e164(tenant.contactPhone);
  return {
    system_id: systemId(tenant.tenantCode, city.cityCode),
    languages: zhName ? ['id', 'en', 'zh'] : ['id', 'en'],
    name: localised(name, zhName),
    operator: localised(tenant.companyName),
    opening_hours: city.openingHours,
    feed_contact_email: tenant.email,
    email: tenant.email,
    ...(phone ? { phone_number: phone } : {}),
    manifest_url: urls.manifest,
    timezone: city.ianaTz,
  };
}

const FORM_FACTORS = new Set(['bicycle', 'cargo_bicycle', 'car', 'moped', 'scooter_standing', 'scooter_seated', 'other']);
const PROPULSIONS = new Set([
  'human',
  'electric_assist',
  'electric',
  'combustion',
  'combustion_diesel',
  'hybrid',
  'plug_in_hybrid',
  'hydrogen_fuel_cell',
]);

/**
 * A model GBFS can describe: its propulsion known, and an electric one with its range (GBFS requires it). A model
 * that is not is left out, and so are its vehicles: the feed never names a type it does not define.
 */
export const publishable = (m: FeedModel) => m.propulsion !== null && PROPULSIONS.has(m.propulsion) && (m.propulsion === 'human' || !!m.maxRangeM);

/** A billing rule's plan id (DOMAIN §8.3): "BR" + its id. */
export const planId = (ruleId: number) => `BR${ruleId}`;

/** The plan a ride on this model would take: the first in force (by priority) that names the model or every model. */
function defaultPlanOf(model: FeedModel, plans: FeedPlan[]) {
  const plan = plans.find((p) => !p.modelIds?.length || p.modelIds.includes(model.id));
  return plan ? { default_pricing_plan_id: planId(plan.id) } : {};
}

export function vehicleTypesData(models: FeedModel[], plans: FeedPlan[], stationBased: boolean) {
  return {
    vehicle_types: models.filter(publishable).map((m) => ({
      vehicle_type_id: m.modelCode,
      ...defaultPlanOf(m, plans),
      // Kayuh runs e-bikes: a model whose form is not set is a bicycle.
      form_factor: m.formFactor && FORM_FACTORS.has(m.formFactor) ? m.formFactor : 'bicycle',
      propulsion_type: m.propulsion!,
      ...(m.maxRangeM ? { max_range_meters: m.maxRangeM } : {}),
      name: localised(m.name),
      ...(m.brandName ? { make: localised(m.brandName) } : {}),
      model: localised(m.name),
      ...(m.maxSpeedKph !== null ? { max_permitted_speed: m.maxSpeedKph } : {}),
      ...(m.wheelCount !== null ? { wheel_count: m.wheelCount } : {}),
      ...(m.riderCapacity !== null ? { rider_capacity: m.riderCapacity } : {}),
      // The city's parking mode (DOMAIN §8.2): a station-based city's rides end in any parking zone.
      return_constraint: stationBased ? 'any_station' : 'free_floating',
    })),
  };
}

/** What a plan says in words, in Indonesian and English: the unlock, the units after the free minutes, the daily cap. */
function planDescription(p: FeedPlan): LocalisedText[] {
  const money = (amount: number) => formatMoney(amount, p.currency);
  const id = [
    `Buka kunci ${money(p.unlockFee)}, lalu ${money(p.unitPrice)} per ${p.unitMinutes} menit`,
    p.freeMinutes ? ` setelah ${p.freeMinutes} menit gratis` : '',
    p.dailyCap !== null ? `; paling banyak ${money(p.dailyCap)} sehari` : '',
  ].join('');
  const en = [
    `${money(p.unlockFee)} to unlock, then ${money(p.unitPrice)} per ${p.unitMinutes} min`,
    p.freeMinutes ? ` after ${p.freeMinutes} free min` : '',
    p.dailyCap !== null ? `; at most ${money(p.dailyCap)} a day` : '',
  ].join('');
  return [
    { text: id, language: 'id' },
    { text: en, language: 'en' },
  ];
}

/**
 * system_pricing_plans (DOMAIN §8.3): each billing rule in force as a plan — the unlock fee as its price, then the
 * unit price charged at the start of every unit after the free minutes (the fare of contract/rules/fare.ts). Prices
 * are in major units, as GBFS reads them; VAT is included in them (not added: is_taxable false). The daily cap has no
 * GBFS field: the description says it.
 */
export function pricingPlansData(plans: FeedPlan[]) {
  const major = (amount: number, minorUnit: number) => amount / 10 ** minorUnit;
  return {
    plans: plans.map((p) => ({
      plan_id: planId(p.id),
      name: localised(p.name),
      currency: p.currency,
      price: major(p.unlockFee, p.minorUnit),
      is_taxable: false,
      description: planDescription(p),
      per_min_pricing: [{ start: p.freeMinutes, rate: major(p.unitPrice, p.minorUnit), interval: p.unitMinutes }],
    })),
  };
}

/** Coordinates to the 6 decimals every coordinate column keeps (DOMAIN §0.2). */
const coordinate = (value: number | string) => Math.round(Number(value) * 1e6) / 1e6;

/** An outline stored open as [{lat,lng}] → a GeoJSON MultiPolygon of one closed [lng,lat] ring. */
export function multiPolygon(points: unknown) {
  const ring = (Array.isArray(points) ? points : []).map((p: { lat: number | string; lng: number | string }) => [
    coordinate(p.lng),
    coordinate(p.lat),
  ]);
  const [first] = ring;
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([...first]);
  return { type: 'MultiPolygon' as const, coordinates: [[ring]] };
}

export function stationInformationData(stations: FeedStation[]) {
  return {
    stations: stations.map((s) => {
      const capacity = s.capacity ?? (s.type === 2 ? s.slotCount : null);
      return {
        station_id: s.stationCode,
        name: localised(s.name),
        lat: Number(s.lat),
        lon: Number(s.lng),
        ...(s.address ? { address: s.address } : {}),
        station_opening_hours: s.openingHours,
        ...(capacity !== null ? { capacity } : {}),
        is_virtual_station: s.type === 1,
        ...(s.type === 1 && Array.isArray(s.areaPoints) && s.areaPoints.length >= 3 ? { station_area: multiPolygon(s.areaPoints) } : {}),
        is_charging_station: s.type === 2,
      };
    }),
  };
}

/** Counts per station from the vehicles standing there (states 20, 30, 50, 80), by type among the published ones. */
export function stationStatusData(stations: FeedStation[], atStations: FeedVehicle[], codeOf: Map<number, string>) {
  return {
    stations: stations.map((s) => {
      const here = atStations.filter((v) => v.stationId === s.id && codeOf.has(v.modelId));
      const byType = new Map<string, number>();
      for (const v of here) byType.set(codeOf.get(v.modelId)!, (byType.get(codeOf.get(v.modelId)!) ?? 0) + 1);
      const heard = [s.lastReportedAt, ...here.map((v) => v.lastReportedAt)].filter((d): d is Date => d instanceof Date);
      const lastReported = heard.length ? new Date(Math.max(...heard.map((d) => d.getTime()))) : s.updatedAt;
      const open = s.status === 1 && s.online !== false;
      return {
        station_id: s.stationCode,
        num_vehicles_available: here.filter((v) => v.opState === 20).length,
        vehicle_types_available: [...byType].map(([vehicle_type_id, count]) => ({ vehicle_type_id, count })),
        num_vehicles_disabled: here.filter((v) => v.opState === 50 || v.opState === 80).length,
        is_installed: s.status !== 0,
        is_renting: open,
        is_returning: open,
        last_reported: rfc3339(lastReported),
      };
    }),
  };
}

export function vehicleStatusData(vehicles: FeedVehicle[], codeOf: Map<number, string>, stationCodeOf: Map<number, string>) {
  return {
    vehicles: vehicles.flatMap((v) => {
      const type = codeOf.get(v.modelId);
      const station = v.stationId !== null ? stationCodeOf.get(v.stationId) : undefined;
      const placed = v.lat !== null && v.lng !== null;
      // A vehicle with no position and no public station has nowhere to be shown.
      if (!type || (!placed && !station)) return [];
      return [
        {
          vehicle_id: v.publicId,
          ...(placed ? { lat: Number(v.lat), lon: Number(v.lng) } : {}),
          is_reserved: v.opState === 30,
          is_disabled: v.opState === 50,
          vehicle_type_id: type,
          last_reported: rfc3339(v.lastReportedAt),
          ...(v.soc !== null ? { current_fuel_percent: Math.min(100, Math.max(0, v.soc)) / 100 } : {}),
          ...(v.rangeM !== null ? { current_range_meters: Math.max(0, v.rangeM) } : {}),
          ...(station ? { station_id: station } : {}),
        },
      ];
    }),
  };
}
