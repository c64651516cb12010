import {
  FRAME_FUTURE_TOLERANCE_MS,
  FRAMES_PER_MESSAGE_MAX,
  LockState,
  TELEMETRY_KEEP_DAYS,
  telemetryFrameSchema,
  type TelemetryFrame,
} from '@kayuh/contract/api/device';
import type { DeviceTraffic, FrameDropReason } from '@kayuh/contract/api/monitor';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../platform/rows.ts';
import { vehicleLiveStatus, vehicleTelemetry } from '../../../db/schema.ts';
import type { DeviceMessage } from '../../../platform/devices/deviceLink.ts';
import type { FrameFacts } from '../../alarm/frameRules.ts';
import type { CityPlaces } from './cityPlaces.ts';
import type { Device, DeviceDirectory } from './deviceDirectory.ts';

const DAY_MS = 86_400_000;
/** A batch is written when it holds this many frames, or this long after its first. */
const BATCH_FRAMES = 500;
const BATCH_MS = 200;
/** Batches written at once (each in its own transaction, on its own connection). */
const WRITERS = 2;
/** A device whose frames are dropped is logged once a minute, not once a frame. */
const LOG_EVERY_MS = 60_000;

/** Why a frame was dropped: counted, logged once per device per minute, never a reason to stop. */
export type DropReason = FrameDropReason;

type Row = typeof vehicleTelemetry.$inferInsert;
interface Accepted {
  row: Row;
  device: Device;
  frame: TelemetryFrame;
}

/** Where a vehicle was locked, as the live status keeps it; undefined for a late frame (the status did not move). */
const parkedAt = (p: { parkedLat: string | null; parkedLng: string | null } | undefined) =>
  p === undefined ? undefined : p.parkedLat === null || p.parkedLng === null ? null : { lat: Number(p.parkedLat), lng: Number(p.parkedLng) };
/**
 * The batch's two statements, made once: the rows go as one JSON parameter read by json_populate_recordset, not as
 * 30 parameters a row — building and binding 15,000 parameters for 500 frames was most of the server's time
 * (bench:ingest's profile: drizzle's query building).
 */
type Columns = Array<[key: string, name: string]>;
const columnsOf = (table: PgTable, skip: string[] = []): Columns =>
  Object.entries(getTableColumns(table))
    .filter(([key]) => !skip.includes(key))
    .map(([key, column]) => [key, column.name]);
const FRAME_COLUMNS = columnsOf(vehicleTelemetry, ['id']);
const LIVE_COLUMNS = columnsOf(vehicleLiveStatus, ['currentRideId']);
const names = (columns: Columns) => columns.map(([, name]) => `"${name}"`).join(', ');
const recordOf = (columns: Columns, row: Record<string, unknown>) => Object.fromEntries(columns.map(([key, name]) => [name, row[key] ?? null]));
const JSON_END = sql.raw('::json)');
const INSERT_FRAMES = sql.raw(
  `INSERT INTO vehicle_telemetry (${names(FRAME_COLUMNS)}) SELECT ${names(FRAME_COLUMNS)} FROM json_populate_recordset(NULL::vehicle_telemetry, `,
);
/** Copied from the frame as it is; the rest are kept when the frame cannot tell (no fix, no SOC). */
const COPIED = LIVE_COLUMNS.map(([, name]) => name).filter(
  (name) =>
    ![
      'vehicle_id',
      'tenant_id',
      'city_code',
      'op_state',
      'lat',
      'lng',
      'in_service_area',
      'zone_id',
      'station_id',
      'soc',
      'range_m',
      'parked_lat',
      'parked_lng',
    ].includes(name),
);
const UPSERT_LIVE = sql.raw(
  `INSERT INTO vehicle_live_status (${names(LIVE_COLUMNS)}) SELECT ${names(LIVE_COLUMNS)} FROM json_populate_recordset(NULL::vehicle_live_status, `,
);
const UPSERT_LIVE_TAIL = sql.raw(`::json)
  ON CONFLICT (vehicle_id) DO UPDATE SET
    -- A frame without a fix keeps the last known position and where it was.
    lat = coalesce(excluded.lat, vehicle_live_status.lat),
    lng = coalesce(excluded.lng, vehicle_live_status.lng),
    in_service_area = CASE WHEN excluded.lat IS NULL THEN vehicle_live_status.in_service_area ELSE excluded.in_service_area END,
    zone_id = CASE WHEN excluded.lat IS NULL THEN vehicle_live_status.zone_id ELSE excluded.zone_id END,
    station_id = CASE WHEN excluded.lat IS NULL THEN vehicle_live_status.station_id ELSE excluded.station_id END,
    soc = coalesce(excluded.soc, vehicle_live_status.soc),
    range_m = coalesce(excluded.range_m, vehicle_live_status.range_m),
    -- Where it was locked stays while it is locked (its first fix, if it had none); unlocked, it has none.
    parked_lat = CASE WHEN excluded.lock_state = ${LockState.locked} THEN coalesce(vehicle_live_status.parked_lat, excluded.lat) END,
    parked_lng = CASE WHEN excluded.lock_state = ${LockState.locked} THEN coalesce(vehicle_live_status.parked_lng, excluded.lng) END,
    ${COPIED.map((name) => `${name} = excluded.${name}`).join(',\n    ')}
  -- A buffered old frame never moves a vehicle back.
  WHERE excluded.last_reported_at >= vehicle_live_status.last_reported_at
  RETURNING vehicle_id, parked_lat, parked_lng, current_ride_id IS NOT NULL AS on_ride`);

