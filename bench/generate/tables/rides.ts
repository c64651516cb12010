// Ride pricing (DOMAIN §2.5 billing_rules): every city has its standard rule in force, the one it replaced (retired)
// and a promotion drafted for next month, some for one model only. Prices vary a little by city, as operators price
// a small town below Jakarta. Every operator has the demo's passes (card_rules).
import { BillingRuleStatus, billingRuleResource } from '@kayuh/contract/resources/billingRules';
import { cardRuleResource } from '@kayuh/contract/resources/cardRules';
import { billingRules, cardRules } from '../../../server/src/db/schema.ts';
import { DEMO_PASSES, STANDARD_PRICES } from '../../../server/src/db/seed/demoBilling.ts';
import { DAY_MS, stamped, type Context } from '../context.ts';
import type { Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { userIdOf } from './staff.ts';

const madeAt = (ctx: Context, rng: Rng, daysAgo: number) => new Date(ctx.asOf.getTime() - daysAgo * DAY_MS + rng.int(0, 9 * 3600) * 1000);

export const rideTables = [
  defineTable({
    table: billingRules,
    *rows(rng, ctx) {
      let id = 0;
      for (const c of ctx.cities) {
        // Rp 800–1,500 a minute, higher in the bigger cities; the rest as the demo's standard rule.
        const unitPrice = 800 + 100 * Math.min(7, Math.round(c.weight));
        const base = {
          ...STANDARD_PRICES,
          tenantId: c.tenantId,
          cityCode: c.cityCode,
          unitPrice,
          createdBy: userIdOf(c.tenantId),
        };
        const launch = madeAt(ctx, rng, 400);
        const repriced = madeAt(ctx, rng, rng.int(60, 200));
        yield {
          ...base,
          id: ++id,
          name: `${c.name} launch`,
          unitPrice: unitPrice - 100,
          validFrom: launch,
          validTo: repriced,
          status: BillingRuleStatus.retired,
          ...stamped(launch),
        };
        yield { ...base, id: ++id, name: `${c.name} standard`, validFrom: repriced, status: BillingRuleStatus.active, ...stamped(repriced) };
        const promotion = new Date(ctx.asOf.getTime() + rng.int(5, 20) * DAY_MS);
        yield {
          ...base,
          id: ++id,
          name: `${c.name} promotion`,
          modelIds: rng.int(0, 1) ? [ctx.catalogue.get(c.tenantId)!.vehicleModelIds[0]!] : null,
          freeMinutes: 5,
          unitMinutes: 5,
          unitPrice: unitPrice * 4,
          dailyCap: 30_000,
          priority: 10,
          validFrom: promotion,
          validTo: new Date(promotion.getTime() + 30 * DAY_MS),
          status: BillingRuleStatus.draft,
          ...stamped(madeAt(ctx, rng, rng.int(1, 10))),
        };
      }
    },
    rules: [
      {
        name: 'a city without exactly one active billing rule',
        sql: `SELECT count(*) FROM cities c WHERE c.tenant_id >= 1001 AND (SELECT count(*) FROM billing_rules b
                WHERE b.tenant_id = c.tenant_id AND b.city_code = c.city_code AND b.status = ${BillingRuleStatus.active}) <> 1`,
      },
    ],
    resource: billingRuleResource,
  }),
  defineTable({
    table: cardRules,
    *rows(rng, ctx) {
      let id = 0;
      for (const t of ctx.tenants) {
        const at = stamped(madeAt(ctx, rng, rng.int(100, 400)));
        for (const pass of DEMO_PASSES) yield { ...pass, id: ++id, tenantId: t.id, createdBy: userIdOf(t.id), ...at };
      }
    },
    resource: cardRuleResource,
  }),
];
