import { LockState, MsgType } from '@kayuh/contract/api/device';
import { pointInPolygon, type LatLng } from '@kayuh/contract/rules/geo';
import type { Db } from '../client.ts';
import { vehicleTelemetry, type vehicleLiveStatus } from '../schema.ts';
import { keepTelemetryPartitions } from '../../platform/devices/telemetryPartitions.ts';
import { offset, type Rng } from './demoFleetMap.ts';

/** Vehicles of each demo city with a recent history of frames (monitoring_data has something to draw). */
const WITH_HISTORY = 6;
/** Their last four hours, a frame a minute. */
const FRAMES = 240;
const MINUTE = 60_000;

type Live = typeof vehicleLiveStatus.$inferInsert;

/**
 * A few of a city's online vehicles, as their boxes reported them over the last hours: rides at street speed with the
 * lock open and the battery draining, stops parked and locked, ending exactly where and as the live status shows
 * each one now. Made backwards from now, kept inside the service area.
 */
export async function seedDemoFrames(db: Db, rng: Rng, area: LatLng[], live: readonly Live[], imeiOf: (vehicleId: number) => string) {
  const chosen = live.filter((v) => v.isOnline && v.lat && v.lng).slice(0, WITH_HISTORY);
  const rows: Array<typeof vehicleTelemetry.$inferInsert> = [];
  for (const v of chosen) {
    let at = (v.lastReportedAt as Date).getTime();
    let point: LatLng = { lat: Number(v.lat), lng: Number(v.lng) };
    let soc = v.soc ?? 60;
    let heading = rng.next() * 2 * Math.PI;
    let riding = (v.speedKph ?? 0) > 0;
    let left = rng.int(8, 30);
    for (let i = 0; i < FRAMES; i++) {
      const speed = riding ? rng.int(9, 22) : 0;
      rows.push({
        tenantId: v.tenantId!,
        cityCode: v.cityCode!,
        vehicleId: v.vehicleId!,
        imei: imeiOf(v.vehicleId!),
        msgType: MsgType.location,
        reportedAt: new Date(at),
        receivedAt: new Date(at + rng.int(200, 1500)),
        lat: String(point.lat),
        lng: String(point.lng),
        speedKph: String(speed),
        headingDeg: Math.round(((heading * 180) / Math.PI + 360) % 360),
        satellites: rng.int(7, 14),
        gpsValid: true,
        lockState: riding ? LockState.unlocked : LockState.locked,
        soc,
        batteryVoltageMv: 42_000 + soc * 60,
        gsmSignal: rng.int(12, 31),
        alarmBits: 0,
      });
      // One minute earlier: where it came from, with a little more charge if it was riding.
      at -= MINUTE;
      if (riding) {
        heading += (rng.next() - 0.5) * 0.8;
        const metres = (speed * 1000) / 60;
        let back = offset(point, -Math.cos(heading) * metres, -Math.sin(heading) * metres);
        if (!pointInPolygon(back, area)) {
          heading += Math.PI;
          back = offset(point, -Math.cos(heading) * metres, -Math.sin(heading) * metres);
        }
        if (pointInPolygon(back, area)) point = back;
        if (rng.chance(0.5)) soc = Math.min(100, soc + 1);
      }
      if (--left === 0) {
        riding = !riding;
        left = rng.int(8, 30);
      }
    }
  }
  // Into their days' partitions, not the default one (a day's partition cannot be made over its frames there).
  await keepTelemetryPartitions(db);
  for (let i = 0; i < rows.length; i += 1000) await db.insert(vehicleTelemetry).values(rows.slice(i, i + 1000));
}
