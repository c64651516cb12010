import { distanceM, type LatLng } from '@kayuh/contract/rules/geo';
import { offset, type Rng } from '../db/seed/demoFleetMap.ts';

/** A city's box the rides stay in: its vehicles' spread, so a ride never wanders out of town. */
export interface Bounds {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** The box around the points, drawn in by `insetM` on each side (never past its middle). */
export function boundsOf(points: readonly LatLng[], insetM = 200): Bounds {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const box = { south: Math.min(...lats), north: Math.max(...lats), west: Math.min(...lngs), east: Math.max(...lngs) };
  const sw = offset({ lat: box.south, lng: box.west }, insetM, insetM);
  const ne = offset({ lat: box.north, lng: box.east }, -insetM, -insetM);
  const midLat = (box.south + box.north) / 2;
  const midLng = (box.west + box.east) / 2;
  return { south: Math.min(sw.lat, midLat), north: Math.max(ne.lat, midLat), west: Math.min(sw.lng, midLng), east: Math.max(ne.lng, midLng) };
}

const inside = (p: LatLng, b: Bounds) => p.lat >= b.south && p.lat <= b.north && p.lng >= b.west && p.lng <= b.east;

/** Headings of a street grid: north, east, south, west (degrees, as a frame's headingDeg). */
const HEADINGS = [0, 90, 180, 270] as const;
type Heading = (typeof HEADINGS)[number];
/** A block: the length of one straight leg before the next corner. */
const BLOCK_M = { min: 80, max: 420 };
/** Street speed of an e-bike (km/h). */
export const RIDE_KPH = { min: 12, max: 20 };

const step = (p: LatLng, heading: Heading, metres: number): LatLng => {
  const rad = (heading * Math.PI) / 180;
  return offset(p, Math.cos(rad) * metres, Math.sin(rad) * metres);
};

/**
 * A ride through a street grid: straight legs of a block or a few, a turn at each corner (left, right or on; never
 * back the way it came), the speed of a rider in town. A corner that would lead out of the city's box turns back in.
 */
export class GridRide {
  heading: Heading;
  private legLeftM: number;
  readonly kph: number;

  constructor(
    private readonly rng: Rng,
    private readonly bounds: Bounds,
  ) {
    this.heading = rng.pick(HEADINGS);
    this.legLeftM = this.block();
    this.kph = RIDE_KPH.min + rng.next() * (RIDE_KPH.max - RIDE_KPH.min);
  }

  /** Where a rider at `from` is after riding `seconds` (simulated), and how far that was. */
  advance(from: LatLng, seconds: number): { at: LatLng; metres: number } {
    let left = (this.kph / 3.6) * seconds;
    const metres = left;
    let at = from;
    while (left > 0) {
      const go = Math.min(left, this.legLeftM);
      at = step(at, this.heading, go);
      left -= go;
      this.legLeftM -= go;
      if (this.legLeftM <= 0) this.corner(at);
    }
    return { at, metres };
  }

  private corner(at: LatLng) {
    const back = ((this.heading + 180) % 360) as Heading;
    const ways = HEADINGS.filter((h) => h !== back);
    const stayIn = ways.filter((h) => inside(step(at, h, BLOCK_M.max), this.bounds));
    // Out at the edge (or already out): the way that leads nearest the middle, even if it is back.
    if (stayIn.length === 0) {
      const middle = { lat: (this.bounds.south + this.bounds.north) / 2, lng: (this.bounds.west + this.bounds.east) / 2 };
      this.heading = [...HEADINGS].sort((a, b) => distanceM(step(at, a, BLOCK_M.max), middle) - distanceM(step(at, b, BLOCK_M.max), middle))[0]!;
    } else {
      this.heading = this.rng.pick(stayIn);
    }
    this.legLeftM = this.block();
  }

  private block() {
    return this.rng.int(BLOCK_M.min, BLOCK_M.max);
  }
}
