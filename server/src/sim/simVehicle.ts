import { AlarmBit, LockState, MsgType, type IotCommandName, type TelemetryFrame } from '@kayuh/contract/api/device';
import { distanceM, type LatLng } from '@kayuh/contract/rules/geo';
import { offset, type Rng } from '../db/seed/demoFleetMap.ts';
import { GridRide, type Bounds } from './movement.ts';

/** A vehicle the simulator drives: who it is, its box's key, and where and how its live status last had it. */
export interface FleetVehicle {
  vehicleId: number;
  vehicleNo: string;
  /** Its operator's code, which its riders' app sends (docs/app-api.md). */
  tenantCode: string;
  imei: string;
  deviceKey: string;
  cityCode: number;
  opState: number;
  lat: number;
  lng: number;
  soc: number | null;
  lockState: number | null;
  /** How far a full battery takes it (its model's), for the drain per metre. */
  maxRangeM: number | null;
}

/** What part a vehicle plays in a run. */
export type Role = 'parked' | 'rider' | 'offline' | 'illegalMove';

/** DOMAIN §6.1's cadences, in simulated time. */
export const CADENCE_MS = { riding: 15_000, parked: 5 * 60_000 } as const;
/** How fast a locked bike is carried off (a walking thief, km/h), and how far before it is left. */
const CARRIED_KPH = 6;
export const CARRIED_M = 80;
/** A battery loses this much in an hour parked (%), besides what riding costs. */
const PARKED_DRAIN_PER_H = 0.5;
/** A battery this low (%) sets the low-battery bit; one this low no longer moves the bike (its rider ends the ride). */
const LOW_SOC = 15;
export const EMPTY_SOC = 5;
/** §3.2 op_state "in use": a ride under way when the run starts. */
const IN_USE = 40;
const DEFAULT_RANGE_M = 60_000;

type Mode = 'parked' | 'riding' | 'carried' | 'silent';

/**
 * One vehicle as its box would report it: parked and locked (a frame every 5 min), out on a ride along the streets
 * (every 15 s, the lock open, the battery draining with the distance), carried off while locked (the vibration bit,
 * every 15 s), or silent. A rider's vehicle rides once its rider has unlocked it through the app and got on
 * (`mount`, sim/simRider.ts) and stops at the lock that ends the ride; one already in use at the start rides on
 * until a lock (customer service, the overdue task) ends its ride. Time is the real clock scaled by `speed`: a frame is due sooner and covers more ground,
 * but its `reportedAt` is always now.
 */
export class SimVehicle {
  mode: Mode = 'parked';
  position: LatLng;
  lockState: number;
  /** Frames sent so far. */
  sent = 0;
  /** The real time the next frame is due. */
  nextFrameAt: number;
  private soc: number;
  private odometerM = 0;
  private ride: GridRide | undefined;
  /** Real time the carrying starts (the illegal move). */
  private switchAt: number;
  private lastAt: number;
  private parkedAt: LatLng;
  private lastMoveM = 0;
  /** Carried off far enough: its next frame is its last while carried. */
  private dropped = false;

  constructor(
    readonly v: FleetVehicle,
    readonly role: Role,
    private readonly ctx: { rng: Rng; bounds: Bounds; speed: number; now: number; carryAfterMs: number },
  ) {
    const { rng, now } = ctx;
    this.position = { lat: v.lat, lng: v.lng };
    this.parkedAt = this.position;
    this.soc = v.soc ?? rng.int(40, 95);
    this.lockState = v.lockState === LockState.unlocked ? LockState.unlocked : LockState.locked;
    this.lastAt = now;
    // Every box reports soon after the start (a living map within a minute), then at its cadence.
    this.nextFrameAt = now + this.real(role === 'rider' ? rng.int(0, 5_000) : rng.int(0, 30_000));
    this.switchAt = role === 'illegalMove' ? now + ctx.carryAfterMs : 0;
    if (role === 'rider' && v.opState === IN_USE) this.startRide(now);
  }

  /** The battery now (%). */
  get charge(): number {
    return this.soc;
  }

  /** Its rider got on after the app's unlock: it rides off along the streets (a rider's vehicle, unlocked, parked). */
  mount(now: number) {
    this.advance(now);
    if (this.role === 'rider' && this.mode === 'parked' && this.lockState === LockState.unlocked) this.startRide(now);
  }

  /** The real ms of `simMs` simulated ones. */
  private real(simMs: number) {
    return simMs / this.ctx.speed;
  }

