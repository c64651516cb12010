import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { MAP_SETTINGS_PATH, type MapSettings } from '@kayuh/contract/api/map';
import { get } from '../../lib/http';

/**
 * The deployment's map tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION on the server), read once per session. A failure is
 * silent: the map still draws its places and areas, and says that its background is missing.
 */
const sanitized = (settings: MapSettings): MapSettings => ({ ...settings, tileAttribution: DOMPurify.sanitize(settings.tileAttribution) });

export function useMapSettings(): MapSettings | undefined {
  const { data } = useQuery({
    queryKey: ['map', 'settings'],
    queryFn: ({ signal }) => get<MapSettings>(MAP_SETTINGS_PATH, undefined, { signal, silent: true }),
    staleTime: Infinity,
    // The attribution is HTML the operator configured; Leaflet writes it as HTML, so it is cleaned first (DESIGN §10).
    select: sanitized,
  });
  return data;
}
