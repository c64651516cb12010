import {
  BATTERY_STATES,
  IN_SERVICE_STATES,
  LOW_BATTERY_STATE,
  VEHICLE_DASHBOARD_PATH,
  VEHICLE_DASHBOARD_PERM,
  VEHICLE_OP_STATES,
  type StateCount,
  type VehicleDashboard,
} from '@kayuh/contract/api/vehicleDashboard';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batteries, productModels, vehicleLiveStatus, vehicles } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

/** product_models.kind 1: a vehicle model (brands_kind). */
const VEHICLE_MODEL = 1;

/** Counts per state code, every code named in order, the missing ones as zeros. */
const everyState = (codes: readonly number[], rows: { state: number; count: number }[]): StateCount[] => {
  const counted = new Map(rows.map((r) => [Number(r.state), r.count]));
  return codes.map((state) => ({ state, count: counted.get(state) ?? 0 }));
};

/** A ratio as a percentage with one decimal. */
const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/**
 * The e-bike centre Home as a dashboard (contract/api/vehicleDashboard, DOMAIN §1.5): the fleet by op_state, how much
 * of it is in service and online, its average SOC, the vehicles per model and the batteries by state. Every read goes
 * through visibleRows, so the caller sees their tenant and their cities; a city asked for narrows that further (one
 * the caller cannot see answers zeros, as a list would answer no rows).
 */
export const vehicleDashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    VEHICLE_DASHBOARD_PATH,
    {
      config: { access: VEHICLE_DASHBOARD_PERM },
      schema: {
        querystring: z.object({ cityCode: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
        tags: ['vehicle'],
        summary: 'The e-bike centre Home: fleet by state, online rate, average SOC, vehicles per model, batteries by state',
      },
    },
    async (req) => {
      const auth = authOf(req);
      const city = req.query.cityCode;
      const inCity = (column: PgColumn) => (city === undefined || city === ALL_CITIES_CODE ? undefined : eq(column, city));
      const fleet = and(visibleRows(auth, vehicles), inCity(vehicles.cityCode));

      const states = await db.select({ state: vehicles.opState, count: count() }).from(vehicles).where(fleet).groupBy(vehicles.opState);

      // Online and SOC are read from each in-service vehicle's live status (DOMAIN §6.1); one without a row is offline.
      const [live] = await db
        .select({
          online: sql<number>`count(*) FILTER (WHERE ${vehicleLiveStatus.isOnline})`.mapWith(Number),
          averageSoc: sql<string | null>`avg(${vehicleLiveStatus.soc})`,
        })
        .from(vehicles)
        .leftJoin(vehicleLiveStatus, and(eq(vehicleLiveStatus.vehicleId, vehicles.id), visibleRows(auth, vehicleLiveStatus)))
        .where(and(fleet, inArray(vehicles.opState, [...IN_SERVICE_STATES])));

      const byModel = await db
        .select({ modelId: productModels.id, name: productModels.name, modelCode: productModels.modelCode, count: count() })
        .from(vehicles)
        .innerJoin(
          productModels,
          and(eq(productModels.id, vehicles.modelId), visibleRows(auth, productModels), eq(productModels.kind, VEHICLE_MODEL)),
        )
        .where(fleet)
        .groupBy(productModels.id, productModels.name, productModels.modelCode)
        .orderBy(desc(count()), asc(productModels.name));

      const batteryStates = await db
        .select({ state: batteries.state, count: count() })
        .from(batteries)
        .where(and(visibleRows(auth, batteries), inCity(batteries.cityCode)))
        .groupBy(batteries.state);

      const byState = everyState(VEHICLE_OP_STATES, states);
      const inService = byState.filter((s) => IN_SERVICE_STATES.includes(s.state)).reduce((sum, s) => sum + s.count, 0);
      const online = live?.online ?? 0;
      const soc = live?.averageSoc == null ? null : Number(live.averageSoc);
      return ok<VehicleDashboard>({
        vehicles: states.reduce((sum, s) => sum + s.count, 0),
        byState,
        inService,
        online,
        onlineRate: inService ? percent(online, inService) : null,
        averageSoc: soc === null ? null : Math.round(soc * 10) / 10,
        lowBattery: byState.find((s) => s.state === LOW_BATTERY_STATE)?.count ?? 0,
        byModel,
        batteriesByState: everyState(BATTERY_STATES, batteryStates),
      });
    },
  );
};