const reportedAtOf = (frame: TelemetryFrame) => new Date(frame.reportedAt);
const decimal = (v: number | null | undefined, digits: number) => (v === null || v === undefined ? null : v.toFixed(digits));

/**
 * Telemetry in (DOMAIN §6.1, docs/iot.md): each message's frames are checked one by one, and the good ones are
 * written in batches — the frames to vehicle_telemetry, each vehicle's newest to vehicle_live_status — in one
 * transaction a batch. A bad frame, an unknown IMEI or a database that is away costs those frames, never the link.
 */
export class TelemetryIngest {
  private queue: Accepted[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The batches being written, WRITERS side by side; and the rules, which read them one batch after another. */
  private readonly lanes: Array<Promise<unknown>> = Array.from({ length: WRITERS }, () => Promise.resolve());
  private nextLane = 0;
  private evaluating: Promise<void> = Promise.resolve();
  private readonly logged = new Map<string, number>();

  constructor(
    private readonly deps: {
      db: Db;
      directory: DeviceDirectory;
      places: CityPlaces;
      log: FastifyBaseLogger;
      /** What each vehicle's newest frame of a written batch says (the alarm rules read it). */
      onWritten?: (facts: FrameFacts[]) => Promise<void>;
      /** Where frames taken in and dropped are counted (the device link's traffic, on the data monitoring page). */
      counts: Omit<DeviceTraffic, 'connected'>;
    },
    private readonly batch = { frames: BATCH_FRAMES, ms: BATCH_MS },
  ) {}

  /** One telemetry message of a device (a frame, or an array of frames it buffered). */
  async accept(message: DeviceMessage): Promise<void> {
    const receivedAt = new Date();
    let body: unknown;
    try {
      body = JSON.parse(message.payload.toString('utf8'));
    } catch {
      return this.drop(message.imei, 'malformed', 1);
    }
    const frames = Array.isArray(body) ? body : [body];
    if (frames.length === 0 || frames.length > FRAMES_PER_MESSAGE_MAX) return this.drop(message.imei, 'malformed', Math.max(1, frames.length));
    const device = await this.deps.directory.find(message.imei);
    if (!device) return this.drop(message.imei, 'unknownDevice', frames.length);
    for (const raw of frames) {
      const parsed = telemetryFrameSchema.safeParse(raw);
      if (!parsed.success) {
        this.drop(message.imei, 'invalid', 1, parsed.error.issues[0]?.path.join('.'));
        continue;
      }
      const frame = parsed.data;
      const at = reportedAtOf(frame);
      if (at.getTime() > receivedAt.getTime() + FRAME_FUTURE_TOLERANCE_MS) this.drop(message.imei, 'future', 1);
      else if (at.getTime() < receivedAt.getTime() - TELEMETRY_KEEP_DAYS * DAY_MS) this.drop(message.imei, 'tooOld', 1);
      else this.enqueue({ row: this.rowOf(message.imei, device, frame, at, receivedAt), device, frame });
    }
  }

  /** Writes what is queued now (the batch timer does this by itself). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (batch.length) {
      const lane = this.nextLane++ % WRITERS;
      const written = this.lanes[lane]!.then(() => this.write(batch));
      this.lanes[lane] = written;
      // The rules hear the batches in the order they came, whichever was written first.
      this.evaluating = Promise.all([written, this.evaluating]).then(([facts]) => this.evaluate(facts));
    }
    return this.evaluating;
  }

  async close(): Promise<void> {
    await this.flush();
  }

  private enqueue(accepted: Accepted) {
    this.queue.push(accepted);
    this.deps.counts.framesAccepted++;
    if (this.queue.length >= this.batch.frames) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.batch.ms);
  }

  private rowOf(imei: string, device: Device, f: TelemetryFrame, reportedAt: Date, receivedAt: Date): Row {
    return {
      tenantId: device.tenantId,
      cityCode: device.cityCode,
      vehicleId: device.vehicleId,
      imei,
      msgType: f.msgType,
      reportedAt,
      receivedAt,
      lat: decimal(f.lat, 6),
      lng: decimal(f.lng, 6),
      altitudeM: f.altitudeM ?? null,
      speedKph: decimal(f.speedKph, 1),
      headingDeg: f.headingDeg ?? null,
      satellites: f.satellites ?? null,
      hdop: decimal(f.hdop, 1),
      gpsValid: f.gpsValid,
      lockState: f.lockState,
      accOn: f.accOn ?? null,
      batteryCompartmentOpen: f.batteryCompartmentOpen ?? null,
      batteryVoltageMv: f.batteryVoltageMv ?? null,
      soc: f.soc ?? null,
      batteryTempC: f.batteryTempC ?? null,
      charging: f.charging ?? null,
      backupBatteryPct: f.backupBatteryPct ?? null,
      gsmSignal: f.gsmSignal ?? null,
      odometerM: f.odometerM ?? null,
      alarmBits: f.alarmBits,
      statusBits: f.statusBits ?? null,
      errorCode: f.errorCode ?? null,
    };
  }

  /** Writes a batch; answers what each vehicle's newest frame says (none when the batch could not be written). */
  private async write(batch: Accepted[]): Promise<FrameFacts[]> {
    let live: Awaited<ReturnType<TelemetryIngest['liveRows']>>;
    let parked: Array<{ vehicleId: number; parkedLat: string | null; parkedLng: string | null; onRide: boolean }>;
    try {
      live = await this.liveRows(batch);
      parked = await this.deps.db.transaction(async (tx) => {
        await tx.execute(sql`${INSERT_FRAMES}${JSON.stringify(batch.map((a) => recordOf(FRAME_COLUMNS, a.row)))}${JSON_END}`);
        const written = await tx.execute(sql`${UPSERT_LIVE}${JSON.stringify(live.map((l) => recordOf(LIVE_COLUMNS, l)))}${UPSERT_LIVE_TAIL}`);
        return rowsOf<{ vehicle_id: string | number; parked_lat: string | null; parked_lng: string | null; on_ride: boolean }>(written).map((r) => ({
          vehicleId: Number(r.vehicle_id),
          parkedLat: r.parked_lat,
          parkedLng: r.parked_lng,
          onRide: r.on_ride,
        }));
      });
    } catch (err) {
      this.deps.counts.dropped.writeFailed += batch.length;
      this.deps.log.error({ err, frames: batch.length }, 'telemetry batch not written');
      return [];
    }
    const parkedOf = new Map(parked.map((p) => [p.vehicleId, p]));
    return live.map((l) => ({
      tenantId: l.tenantId,
      cityCode: l.cityCode,
      vehicleId: l.vehicleId,
      at: l.lastReportedAt,
      soc: l.soc ?? null,
      speedKph: l.speedKph ?? null,
      batteryTempC: l.batteryTempC ?? null,
      alarmBits: l.alarmBits ?? 0,
      lockState: l.lockState ?? 2,
      fixed: l.lat !== null,
      inServiceArea: l.inServiceArea ?? false,
      lat: l.lat === null || l.lat === undefined ? null : Number(l.lat),
      lng: l.lng === null || l.lng === undefined ? null : Number(l.lng),
      parked: parkedAt(parkedOf.get(l.vehicleId)),
      onRide: parkedOf.get(l.vehicleId)?.onRide ?? false,
    }));
  }

  private async evaluate(facts: FrameFacts[]) {
    if (facts.length) await this.deps.onWritten?.(facts).catch((err: unknown) => this.deps.log.error({ err }, 'alarm rules not evaluated'));
  }

  /** Each vehicle's newest frame of the batch, with where it is. */
  private async liveRows(batch: Accepted[]): Promise<Array<typeof vehicleLiveStatus.$inferInsert>> {
    const newest = new Map<number, Accepted>();
    for (const a of batch) {
      const before = newest.get(a.device.vehicleId);
      if (!before || a.row.reportedAt! >= before.row.reportedAt!) newest.set(a.device.vehicleId, a);
    }
    // In vehicle order: batches written side by side lock the same live rows in the same order, so never deadlock.
    return Promise.all(
      [...newest.values()]
        .sort((a, b) => a.device.vehicleId - b.device.vehicleId)
        .map(async ({ row, device, frame }) => {
          const fixed = frame.gpsValid && frame.lat != null && frame.lng != null;
          const place = fixed ? await this.deps.places.placeOf(device.tenantId, device.cityCode, { lat: frame.lat!, lng: frame.lng! }) : undefined;
          return {
            vehicleId: device.vehicleId,
            tenantId: device.tenantId,
            cityCode: device.cityCode,
            opState: device.opState,
            lat: fixed ? row.lat : null,
            lng: fixed ? row.lng : null,
            soc: row.soc,
            speedKph: frame.speedKph == null ? null : Math.round(frame.speedKph),
            headingDeg: row.headingDeg,
            gpsValid: row.gpsValid,
            lockState: row.lockState,
            batteryVoltageMv: row.batteryVoltageMv,
            batteryTempC: row.batteryTempC,
            charging: row.charging,
            backupBatteryPct: row.backupBatteryPct,
            gsmSignal: row.gsmSignal,
            odometerM: row.odometerM,
            alarmBits: row.alarmBits,
            errorCode: row.errorCode,
            isOnline: true,
            inServiceArea: place?.inServiceArea ?? false,
            zoneId: place?.zoneId ?? null,
            stationId: place?.stationId ?? null,
            rangeM: frame.soc != null && device.maxRangeM ? Math.round((frame.soc * device.maxRangeM) / 100) : null,
            lastReportedAt: row.reportedAt!,
            parkedLat: fixed && row.lockState === LockState.locked ? row.lat : null,
            parkedLng: fixed && row.lockState === LockState.locked ? row.lng : null,
          };
        }),
    );
  }

  private drop(imei: string, reason: DropReason, frames: number, detail?: string) {
    this.deps.counts.dropped[reason] += frames;
    const now = Date.now();
    if (now - (this.logged.get(imei) ?? 0) < LOG_EVERY_MS) return;
    // Only the last minute's devices are remembered: a fleet of bad senders does not grow the map for ever.
    if (this.logged.size >= 10_000) for (const [key, at] of this.logged) if (now - at >= LOG_EVERY_MS) this.logged.delete(key);
    this.logged.set(imei, now);
    this.deps.log.warn({ imei, reason, frames, detail }, 'device frames dropped');
  }
}
