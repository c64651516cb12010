import { Code } from '@kayuh/contract/codes';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { PaymentStatus } from '@kayuh/contract/api/wallet';
import type { Rng } from '../db/seed/demoFleetMap.ts';
import type { SimLog } from './fleet.ts';
import type { RiderApp } from './riderApp.ts';
import { EMPTY_SOC, type SimVehicle } from './simVehicle.ts';

/** A rider's rides and the stops between them, in simulated minutes. */
const RIDE_MIN = { min: 8, max: 25 };
const STOP_MIN = { min: 2, max: 8 };
/** A refused end: ride on this long (simulated minutes) and try again; after this many refusals, end there anyway. */
const RIDE_ON_MIN = { min: 1, max: 3 };
const REFUSALS_BEFORE_FORCE = 3;
/** The rider tops up this much (the currency's smallest unit) when the balance falls under `LOW_FUNDS`, through QRIS. */
export const TOP_UP = 50_000;
const LOW_FUNDS = 20_000;
const TOP_UP_CHANNEL = 'QRIS';
/** The share of rides paid by QRIS after they end (docs/rides.md "Pay after the ride"), the rest from the balances. */
const PAY_LATER = 0.2;
/** Tries of a call the vehicle did not answer (2009) before the rider gives up for this time. */
const TRIES = 3;

/** Plays the payer at a demo channel's sandbox, as the rider's banking app pays a QRIS code. */
export type Payer = (tenantCode: string, payNo: string) => Promise<void>;

/** What the simulated riders did, over the run. */
export interface RiderCounts {
  signedIn: number;
  rides: number;
  paid: number;
  /** Of the paid, those paid by QRIS after the ride. */
  paidByQris: number;
  abnormal: number;
  refusedEnds: number;
  topUps: number;
  unanswered: number;
  retired: number;
}

export const emptyRiderCounts = (): RiderCounts => ({
  signedIn: 0,
  rides: 0,
  paid: 0,
  paidByQris: 0,
  abnormal: 0,
  refusedEnds: 0,
  topUps: 0,
  unanswered: 0,
  retired: 0,
});

/**
 * A rider and their vehicle, through the rider app's API as a person would use it (docs/simulator.md): signs in with a
 * test number, tops the wallet up through QRIS when it runs low, unlocks the vehicle by its number, rides for a while
 * (the vehicle's box reports the track), ends the ride — riding on a little when the end is refused (no-parking zone,
 * outside the service area, not at a station) and ending there anyway, with the fee, after a few refusals — pays it
 * from the balances or, one ride in five, by QRIS after it ended, and sometimes rates it; then a stop, and the next ride. Fares, postings and tracks are the server's own.
 */
