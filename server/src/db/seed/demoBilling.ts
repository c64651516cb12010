import { BillingRuleStatus } from '@kayuh/contract/resources/billingRules';
import { CardKind, CardRuleStatus } from '@kayuh/contract/resources/cardRules';
import type { Db } from '../client.ts';
import { billingRules, cardRules } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';

/**
 * A city's standard ride prices (DOMAIN §9.3): Rp 2,000 to unlock, Rp 500 a minute, Rp 200 a paused minute, at most
 * Rp 60,000 a day; Rp 25,000 to end outside the service area, Rp 15,000 in a no-parking zone. The bench dataset prices
 * from them.
 */
export const STANDARD_PRICES = {
  currency: 'IDR',
  unlockFee: 2_000,
  freeMinutes: 0,
  unitMinutes: 1,
  unitPrice: 500,
  pauseUnitPrice: 200,
  dailyCap: 60_000,
  outOfAreaFee: 25_000,
  noParkingFee: 15_000,
  reserveFreeMinutes: 10,
  reserveUnitPrice: 200,
  minBalanceToUnlock: 5_000,
  maxRideMinutes: 720,
};
/** Denpasar's dearer ride (DOMAIN §9.3): Rp 3,000 to unlock, Rp 750 a minute. */
const DENPASAR = 3001;
const DENPASAR_PRICES = { unlockFee: 3_000, unitPrice: 750 };

/**
 * Each demo city's ride pricing: its standard rule in force since the start of 2026 and, in the operator's first city,
 * a December promotion still in draft for staff to publish.
 */
export async function seedDemoBilling(db: Db, tenant: DemoTenant) {
  const standard = { ...STANDARD_PRICES, tenantId: tenant.id, validFrom: new Date('2026-01-01T00:00:00+07:00') };
  const first = tenant.cities[0]!;
  await db.insert(billingRules).values([
    ...tenant.cities.map((c) => ({
      ...standard,
      ...(c.code === DENPASAR ? DENPASAR_PRICES : {}),
      cityCode: c.code,
      name: `${c.name} standard`,
      status: BillingRuleStatus.active,
    })),
    {
      ...standard,
      cityCode: first.code,
      name: `${first.name} December promotion`,
      freeMinutes: 5,
      unitMinutes: 5,
      unitPrice: 4_000,
      dailyCap: 30_000,
      priority: 10,
      validFrom: new Date('2026-12-05T00:00:00+07:00'),
      validTo: new Date('2027-01-04T00:00:00+07:00'),
      status: BillingRuleStatus.draft,
    },
  ]);
}

const ridePass = { kind: CardKind.ridePass, currency: 'IDR', status: CardRuleStatus.onSale };

/**
 * An operator's passes (DOMAIN §2.7; ours, as §9.4 names none): day, week and month ride passes and a monthly swap
 * plan on sale in every city, and a student pass still in draft. The bench dataset gives each operator these too.
 */
export const DEMO_PASSES = [
  { ...ridePass, nameKey: 'Pass 1 hari', price: 15_000, validDays: 1, perRideFreeMinutes: 45, dailyFreeMinutes: 90 },
  { ...ridePass, nameKey: 'Pass 7 hari', price: 49_000, validDays: 7, perRideFreeMinutes: 30, dailyFreeMinutes: 60 },
  { ...ridePass, nameKey: 'Pass 30 hari', price: 149_000, validDays: 30, perRideFreeMinutes: 30, dailyFreeMinutes: 60 },
  { ...ridePass, kind: CardKind.swapPlan, nameKey: 'Paket tukar baterai 30 hari', price: 199_000, validDays: 30, swapQuota: 30 },
  {
    ...ridePass,
    nameKey: 'Pass pelajar 30 hari',
    price: 99_000,
    validDays: 30,
    perRideFreeMinutes: 20,
    dailyFreeMinutes: 40,
    rideQuota: 60,
    purchaseLimit: 1,
    status: CardRuleStatus.draft,
  },
];

export async function seedDemoCards(db: Db, tenant: DemoTenant) {
  await db.insert(cardRules).values(DEMO_PASSES.map((p) => ({ ...p, tenantId: tenant.id })));
}
