import { divIcon, type DivIcon } from 'leaflet';
import { BRAND_COLOR } from '../brand';

/** Colours come from code, but they land in HTML: anything but a hex colour or a colour name is the default. */
const safeColor = (color: string | undefined) => (color && /^(#[0-9a-f]{3,8}|[a-z]+)$/i.test(color) ? color : BRAND_COLOR);

// One icon per colour and per cluster size: a new icon object would make react-leaflet redraw every marker.
const points = new Map<string, DivIcon>();
const clusters = new Map<string, DivIcon>();

/** A place: a coloured dot with a white ring, drawn in HTML so it shows without map tiles. */
export function pointIcon(color?: string): DivIcon {
  const fill = safeColor(color);
  let icon = points.get(fill);
  if (!icon) {
    icon = divIcon({ className: 'kayuh-map-point', html: `<span style="background:${fill}"></span>`, iconSize: [18, 18] });
    points.set(fill, icon);
  }
  return icon;
}

/** A cluster: the number of places it holds, in a disc that grows with it. */
export function clusterIcon(count: number): DivIcon {
  const size = count < 100 ? 34 : count < 1000 ? 42 : 50;
  const text = count < 10_000 ? String(count) : `${Math.floor(count / 1000)}k`;
  const key = `${size}:${text}`;
  let icon = clusters.get(key);
  if (!icon) {
    icon = divIcon({ className: 'kayuh-map-cluster', html: `<span>${text}</span>`, iconSize: [size, size] });
    clusters.set(key, icon);
  }
  return icon;
}
