import { ParkingMode } from '@kayuh/contract/resources/city';
import { Code } from '@kayuh/contract/codes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiNotFound } from '../../platform/envelopeHooks.ts';
import { BizError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import {
  DATASET_FILES,
  GBFS_VERSION,
  STATUS_FILES,
  TTL,
  gbfsData,
  manifestData,
  publishable,
  rfc3339,
  stationInformationData,
  stationStatusData,
  systemId,
  systemInformationData,
  vehicleStatusData,
  vehicleTypesData,
  pricingPlansData,
  versionsData,
  type DatasetFile,
  type FeedUrls,
} from './feedFiles.ts';
import {
  PUBLISHED_STATES,
  cityModels,
  cityPlans,
  cityVehicles,
  publicStations,
  publicZones,
  publishedCities,
  publishedCity,
  publishingTenant,
  type FeedCity,
  type FeedTenant,
} from './feedSource.ts';
import { geofencingData } from './geofencing.ts';

/** The public feed lives beside the console, not under /api: its consumers are trip planners, not staff. */
export const GBFS_BASE = '/gbfs/v3';

/** Tenant codes as the tenant form allows them (2–20 of A–Z, 0–9, _); city codes are dept ids. */
const TENANT_CODE = /^[A-Z][A-Z0-9_]{1,19}$/;
const SYSTEM_ID = /^([A-Z][A-Z0-9_]{1,19})-([1-9][0-9]{0,14})$/;

/** Vehicles counted at a station: those a rider may see, and those there but out of service (maintenance). */
const AT_STATION_STATES = [...PUBLISHED_STATES, 80];

const tenantParams = z.object({ tenantCode: z.string().max(20).regex(TENANT_CODE) });
const datasetParams = z.object({ systemId: z.string().max(36).regex(SYSTEM_ID) });

/** `http(s)://host[:port]` of the request; a Host header that is no host name cannot make a URL. */
function origin(req: FastifyRequest): string | undefined {
  return /^([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(req.host) ? `${req.protocol}://${req.host}` : undefined;
}

function urlsOf(base: string, tenantCode: string, id: string): FeedUrls {
  return {
    manifest: `${base}${GBFS_BASE}/${tenantCode}/manifest.json`,
    file: (name) => `${base}${GBFS_BASE}/${id}/${name}.json`,
  };
}

/** Every file carries last_updated, ttl and version, and tells caches exactly as long as its ttl. */
function send(reply: FastifyReply, ttl: number, data: unknown) {
  return reply
    .header('cache-control', `public, max-age=${ttl}`)
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .type('application/json; charset=utf-8')
    .send({ last_updated: rfc3339(new Date()), ttl, version: GBFS_VERSION, data });
}

/**
 * GBFS v3.0 (DOMAIN §8.3), public: GET /gbfs/v3/{tenant_code}/manifest.json lists a tenant's datasets, one per
 * enabled city, each at /gbfs/v3/{tenant_code}-{city_code}/gbfs.json with the files it links. A tenant whose feed
 * is switched off (tenants.gbfs_enabled), disabled or expired, an unknown code or city: 404, as a missing file.
 */
export const gbfsModule: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const notFound = (req: FastifyRequest, reply: FastifyReply) => apiNotFound(req, reply.header('cache-control', 'no-cache'), services);

  // A path parameter no feed can have is a feed that does not exist, not a form to correct.
  app.setErrorHandler(async (error, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error) || (error instanceof BizError && error.code === Code.validation)) return notFound(req, reply);
    throw error;
  });

  const config = { access: 'public' as const };
  const tags = ['gbfs'];
  // No session, no token: the OpenAPI document says so.
  const security: Array<Record<string, string[]>> = [];

  app.get(
    `${GBFS_BASE}/:tenantCode/manifest.json`,
    { config, schema: { tags, security, summary: "GBFS manifest: the tenant's datasets, one per city", params: tenantParams } },
    async (req, reply) => {
      const base = origin(req);
      const tenant = base ? await publishingTenant(db, req.params.tenantCode, new Date()) : undefined;
      if (!base || !tenant) return notFound(req, reply);
      const datasets = (await publishedCities(db, tenant.id)).map((city) => {
        const id = systemId(tenant.tenantCode, city.cityCode);
        return { systemId: id, gbfsUrl: urlsOf(base, tenant.tenantCode, id).file('gbfs') };
      });
      return send(reply, TTL.other, manifestData(datasets));
    },
  );

  const dataset = async (req: FastifyRequest, id: string): Promise<{ tenant: FeedTenant; city: FeedCity; urls: FeedUrls } | undefined> => {
    const base = origin(req);
    const [, tenantCode, cityCode] = SYSTEM_ID.exec(id) ?? [];
    if (!base || !tenantCode || !cityCode) return undefined;
    const tenant = await publishingTenant(db, tenantCode, new Date());
    const city = tenant && (await publishedCity(db, tenant.id, Number(cityCode)));
    return tenant && city ? { tenant, city, urls: urlsOf(base, tenant.tenantCode, id) } : undefined;
  };

  for (const file of DATASET_FILES) {
    app.get(
      `${GBFS_BASE}/:systemId/${file}.json`,
      { config, schema: { tags, security, summary: `GBFS ${file}.json of one dataset (tenant × city)`, params: datasetParams } },
      async (req, reply) => {
        const found = await dataset(req, req.params.systemId);
        if (!found) return notFound(req, reply);
        return send(reply, STATUS_FILES.has(file) ? TTL.status : TTL.other, await fileData(file, found));
      },
    );
  }

  async function fileData(file: DatasetFile, { tenant, city, urls }: { tenant: FeedTenant; city: FeedCity; urls: FeedUrls }) {
    const scope = { tenantId: tenant.id, cityCode: city.cityCode };
    switch (file) {
      case 'gbfs':
        return gbfsData(urls);
      case 'gbfs_versions':
        return versionsData(urls);
      case 'system_information':
        return systemInformationData(tenant, city, urls);
      case 'station_information':
        return stationInformationData(await publicStations(db, scope));
    }
    // The rest name vehicle types: only the published ones.
    if (file === 'system_pricing_plans') return pricingPlansData(await cityPlans(db, scope, new Date()));
    const models = await cityModels(db, scope);
    if (file === 'vehicle_types')
      return vehicleTypesData(models, await cityPlans(db, scope, new Date()), city.parkingMode === ParkingMode.stationBased);
    const codeOf = new Map(models.filter(publishable).map((m) => [m.id, m.modelCode]));
    if (file === 'geofencing_zones') return geofencingData(await publicZones(db, scope), codeOf);
    const stations = await publicStations(db, scope);
    if (file === 'station_status') return stationStatusData(stations, await cityVehicles(db, scope, AT_STATION_STATES), codeOf);
    return vehicleStatusData(await cityVehicles(db, scope, PUBLISHED_STATES), codeOf, new Map(stations.map((s) => [s.id, s.stationCode])));
  }

  // Anything else under /gbfs is a feed file that does not exist: JSON 404, never the console's page.
  app.get('/gbfs/*', { config, schema: { hide: true } }, async (req, reply) => notFound(req, reply));
};
