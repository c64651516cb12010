import { LockState } from '@kayuh/contract/api/device';
import { prng, type Rng } from '../db/seed/demoFleetMap.ts';
import { boundsOf, type Bounds } from './movement.ts';
import type { SimOptions } from './options.ts';
import { SimDevice } from './simDevice.ts';
import { SimVehicle, type FleetVehicle, type Role } from './simVehicle.ts';

/** §3.2 op_state: the vehicles out with a rider now, and the ones waiting for one. */
const IN_USE = 40;
const AVAILABLE = 20;
/** How often the fleet looks for frames that are due (real ms). */
const TICK_MS = 200;
/** Boxes signing in at once: a thousand boxes at a time would only queue in the broker's key checks. */
const CONNECTING_AT_ONCE = 25;

/** What the simulator says of itself (a log line, a test). */
export interface SimLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Which vehicles ride, which are left parked, which go silent, and the one carried off while locked: the vehicles
 * "in use" ride, and enough available ones join them to make the riding share; the offline share is drawn from the
 * rest, then one locked, available bike for the illegal move.
 */
export function castRoles(vehicles: readonly FleetVehicle[], options: SimOptions, rng: Rng): Map<number, Role> {
  const roles = new Map<number, Role>();
  const shuffled = [...vehicles].sort(() => rng.next() - 0.5);
  for (const v of shuffled) if (v.opState === IN_USE) roles.set(v.vehicleId, 'rider');
  const riders = Math.round(options.riding * vehicles.length);
  for (const v of shuffled) {
    if (roles.size >= riders) break;
    if (v.opState === AVAILABLE && !roles.has(v.vehicleId)) roles.set(v.vehicleId, 'rider');
  }
  const thief = shuffled.find((v) => !roles.has(v.vehicleId) && v.opState === AVAILABLE && v.lockState !== LockState.unlocked);
  if (thief) roles.set(thief.vehicleId, 'illegalMove');
  let silent = Math.round(options.offline * vehicles.length);
  for (const v of shuffled) {
    if (silent <= 0) break;
    if (roles.has(v.vehicleId)) continue;
    roles.set(v.vehicleId, 'offline');
    silent--;
  }
  for (const v of vehicles) if (!roles.has(v.vehicleId)) roles.set(v.vehicleId, 'parked');
  return roles;
}

/**
 * The fleet on the device link: one MQTT connection per vehicle, every vehicle reporting as its role has it, and
 * every command acked (but the lost share). Started with vehicles whose keys were just issued; stopped with the server.
 */
export class Fleet {
  readonly vehicles = new Map<number, SimVehicle>();
  readonly devices = new Map<number, SimDevice>();
  readonly counts = { frames: 0, commands: 0, lostAcks: 0 };
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly rng: Rng;

  constructor(
    private readonly opts: { mqttUrl: string; options: SimOptions; log: SimLog },
    fleet: readonly FleetVehicle[],
  ) {
    const { options } = opts;
    this.rng = prng(options.seed);
    const roles = castRoles(fleet, options, this.rng);
    const bounds = new Map<number, Bounds>();
    for (const city of new Set(fleet.map((v) => v.cityCode))) bounds.set(city, boundsOf(fleet.filter((v) => v.cityCode === city)));
    const now = Date.now();
    for (const v of fleet) {
      const ctx = { rng: this.rng, bounds: bounds.get(v.cityCode)!, speed: options.speed, now, carryAfterMs: options.illegalMoveAfterS * 1000 };
      this.vehicles.set(v.vehicleId, new SimVehicle(v, roles.get(v.vehicleId)!, ctx));
    }
  }

  /** Connects every box (a few at a time), then reports. Boxes that cannot sign in are logged and left out. */
  async start(): Promise<void> {
    const queue = [...this.vehicles.values()];
    const failed: string[] = [];
    const connectNext = async (): Promise<void> => {
      for (let sim = queue.shift(); sim && !this.stopped; sim = queue.shift()) {
        const v = sim.v;
        try {
          const device = await SimDevice.connect({
            url: this.opts.mqttUrl,
            imei: v.imei,
            key: v.deviceKey,
            onCommand: (command) => {
              this.counts.commands++;
              const loseAck = this.rng.chance(this.opts.options.lostAcks);
              if (loseAck) this.counts.lostAcks++;
              return { frame: sim.command(command, Date.now()), loseAck };
            },
          });
          if (this.stopped) await device.close();
          else this.devices.set(v.vehicleId, device);
        } catch (err) {
          failed.push(`${v.vehicleNo}: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTING_AT_ONCE }, connectNext));
    if (failed.length) this.opts.log.warn({ failed: failed.slice(0, 5), count: failed.length }, 'simulated boxes that could not sign in');
    if (this.stopped) return;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** How many vehicles play each role. */
  get cast(): Record<Role, number> {
    const cast: Record<Role, number> = { parked: 0, rider: 0, offline: 0, illegalMove: 0 };
    for (const sim of this.vehicles.values()) cast[sim.role]++;
    return cast;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all([...this.devices.values()].map((d) => d.close().catch(() => {})));
    this.devices.clear();
  }

  private tick() {
    const now = Date.now();
    for (const [vehicleId, sim] of this.vehicles) {
      const device = this.devices.get(vehicleId);
      if (!device) continue;
      const frame = sim.due(now);
      if (frame) {
        device.report(frame);
        this.counts.frames++;
      }
      if (sim.mode === 'silent') {
        // Gone quiet: the box loses its link too, once its last frame is out (the server marks it offline after 20 minutes).
        this.devices.delete(vehicleId);
        void device.close(false);
      }
    }
  }
}
