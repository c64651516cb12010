import { z } from 'zod';

/**
 * The map background every map of the console draws on (DESIGN §1 maps): a deployment setting, read by the server
 * from MAP_TILE_URL and MAP_TILE_ATTRIBUTION and answered to signed-in staff by GET MAP_SETTINGS_PATH.
 */
export const MAP_SETTINGS_PATH = '/system/map/settings';

export const mapSettings = z.object({
  /** A Leaflet tile URL template: {z}, {x}, {y}, optionally {s} and {r}. */
  tileUrl: z.string(),
  /** The tiles' attribution as HTML (links allowed); the web sanitizes it before showing it. */
  tileAttribution: z.string(),
});
export type MapSettings = z.infer<typeof mapSettings>;
