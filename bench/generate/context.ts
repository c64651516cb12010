// What every table generator reads: the options, the dataset's fixed "now", and the plan of tenants and cities
// (DOMAIN §9.5) with each city's share of the fleet. Generators add what later tables need (catalogue ids).
import type { LatLng } from '../../server/src/modules/operations/zoneGeometry.ts';
import { CITIES, type CitySpec } from './cities.ts';

/** The instant the dataset is "now": history runs up to it. Fixed, so the files never depend on the clock. */
export const AS_OF = new Date('2026-12-01T00:00:00Z');
export const DAY_MS = 86_400_000;

/** DOMAIN §9.5 volumes at scale 1. */
export const VOLUMES = { tenants: 5, vehicles: 100_000, batteries: 150_000, cabinets: 2_000 } as const;

/** Bench tenants start here, clear of the platform (1) and the demo tenants (2, 3). */
export const FIRST_TENANT_ID = 1001;

export interface BenchCity extends CitySpec {
  tenantId: number;
  /** = the city dept's id (DOMAIN §5.6): tenant id × 100 + its number within the tenant. */
  cityCode: number;
  vehicles: number;
  batteries: number;
  cabinets: number;
  /** Upper-case letters for the city's business numbers (JAK-000001, JAK-CAB-0001): unique within its tenant. */
  abbr: string;
}

export interface BenchTenant {
  id: number;
  /** BENCH1…; user names start with its lower case. */
  code: string;
  prefix: string;
  brand: string;
  companyDeptId: number;
  cities: BenchCity[];
}

export type BrandRole = 'bike' | 'moped' | 'battery' | 'iot' | 'cabinet';

/** A tenant's catalogue as the fleet tables chose it, for the lots (and later the vehicles and batteries). */
export interface TenantCatalogue {
  brands: Map<BrandRole, { id: number; name: string }>;
  /** The first is the sharing e-bike every city's vehicle lot delivers. */
  vehicleModelIds: number[];
  /** Each vehicle model's range on a full battery, in metres. */
  rangeM: Map<number, number>;
  batteryModelIds: number[];
  supplierIds: Map<'vehicle' | 'battery' | 'parts' | 'iot', number>;
}

/** A station the zones' plan placed, with the id the stations table gives it. */
export interface PlannedStation {
  id: number;
  type: number;
  lat: number;
  lng: number;
  /** A parking station's zone. */
  zoneId: number | null;
}

/** A city's map as the zones table drew it: the stations table, the vehicles' positions and the bays read it. */
export interface CityMap {
  serviceArea: LatLng[];
  noParking: LatLng[];
  stations: PlannedStation[];
}

/**
 * A city's vehicles as the vehicles table made them (ids from firstVehicleId, in order), for the tables that follow:
 * their op_state and charge, and where the city's batteries start (one installed in each vehicle on the road, in
 * vehicle order, then the cabinets' bays: ctx.bays).
 */
export interface CityFleet {
  firstVehicleId: number;
  states: Uint8Array;
  modelIds: Uint32Array;
  socs: Uint8Array;
  firstBatteryId: number;
}

export interface Context {
  seed: string;
  scale: number;
  asOf: Date;
  tenants: BenchTenant[];
  cities: BenchCity[];
  catalogue: Map<number, TenantCatalogue>;
  /** Each city's factory lots (by city code). */
  lots: Map<number, { vehicle?: number; battery?: number }>;
  /** Each city's delivered battery contracts, in order: their batteries are the city's first, block by block. */
  acquisitions: Map<number, Array<{ id: number; partnerId: number; ownerType: number; quantity: number }>>;
  maps: Map<number, CityMap>;
  fleet: Map<number, CityFleet>;
  /** Each cabinet's bays (index = slot − 1): the battery in it and whether it is full (state 40) or charging (45). */
  bays: Map<number, Array<{ id: number; full: boolean } | undefined>>;
  /** The ILLEGAL_MOVE alarms, each with the lock the rule sent (illegal_move_locks). */
  illegalMoves: Array<{
    alarmId: number;
    tenantId: number;
    cityCode: number;
    vehicleId: number;
    at: Date;
    closedAt: Date | null;
    closedBy: number | null;
  }>;
}

/** Splits a total over weights so the parts add up to it exactly (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0, left = total - parts.reduce((a, b) => a + b, 0); k < left; k++) parts[order[k]![1]]! += 1;
  return parts;
}

export function makeContext(opts: { seed: string; scale: number }): Context {
  const vehicles = apportion(
    Math.round(VOLUMES.vehicles * opts.scale),
    CITIES.map((c) => c.weight),
  );
  const batteries = apportion(
    Math.round(VOLUMES.batteries * opts.scale),
    CITIES.map((c) => c.weight),
  );
  const cabinets = apportion(
    Math.round(VOLUMES.cabinets * opts.scale),
    CITIES.map((c) => c.weight),
  );
  const tenants: BenchTenant[] = Array.from({ length: VOLUMES.tenants }, (_, i) => ({
    id: FIRST_TENANT_ID + i,
    code: `BENCH${i + 1}`,
    prefix: `bench${i + 1}`,
    brand: `Bench ${i + 1}`,
    companyDeptId: (FIRST_TENANT_ID + i) * 10,
    cities: [],
  }));
  // Round-robin in DOMAIN §9.5's order: every tenant gets a big city first and four cities in all.
  const cities = CITIES.map((spec, i) => {
    const tenant = tenants[i % tenants.length]!;
    const city: BenchCity = {
      ...spec,
      tenantId: tenant.id,
      cityCode: tenant.id * 100 + tenant.cities.length + 1,
      vehicles: vehicles[i]!,
      batteries: batteries[i]!,
      cabinets: cabinets[i]!,
      abbr: spec.slug.slice(0, 3).toUpperCase(),
    };
    tenant.cities.push(city);
    return city;
  });
  for (const t of tenants) {
    if (new Set(t.cities.map((c) => c.abbr)).size !== t.cities.length) throw new Error(`${t.code}: two cities share their letters`);
  }
  return {
    seed: opts.seed,
    scale: opts.scale,
    asOf: AS_OF,
    tenants,
    cities,
    catalogue: new Map(),
    lots: new Map(),
    acquisitions: new Map(),
    maps: new Map(),
    fleet: new Map(),
    bays: new Map(),
    illegalMoves: [],
  };
}

/** created_at / updated_at of a row made at that instant and not changed since. */
export const stamped = (at: Date) => ({ createdAt: at, updatedAt: at });

/** A calendar date (yyyy-mm-dd, UTC) some days before the dataset's now. */
export const daysBefore = (ctx: Context, days: number) => new Date(ctx.asOf.getTime() - days * DAY_MS).toISOString().slice(0, 10);
