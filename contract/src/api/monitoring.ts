import { z } from 'zod';
import { idValue } from '../resources/schemas.ts';

/**
 * /alarm_main/monitoring_data (DOMAIN §1.11): one vehicle's frames over a time range, drawn as SOC, speed and signal
 * over time and as its track on the map. GET this path answers the drawing; the raw frames are the telemetryFrame
 * list under the same page.
 */
export const TELEMETRY_TRACK_PATH = '/alarm/monitoringData/track';
export const MONITORING_DATA_PERM = 'alarm:monitoring_data:view';
/** A drawing holds at most this many points: a longer range is thinned evenly, its first and last frames kept. */
export const TRACK_POINTS_MAX = 600;
/** The longest range one drawing covers. */
export const TRACK_RANGE_MAX_HOURS = 7 * 24;

export const trackQuery = z
  .object({
    vehicleId: idValue(),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ['to'], message: 'rangeOrder' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= TRACK_RANGE_MAX_HOURS * 3_600_000, {
    path: ['to'],
    message: 'trackRange',
  });
export type TrackQuery = z.infer<typeof trackQuery>;

/** One frame as the drawing needs it. */
export interface TrackPoint {
  /** reported_at, ISO 8601. */
  at: string;
  /** Null where the frame had no valid fix. */
  lat: number | null;
  lng: number | null;
  soc: number | null;
  speedKph: number | null;
  /** GSM signal, 0–31. */
  gsmSignal: number | null;
}

export interface Track {
  vehicleId: number;
  vehicleNo: string;
  /** Frames in the range; `points` holds all of them, or TRACK_POINTS_MAX evenly chosen. */
  frames: number;
  points: TrackPoint[];
}
