import type { PopupEvent } from 'leaflet';
import { useEffect } from 'react';
import { AttributionControl, useMap, ZoomControl } from 'react-leaflet';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';

// Leaflet's own prefix carries an English title; the library's name needs none.
const PREFIX = '<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>';

/**
 * Zoom buttons (links Leaflet makes focusable, named in the console's language) and the tiles' attribution; the map
 * itself is a named region, reached with Tab and moved with the arrow keys and +/- (Leaflet's keyboard handler).
 */
export function MapControls({ label }: { label?: string }) {
  const t = useT();
  const lang = useConfigStore((s) => s.lang);
  const map = useMap();
  const name = label ?? t('engine.map.label');
  const closeLabel = t('engine.map.closePopup');
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', name);
  }, [map, name]);
  // Leaflet names a popup's close button in English only.
  useEffect(() => {
    const name = (e: PopupEvent) => e.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', closeLabel);
    map.on('popupopen', name);
    return () => {
      map.off('popupopen', name);
    };
  }, [map, closeLabel]);
  return (
    <>
      {/* Leaflet writes the titles once: a language switch makes the control anew. */}
      <ZoomControl key={lang} position="topleft" zoomInTitle={t('engine.map.zoomIn')} zoomOutTitle={t('engine.map.zoomOut')} />
      <AttributionControl position="bottomright" prefix={PREFIX} />
    </>
  );
}
