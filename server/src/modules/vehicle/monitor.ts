import { MONITOR_PATH, MONITOR_PERM, monitorQuery, type MonitorAnswer } from '@kayuh/contract/api/vehicleMonitor';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productModels, vehicleLiveStatus, vehicles } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { visibleRows } from '../../platform/scope.ts';
import type { Services } from '../../platform/services.ts';

/**
 * GET the live monitor's vehicles (contract/api/monitor): every vehicle of the caller's scope, narrowed to the city
 * asked for, that has a position — where, in what state, how charged, locked or not, online or not, since when.
 */
export const monitorRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    MONITOR_PATH,
    {
      config: { access: MONITOR_PERM },
      schema: { tags: ['vehicle'], summary: "The live monitor: a city's vehicles where they last reported", querystring: monitorQuery },
    },
    async (req) => {
      const auth = authOf(req);
      const city = req.query.cityCode === ALL_CITIES_CODE ? undefined : req.query.cityCode;
      const rows = await db
        .select({
          vehicleId: vehicles.id,
          vehicleNo: vehicles.vehicleNo,
          lat: vehicleLiveStatus.lat,
          lng: vehicleLiveStatus.lng,
          opState: vehicles.opState,
          soc: vehicleLiveStatus.soc,
          speedKph: vehicleLiveStatus.speedKph,
          lockState: vehicleLiveStatus.lockState,
          isOnline: vehicleLiveStatus.isOnline,
          modelId: vehicles.modelId,
          lastReportedAt: vehicleLiveStatus.lastReportedAt,
        })
        .from(vehicles)
        .innerJoin(vehicleLiveStatus, and(eq(vehicleLiveStatus.vehicleId, vehicles.id), eq(vehicleLiveStatus.tenantId, vehicles.tenantId)))
        .where(
          and(
            visibleRows(auth, vehicles),
            city === undefined ? undefined : eq(vehicles.cityCode, city),
            isNotNull(vehicleLiveStatus.lat),
            isNotNull(vehicleLiveStatus.lng),
          ),
        )
        .orderBy(asc(vehicles.id));
      const modelIds = new Set(rows.map((r) => r.modelId));
      const models = (
        await db
          .select({ modelId: productModels.id, name: productModels.name })
          .from(productModels)
          .where(visibleRows(auth, productModels))
          .orderBy(asc(productModels.name))
      ).filter((m) => modelIds.has(m.modelId));
      return ok<MonitorAnswer>({
        vehicles: rows.map((r) => ({
          ...r,
          lat: Number(r.lat),
          lng: Number(r.lng),
          speedKph: r.speedKph,
          lastReportedAt: r.lastReportedAt.toISOString(),
        })),
        models,
        readAt: new Date().toISOString(),
      });
    },
  );
};
