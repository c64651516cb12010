import { Control, DomEvent, DomUtil, type ControlPosition } from 'leaflet';
import { useEffect, useState } from 'react';
import { useMap } from 'react-leaflet';

/**
 * A box in one of the map's corners for React to render into (a toolbar). Clicks, wheel turns and drags in it stay
 * its own: they do not also click, zoom or pan the map (React still sees them).
 */
export function useMapControl(position: ControlPosition): HTMLElement | null {
  const map = useMap();
  const [box, setBox] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const control = new Control({ position });
    control.onAdd = () => {
      const element = DomUtil.create('div', 'leaflet-control kayuh-map__tools');
      DomEvent.disableClickPropagation(element);
      DomEvent.disableScrollPropagation(element);
      return element;
    };
    control.addTo(map);
    setBox(control.getContainer() ?? null);
    return () => {
      control.remove();
    };
  }, [map, position]);
  return box;
}
