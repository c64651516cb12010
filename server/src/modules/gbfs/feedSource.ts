import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { BillingRuleStatus } from '@kayuh/contract/resources/billingRules';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingRules, brands, cities, currencies, productModels, stations, tenants, vehicleLiveStatus, vehicles, zones } from '../../db/schema.ts';

/**
 * What the public GBFS feed (DOMAIN §8.3) reads, always for one tenant and one of its cities. Nothing here knows a
 * session: the feed is public, so every query names its tenant and city itself.
 */

/** Vehicle states a rider may see: available, reserved, low battery (§8.3). Never 40 in use, never 110 on rental. */
export const PUBLISHED_STATES = [20, 30, 50] as const;
/** Zone types the public may see; 6 (deployment) is staff only. */
const PUBLIC_ZONE_TYPES = [1, 2, 3, 4, 5];
/** Stations the public may see: parking stations, swap cabinets, merchant counters (not depots). */
const PUBLIC_STATION_TYPES = [1, 2, 4];
const VEHICLE_KIND = 1;
const RETIRED = 120;

export type FeedTenant = typeof tenants.$inferSelect;
export type FeedCity = typeof cities.$inferSelect;

/** A tenant that publishes: found by its code, live, enabled, not expired, its feed switched on; never the platform. */
export async function publishingTenant(db: Db, tenantCode: string, now: Date): Promise<FeedTenant | undefined> {
  const [tenant] = await db
    .select()
    .from(tenants)
    .where(
      and(
        eq(tenants.tenantCode, tenantCode),
        isNull(tenants.deletedAt),
        eq(tenants.status, '0'),
        eq(tenants.gbfsEnabled, true),
        ne(tenants.id, PLATFORM_TENANT_ID),
        or(isNull(tenants.expireAt), gt(tenants.expireAt, now)),
      ),
    )
    .limit(1);
  return tenant;
}

/** The tenant's enabled cities, each one GBFS dataset. */
export async function publishedCities(db: Db, tenantId: number): Promise<FeedCity[]> {
  return db
    .select()
    .from(cities)
    .where(and(eq(cities.tenantId, tenantId), eq(cities.status, 1), isNull(cities.deletedAt)))
    .orderBy(asc(cities.cityCode));
}

export async function publishedCity(db: Db, tenantId: number, cityCode: number): Promise<FeedCity | undefined> {
  const [city] = await db
    .select()
    .from(cities)
    .where(and(eq(cities.tenantId, tenantId), eq(cities.cityCode, cityCode), eq(cities.status, 1), isNull(cities.deletedAt)))
    .limit(1);
  return city;
}

export interface Scope {
  tenantId: number;
  cityCode: number;
}

export type FeedModel = Pick<
  typeof productModels.$inferSelect,
  'id' | 'modelCode' | 'name' | 'formFactor' | 'propulsion' | 'maxSpeedKph' | 'maxRangeM' | 'wheelCount' | 'riderCapacity'
> & { brandName: string | null };

/** Vehicle models in use in the city (any vehicle not retired) or named by its public zones. */
export async function cityModels(db: Db, { tenantId, cityCode }: Scope): Promise<FeedModel[]> {
  const inCity = db
    .select({ id: vehicles.modelId })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.cityCode, cityCode), isNull(vehicles.deletedAt), ne(vehicles.opState, RETIRED)));
  const inZones = db
    .select({ id: sql<number>`unnest(${zones.modelIds})`.as('id') })
    .from(zones)
    .where(and(eq(zones.tenantId, tenantId), eq(zones.cityCode, cityCode), isNull(zones.deletedAt), eq(zones.status, 1), eq(zones.isPublic, true)));
  return db
    .select({
      id: productModels.id,
      modelCode: productModels.modelCode,
      name: productModels.name,
      formFactor: productModels.formFactor,
      propulsion: productModels.propulsion,
      maxSpeedKph: productModels.maxSpeedKph,
      maxRangeM: productModels.maxRangeM,
      wheelCount: productModels.wheelCount,
      riderCapacity: productModels.riderCapacity,
      brandName: brands.name,
    })
    .from(productModels)
    .leftJoin(brands, and(eq(brands.id, productModels.brandId), eq(brands.tenantId, tenantId)))
    .where(
      and(
        eq(productModels.tenantId, tenantId),
        eq(productModels.kind, VEHICLE_KIND),
        isNull(productModels.deletedAt),
        or(inArray(productModels.id, inCity), inArray(productModels.id, inZones)),
      ),
    )
    .orderBy(asc(productModels.modelCode));
}

export type FeedStation = typeof stations.$inferSelect & { areaPoints: unknown };

