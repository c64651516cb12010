import { LockState } from '@kayuh/contract/api/device';
import { prng, type Rng } from '../db/seed/demoFleetMap.ts';
import { boundsOf, type Bounds } from './movement.ts';
import type { SimOptions } from './options.ts';
import { RiderApp, type Transport } from './riderApp.ts';
import { SimDevice } from './simDevice.ts';
import { emptyRiderCounts, SimRider, type Payer } from './simRider.ts';
import { SimVehicle, type FleetVehicle, type Role } from './simVehicle.ts';

/** §3.2 op_state: the vehicles out with a rider now, and the ones waiting for one. */
const IN_USE = 40;
const AVAILABLE = 20;
/** How often the fleet looks for frames that are due (real ms). */
const TICK_MS = 200;
/** Boxes signing in at once: a thousand boxes at a time would only queue in the broker's key checks. */
const CONNECTING_AT_ONCE = 25;
/** How long a stop waits for the riders' calls under way. */
const RIDERS_STOP_MS = 5_000;

/** What the simulator says of itself (a log line, a test). */
export interface SimLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The rider app the simulated riders use (docs/simulator.md): how calls reach it, the test numbers, who pays. */
export interface RiderSetup {
  send: Transport;
  /** Each operator's test numbers for riders, and their fixed code: one rider per number at most. */
  phones: readonly string[];
  code: string;
  pay: Payer;
}

/**
 * Which vehicles ride, which are left parked, which go silent, and the one carried off while locked: the vehicles
 * "in use" ride on, and the riding share of the fleet joins them from the available ones — as many of each operator's
 * as it has riders (`ridersPerOperator`); the offline share is drawn from the rest, then one locked, available bike for
 * the illegal move.
 */
export function castRoles(vehicles: readonly FleetVehicle[], options: SimOptions, rng: Rng, ridersPerOperator = Infinity): Map<number, Role> {
  const roles = new Map<number, Role>();
  const shuffled = [...vehicles].sort(() => rng.next() - 0.5);
  for (const v of shuffled) if (v.opState === IN_USE) roles.set(v.vehicleId, 'rider');
  const riders = roles.size + Math.round(options.riding * vehicles.length);
  const riding = new Map<string, number>();
  for (const v of shuffled) {
    if (roles.size >= riders) break;
    const taken = riding.get(v.tenantCode) ?? 0;
    if (v.opState === AVAILABLE && !roles.has(v.vehicleId) && taken < ridersPerOperator) {
      roles.set(v.vehicleId, 'rider');
      riding.set(v.tenantCode, taken + 1);
    }
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
 * every command acked (but the lost share); and a simulated rider on each available vehicle cast to ride, riding it
 * through the rider app. Started with vehicles whose keys were just issued; stopped with the server.
 */
export class Fleet {
  readonly vehicles = new Map<number, SimVehicle>();
  readonly devices = new Map<number, SimDevice>();
  readonly riders: SimRider[] = [];
  readonly counts = { frames: 0, commands: 0, lostAcks: 0 };
  readonly riderCounts = emptyRiderCounts();
  private readonly riding: Promise<void>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly rng: Rng;

  constructor(
    private readonly opts: { mqttUrl: string; options: SimOptions; log: SimLog; riders: RiderSetup },
    fleet: readonly FleetVehicle[],
  ) {
    const { options, riders } = opts;
    this.rng = prng(options.seed);
    const roles = castRoles(fleet, options, this.rng, riders.phones.length);
    const bounds = new Map<number, Bounds>();
    for (const city of new Set(fleet.map((v) => v.cityCode))) bounds.set(city, boundsOf(fleet.filter((v) => v.cityCode === city)));
    const now = Date.now();
    for (const v of fleet) {
      const ctx = { rng: this.rng, bounds: bounds.get(v.cityCode)!, speed: options.speed, now, carryAfterMs: options.illegalMoveAfterS * 1000 };
      this.vehicles.set(v.vehicleId, new SimVehicle(v, roles.get(v.vehicleId)!, ctx));
    }
    // A rider for each vehicle cast to ride that is not already out (those ride on with the ride they have).
    const phonesUsed = new Map<string, number>();
    for (const sim of this.vehicles.values()) {
      if (sim.role !== 'rider' || sim.v.opState === IN_USE) continue;
      const used = phonesUsed.get(sim.v.tenantCode) ?? 0;
      phonesUsed.set(sim.v.tenantCode, used + 1);
      const app = new RiderApp(riders.send, sim.v.tenantCode, riders.phones[used]!);
      const ctx = { rng: this.rng, speed: options.speed, code: riders.code, pay: riders.pay, log: opts.log, counts: this.riderCounts };
      this.riders.push(new SimRider(app, sim, ctx));
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
    for (const rider of this.riders) if (this.devices.has(rider.vehicle.v.vehicleId)) this.riding.push(rider.run());
  }

  /** How many vehicles play each role. */
  get cast(): Record<Role, number> {
    const cast: Record<Role, number> = { parked: 0, rider: 0, offline: 0, illegalMove: 0 };
    for (const sim of this.vehicles.values()) cast[sim.role]++;
    return cast;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const rider of this.riders) rider.stop();
    clearInterval(this.timer);
    await Promise.all([...this.devices.values()].map((d) => d.close().catch(() => {})));
    this.devices.clear();
    // A rider waiting on a call (an unlock waits for the box) is done once it is answered; the boxes gone, that is soon.
    await Promise.race([Promise.all(this.riding), new Promise((resolve) => setTimeout(resolve, RIDERS_STOP_MS).unref())]);
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
