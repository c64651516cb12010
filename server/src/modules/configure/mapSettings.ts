import { MAP_SETTINGS_PATH, type MapSettings } from '@kayuh/contract/api/map';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { Services } from '../../platform/services.ts';

/** The map background of this deployment (MAP_TILE_URL, MAP_TILE_ATTRIBUTION): every signed-in user draws maps. */
export const mapSettingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const settings: MapSettings = { tileUrl: services.config.mapTileUrl, tileAttribution: services.config.mapTileAttribution };
  app.get(
    MAP_SETTINGS_PATH,
    {
      config: { access: 'authenticated' },
      schema: { tags: ['system'], summary: "The maps' background tiles and their attribution" },
    },
    async () => ok(settings),
  );
};