/** Public, operating stations of the city, with the outline of the parking zone a virtual station stands for. */
export async function publicStations(db: Db, { tenantId, cityCode }: Scope): Promise<FeedStation[]> {
  const rows = await db
    .select({ station: stations, areaPoints: zones.points })
    .from(stations)
    .leftJoin(zones, and(eq(zones.id, stations.zoneId), eq(zones.tenantId, tenantId), isNull(zones.deletedAt)))
    .where(
      and(
        eq(stations.tenantId, tenantId),
        eq(stations.cityCode, cityCode),
        isNull(stations.deletedAt),
        eq(stations.isPublic, true),
        eq(stations.status, 1),
        inArray(stations.type, PUBLIC_STATION_TYPES),
      ),
    )
    .orderBy(asc(stations.stationCode));
  return rows.map((r) => ({ ...r.station, areaPoints: r.areaPoints }));
}

export interface FeedVehicle {
  publicId: string;
  opState: number;
  modelId: number;
  lat: string | null;
  lng: string | null;
  soc: number | null;
  rangeM: number | null;
  stationId: number | null;
  lastReportedAt: Date;
}

/**
 * The city's vehicles in `states` with a live status (a vehicle never heard from has no place to publish). Every
 * state the feed counts is asked for by name, so a vehicle in use or on rental cannot slip in.
 */
export async function cityVehicles(db: Db, { tenantId, cityCode }: Scope, states: readonly number[]): Promise<FeedVehicle[]> {
  return db
    .select({
      publicId: vehicles.gbfsPublicId,
      opState: vehicles.opState,
      modelId: vehicles.modelId,
      lat: vehicleLiveStatus.lat,
      lng: vehicleLiveStatus.lng,
      soc: vehicleLiveStatus.soc,
      rangeM: vehicleLiveStatus.rangeM,
      stationId: vehicleLiveStatus.stationId,
      lastReportedAt: vehicleLiveStatus.lastReportedAt,
    })
    .from(vehicles)
    .innerJoin(vehicleLiveStatus, and(eq(vehicleLiveStatus.vehicleId, vehicles.id), eq(vehicleLiveStatus.tenantId, tenantId)))
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.cityCode, cityCode), isNull(vehicles.deletedAt), inArray(vehicles.opState, [...states])))
    .orderBy(asc(vehicles.gbfsPublicId));
}

export type FeedZone = Pick<typeof zones.$inferSelect, 'id' | 'name' | 'type' | 'points' | 'speedLimitKph' | 'modelIds'>;

/** Public, active zones of the city the public may see. */
export async function publicZones(db: Db, { tenantId, cityCode }: Scope): Promise<FeedZone[]> {
  return db
    .select({ id: zones.id, name: zones.name, type: zones.type, points: zones.points, speedLimitKph: zones.speedLimitKph, modelIds: zones.modelIds })
    .from(zones)
    .where(
      and(
        eq(zones.tenantId, tenantId),
        eq(zones.cityCode, cityCode),
        isNull(zones.deletedAt),
        eq(zones.status, 1),
        eq(zones.isPublic, true),
        inArray(zones.type, PUBLIC_ZONE_TYPES),
      ),
    )
    .orderBy(asc(zones.id));
}

export interface FeedPlan {
  id: number;
  name: string;
  currency: string;
  /** The currency's smallest accounted unit (currencies.minor_unit): GBFS prices are in major units. */
  minorUnit: number;
  unlockFee: number;
  freeMinutes: number;
  unitMinutes: number;
  unitPrice: number;
  dailyCap: number | null;
  modelIds: number[] | null;
}

/** The city's billing rules in force now (published, within their window), the one a ride would take first. */
export async function cityPlans(db: Db, { tenantId, cityCode }: Scope, now: Date): Promise<FeedPlan[]> {
  const rows = await db
    .select({
      id: billingRules.id,
      name: billingRules.name,
      currency: billingRules.currency,
      minorUnit: currencies.minorUnit,
      unlockFee: billingRules.unlockFee,
      freeMinutes: billingRules.freeMinutes,
      unitMinutes: billingRules.unitMinutes,
      unitPrice: billingRules.unitPrice,
      dailyCap: billingRules.dailyCap,
      modelIds: billingRules.modelIds,
    })
    .from(billingRules)
    .leftJoin(currencies, and(eq(currencies.code, billingRules.currency), isNull(currencies.deletedAt)))
    .where(
      and(
        eq(billingRules.tenantId, tenantId),
        eq(billingRules.cityCode, cityCode),
        isNull(billingRules.deletedAt),
        eq(billingRules.status, BillingRuleStatus.active),
        lte(billingRules.validFrom, now),
        or(isNull(billingRules.validTo), gt(billingRules.validTo, now)),
      ),
    )
    .orderBy(desc(billingRules.priority), asc(billingRules.id));
  return rows.map((r) => ({ ...r, currency: r.currency.trim(), minorUnit: r.minorUnit ?? 0 }));
}
