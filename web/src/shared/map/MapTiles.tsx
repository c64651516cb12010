import { TileLayer } from 'react-leaflet';
import { MAX_ZOOM } from './mapTypes';
import { useMapSettings } from './mapSettings';

/**
 * The background tiles of this deployment. Places and areas are vectors over them, so they show when the tiles
 * cannot load (no internet, a tile server down); `onAvailable` says whether the last tile came or failed.
 */
export function MapTiles({ onAvailable }: { onAvailable: (available: boolean) => void }) {
  const settings = useMapSettings();
  if (!settings) return null;
  return (
    <TileLayer
      url={settings.tileUrl}
      attribution={settings.tileAttribution}
      maxZoom={MAX_ZOOM}
      eventHandlers={{ tileerror: () => onAvailable(false), tileload: () => onAvailable(true) }}
    />
  );
}
