// Which merchants the bench has and which cabinets they host (tables/merchants.ts): read by the stations, the accounts
// and the merchant tables alike, so each writes the same plan.
import { MerchantStatus } from '@kayuh/contract/resources/merchants';
import type { BenchCity, Context } from '../context.ts';

/** A hosting merchant takes this many of its city's cabinets, and this share of the cabinets is hosted. */
export const CABINETS_PER_MERCHANT = 2;
export const HOSTED_SHARE = 0.5;
const CLOSED_SHARE = 0.03;

export interface PlannedMerchant {
  id: number;
  city: BenchCity;
  /** Its number within the city, from 0; the hosting ones come first. */
  n: number;
  /** Hosts the city's cabinets number CABINETS_PER_MERCHANT × n + 1 … (counted from 1), or none. */
  hosts: boolean;
  status: number;
}

/** Every merchant in id order, city by city. Kept on the context: the stations and accounts read it too. */
export function merchantPlan(ctx: Context): PlannedMerchant[] {
  const cached = (ctx as Context & { merchantPlan?: PlannedMerchant[] }).merchantPlan;
  if (cached) return cached;
  const plan: PlannedMerchant[] = [];
  for (const city of ctx.cities) {
    const hosting = Math.floor((city.cabinets * HOSTED_SHARE) / CABINETS_PER_MERCHANT);
    const closed = Math.ceil(hosting * CLOSED_SHARE);
    for (let n = 0; n < hosting + closed; n++) {
      const hosts = n < hosting;
      plan.push({
        id: plan.length + 1,
        city,
        n,
        hosts,
        status: !hosts ? MerchantStatus.closed : n % 25 === 7 ? MerchantStatus.suspended : MerchantStatus.active,
      });
    }
  }
  (ctx as Context & { merchantPlan?: PlannedMerchant[] }).merchantPlan = plan;
  return plan;
}

/** The merchant hosting a city's cabinet number `n` (from 1), if one does. */
export function hostOfCabinet(ctx: Context, city: BenchCity, n: number): number | null {
  const m = merchantPlan(ctx).find((p) => p.city.cityCode === city.cityCode && p.hosts && p.n === Math.floor((n - 1) / CABINETS_PER_MERCHANT));
  return m?.id ?? null;
}