export class SimRider {
  private stopped = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly app: RiderApp,
    readonly vehicle: SimVehicle,
    private readonly ctx: { rng: Rng; speed: number; code: string; pay: Payer; log: SimLog; counts: RiderCounts },
  ) {}

  stop() {
    this.stopped = true;
    this.wake?.();
  }

  /** Rides until stopped, or until it cannot go on (not signed in, the vehicle no longer available). */
  async run(): Promise<void> {
    const { counts, log } = this.ctx;
    try {
      const signedIn = await this.app.signIn(this.ctx.code);
      if (signedIn.code !== Code.ok) {
        log.warn({ phone: this.app.phone, code: signedIn.code, msg: signedIn.msg }, 'a simulated rider could not sign in');
        return;
      }
      counts.signedIn++;
      await this.pause(this.ctx.rng.int(0, 30_000));
      while (!this.stopped) {
        if (!(await this.ride())) {
          counts.retired++;
          return;
        }
        await this.pause(this.minutes(STOP_MIN));
      }
    } catch (err) {
      if (!this.stopped) log.warn({ phone: this.app.phone, err: (err as Error).message }, 'a simulated rider stopped');
    }
  }

  /** One ride from the unlock to the rating; false when the rider cannot ride this vehicle any more. */
  private async ride(): Promise<boolean> {
    const { counts, rng } = this.ctx;
    if (!(await this.fund())) return false;
    const vehicleNo = this.vehicle.v.vehicleNo;
    let unlocked = await this.app.unlock(vehicleNo);
    for (let tries = 1; unlocked.code === Code.deviceTimeout && tries < TRIES && !this.stopped; tries++) {
      counts.unanswered++;
      await this.pause(10_000);
      unlocked = await this.app.unlock(vehicleNo);
    }
    if (unlocked.code === Code.deviceTimeout) {
      counts.unanswered++;
      return true;
    }
    // Not available any more (its battery low after the last ride, a ticket, a reservation), or the money ran out.
    if (unlocked.code !== Code.ok || this.stopped) return false;
    counts.rides++;
    this.vehicle.mount(Date.now());
    await this.onTheRoad(this.minutes(RIDE_MIN));
    const payWith = rng.chance(PAY_LATER) ? 'qris' : 'balance';
    for (let refusals = 0, unanswered = 0; !this.stopped;) {
      const ended = await this.app.end(refusals >= REFUSALS_BEFORE_FORCE, payWith);
      if (ended.code === Code.ok) {
        let ride = ended.data as { orderNo: string; status: number };
        if (ride.status === RideStatus.ended) ride = await this.payLater(ride);
        if (ride.status === RideStatus.abnormal) counts.abnormal++;
        else if (ride.status === RideStatus.paid) counts.paid++;
        if (ride.status === RideStatus.paid && rng.chance(0.4)) await this.app.rate(ride.orderNo, rng.int(3, 5));
        return true;
      }
      if (ended.code === Code.deviceTimeout && ++unanswered < TRIES) {
        counts.unanswered++;
        await this.pause(10_000);
      } else if (ended.code === Code.transitionNotAllowed && (ended.data as { refusal?: string } | null)?.refusal) {
        counts.refusedEnds++;
        refusals++;
        await this.onTheRoad(this.minutes(RIDE_ON_MIN));
      } else {
        // The ride was ended from elsewhere (customer service, the overdue task), or the lock never answers.
        this.ctx.log.warn({ phone: this.app.phone, vehicleNo, code: ended.code, msg: ended.msg }, 'a simulated ride could not end');
        return ended.code !== Code.deviceTimeout;
      }
    }
    return true;
  }

  /** Pays an ended ride by QRIS at the sandbox, and follows it until it is paid; answers the ride as it then is. */
  private async payLater(ride: { orderNo: string; status: number }): Promise<{ orderNo: string; status: number }> {
    const asked = await this.app.payByQris(ride.orderNo);
    if (asked.code !== Code.ok) return ride;
    await this.ctx.pay(this.app.tenantCode, asked.data.payment.payNo);
    for (let i = 0; i < 20 && !this.stopped; i++) {
      const seen = await this.app.ride(ride.orderNo);
      if (seen.code === Code.ok && seen.data.status === RideStatus.paid) {
        this.ctx.counts.paidByQris++;
        return seen.data;
      }
      await this.realPause(250);
    }
    return ride;
  }

  /** Tops the wallet up when it is low or in debt: a QRIS top-up, paid at the sandbox, followed until it is paid. */
  private async fund(): Promise<boolean> {
    const balance = await this.app.wallet();
    if (balance.code !== Code.ok) return false;
    const { wallet, bonus, debt } = balance.data;
    if (debt === 0 && wallet + bonus >= LOW_FUNDS) return true;
    const order = await this.app.topUp(TOP_UP + debt, TOP_UP_CHANNEL);
    if (order.code !== Code.ok) {
      this.ctx.log.warn({ phone: this.app.phone, code: order.code, msg: order.msg }, 'a simulated top-up was refused');
      return false;
    }
    await this.ctx.pay(this.app.tenantCode, order.data.payNo);
    for (let i = 0; i < 20 && !this.stopped; i++) {
      const seen = await this.app.topUpOrder(order.data.payNo);
      if (seen.code === Code.ok && seen.data.status === PaymentStatus.paid) {
        this.ctx.counts.topUps++;
        return true;
      }
      await this.realPause(250);
    }
    return false;
  }

  /** Rides for `simMs`, or until the battery is empty. */
  private async onTheRoad(simMs: number) {
    const until = Date.now() + simMs / this.ctx.speed;
    while (!this.stopped && Date.now() < until && this.vehicle.charge > EMPTY_SOC) await this.realPause(Math.min(1_000, until - Date.now()));
  }

  private minutes(range: { min: number; max: number }) {
    return this.ctx.rng.int(range.min, range.max) * 60_000;
  }

  /** Waits `simMs` of simulated time. */
  private pause(simMs: number) {
    return this.realPause(simMs / this.ctx.speed);
  }

  private realPause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