  /** The frame due now, if one is (moving the vehicle on to now first). */
  due(now: number): TelemetryFrame | undefined {
    this.advance(now);
    if (this.mode === 'silent' || now < this.nextFrameAt) return undefined;
    const frame = this.frame(now, this.mode === 'parked' ? MsgType.heartbeat : MsgType.location);
    this.sent++;
    if (this.dropped) {
      this.mode = 'parked';
      this.dropped = false;
    }
    // The offline share: one frame, then nothing more (the box is gone).
    if (this.role === 'offline') this.mode = 'silent';
    this.nextFrameAt = now + this.real(this.mode === 'parked' ? CADENCE_MS.parked : CADENCE_MS.riding);
    return frame;
  }

  /** Carries a command out as a box does: lock ends a ride, unlock opens the lock; the others change nothing here. */
  command(name: IotCommandName, now: number): TelemetryFrame {
    this.advance(now);
    if (name === 'lock') {
      this.lockState = LockState.locked;
      if (this.mode === 'riding') this.park(now);
    } else if (name === 'unlock') {
      this.lockState = LockState.unlocked;
    }
    // The box says at once what it did (an event frame), besides its cadence.
    return this.frame(now, MsgType.event);
  }

  /** Moves the simulated state on to `now`: the ride, the drain, the carrying, and a rider's rides and stops. */
  private advance(now: number) {
    const seconds = ((now - this.lastAt) / 1000) * this.ctx.speed;
    this.lastAt = now;
    if (seconds <= 0) return;
    this.lastMoveM = 0;
    if (this.mode === 'riding' && this.ride) {
      // An empty battery stops the bike where it is, unlocked, until its rider ends the ride.
      if (this.soc > EMPTY_SOC) {
        const { at, metres } = this.ride.advance(this.position, seconds);
        this.moved(at, metres);
        this.soc -= metres / ((this.v.maxRangeM ?? DEFAULT_RANGE_M) / 100);
      }
    } else if (this.mode === 'carried') {
      if (!this.dropped) {
        const metres = (CARRIED_KPH / 3.6) * seconds;
        this.moved(offset(this.position, metres * 0.8, metres * 0.6), metres);
        // Dropped where the thief left it: one more frame from there, vibrating, then parked.
        if (distanceM(this.parkedAt, this.position) >= CARRIED_M) {
          this.dropped = true;
          this.nextFrameAt = now;
        }
      }
    } else {
      this.soc -= (PARKED_DRAIN_PER_H * seconds) / 3600;
    }
    this.soc = Math.max(0, this.soc);
    if (this.role === 'illegalMove' && this.mode === 'parked' && this.switchAt > 0 && now >= this.switchAt && this.lockState === LockState.locked) {
      this.mode = 'carried';
      this.switchAt = 0;
      this.nextFrameAt = now;
    }
  }

  private moved(at: LatLng, metres: number) {
    this.position = at;
    this.odometerM += metres;
    this.lastMoveM = metres;
  }

  private startRide(now: number) {
    this.mode = 'riding';
    this.lockState = LockState.unlocked;
    this.ride = new GridRide(this.ctx.rng, this.ctx.bounds);
    this.nextFrameAt = Math.min(this.nextFrameAt, now + this.real(CADENCE_MS.riding));
  }

  private park(now: number) {
    this.mode = 'parked';
    this.lockState = LockState.locked;
    this.ride = undefined;
    this.parkedAt = this.position;
    // The ride's last frame: where it was left, locked, speed 0.
    this.nextFrameAt = now;
  }

  private frame(now: number, msgType: number): TelemetryFrame {
    const { rng } = this.ctx;
    const moving = this.mode === 'riding' || this.mode === 'carried';
    const soc = Math.round(this.soc);
    let alarmBits = 0;
    if (this.mode === 'carried') alarmBits |= 1 << AlarmBit.vibration;
    if (soc < LOW_SOC) alarmBits |= 1 << AlarmBit.lowBattery;
    const kph = this.mode === 'riding' ? this.ride!.kph + (rng.next() - 0.5) * 2 : this.mode === 'carried' ? CARRIED_KPH : 0;
    return {
      msgType,
      reportedAt: new Date(now).toISOString(),
      lat: Math.round(this.position.lat * 1e6) / 1e6,
      lng: Math.round(this.position.lng * 1e6) / 1e6,
      gpsValid: true,
      speedKph: moving && this.lastMoveM > 0 ? Math.round(kph * 10) / 10 : 0,
      headingDeg: this.mode === 'riding' ? this.ride!.heading : this.mode === 'carried' ? 37 : 0,
      satellites: rng.int(7, 14),
      hdop: Math.round((0.7 + rng.next()) * 10) / 10,
      lockState: this.lockState,
      accOn: this.mode === 'riding',
      soc,
      batteryVoltageMv: 42_000 + soc * 126,
      gsmSignal: rng.int(12, 31),
      odometerM: Math.round(this.odometerM),
      alarmBits,
    };
  }
}
