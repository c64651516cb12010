// Partners (DOMAIN §2.2) and the batteries they bought (§2.1 battery_acquisitions): per tenant an investor in all its
// cities and a workshop contractor, per city an operating agent; per city two delivered contracts (2% of the city's
// batteries each, the batteries table makes them the buyer's), one paid and one just ordered; and the join applications
// of a year (§3.6).
import { ApplicationStatus } from '@kayuh/contract/resources/merchants';
import {
  AcquisitionStatus,
  batteryAcquisitionResource,
  joinApplicationResource,
  OWNER_TYPE_OF_KIND,
  PartnerKind,
  partnerAgencyResource,
} from '@kayuh/contract/resources/partners';
import { PartyType, profitShareConfigResource } from '@kayuh/contract/resources/profitShares';
import {
  batteryAcquisitions,
  factoryLots,
  joinApplications,
  partnerAgencies,
  productModels,
  profitShareConfigs,
} from '../../../server/src/db/schema.ts';
import { DAY_MS, daysBefore, stamped, type Context } from '../context.ts';
import type { Rng } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { firstPartnerAccountId } from './money.ts';
import { userIdOf } from './staff.ts';

const CONTACTS = ['Rina Kusuma', 'Hendra Wijaya', 'Agus Pranoto', 'Dewi Lestari', 'Made Darma', 'Yohanes Tanoto', 'Siti Rahma'];
const phone = (rng: Rng) => `+628${rng.int(11, 59)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
const madeAt = (ctx: Context, rng: Rng, days: number) => new Date(ctx.asOf.getTime() - days * DAY_MS + rng.int(8, 17) * 3_600_000);

/** Partner ids: per tenant the investor, the contractor, then an agent per city, in tenant order. */
export function partnerPlan(ctx: Context) {
  let id = 0;
  return ctx.tenants.map((t) => ({ tenant: t, investor: ++id, contractor: ++id, agents: t.cities.map((c) => ({ city: c, id: ++id })) }));
}

/**
 * The share configs: per tenant the demo's shares (merchants a fifth of a swap, investors 30% of their assets' rides
 * and swaps) and per city its agent's 15% of rides, each renewed every quarter of the year behind the dataset's end.
 * Read by the configs' table and by the shares the rides earned (tables/shareEntries.ts).
 */
export function shareConfigPlan(ctx: Context) {
  const plan: Array<{
    id: number;
    tenantId: number;
    quarter: number;
    validFrom: string;
    validTo: string | null;
    revenueType: string;
    partyType: number;
    shareBp: number;
    cityCode?: number;
  }> = [];
  for (const { tenant, agents } of partnerPlan(ctx)) {
    for (let quarter = 3; quarter >= 0; quarter--) {
      const common = {
        tenantId: tenant.id,
        quarter,
        validFrom: daysBefore(ctx, quarter * 91 + 90),
        validTo: quarter === 0 ? null : daysBefore(ctx, quarter * 91),
      };
      plan.push({ ...common, id: plan.length + 1, revenueType: 'SWAP', partyType: PartyType.merchant, shareBp: 2000 });
      plan.push({ ...common, id: plan.length + 1, revenueType: 'RIDE', partyType: PartyType.investor, shareBp: 3000 });
      plan.push({ ...common, id: plan.length + 1, revenueType: 'SWAP', partyType: PartyType.investor, shareBp: 3000 });
      for (const { city } of agents)
        plan.push({
          ...common,
          id: plan.length + 1,
          revenueType: 'RIDE',
          partyType: PartyType.partnerAgency,
          shareBp: 1500,
          cityCode: city.cityCode,
        });
    }
  }
  return plan;
}

/** A tenant's partner ids in id order (the order their payable accounts are opened in, tables/money.ts). */
export const partnerIds = (p: ReturnType<typeof partnerPlan>[number]) => [p.investor, p.contractor, ...p.agents.map((a) => a.id)];

export const partnerTables = [
  defineTable({
    table: partnerAgencies,
    *rows(rng, ctx) {
      for (const { tenant, investor, contractor, agents } of partnerPlan(ctx)) {
        const common = { tenantId: tenant.id, createdBy: userIdOf(tenant.id), ...stamped(madeAt(ctx, rng, rng.int(200, 400))) };
        yield {
          ...common,
          id: investor,
          accountId: firstPartnerAccountId(ctx) + investor - 1,
          name: `PT Investa ${tenant.brand}`,
          kind: PartnerKind.investor,
          cityCodes: tenant.cities.map((c) => c.cityCode),
          contactName: rng.pick(CONTACTS),
          phone: phone(rng),
          email: `kemitraan@investa${tenant.prefix}.example`,
          contractEndOn: daysBefore(ctx, -rng.int(400, 1200)),
        };
        yield {
          ...common,
          id: contractor,
          accountId: firstPartnerAccountId(ctx) + contractor - 1,
          name: `UD Bengkel ${tenant.brand}`,
          kind: PartnerKind.contractor,
          cityCodes: [tenant.cities[0]!.cityCode],
          contactName: rng.pick(CONTACTS),
          phone: phone(rng),
        };
        for (const { city, id } of agents) {
          yield {
            ...common,
            id,
            accountId: firstPartnerAccountId(ctx) + id - 1,
            name: `CV Mitra ${city.name} ${tenant.brand}`,
            kind: PartnerKind.operatingAgent,
            cityCodes: [city.cityCode],
            contactName: rng.pick(CONTACTS),
            phone: phone(rng),
          };
        }
      }
    },
    rules: [
      { name: 'partner without a city', sql: `SELECT count(*) FROM partner_agencies WHERE tenant_id >= 1001 AND cardinality(city_codes) = 0` },
      {
        name: 'partner without its own payable account',
        sql: `SELECT count(*) FROM partner_agencies p WHERE p.tenant_id >= 1001 AND NOT EXISTS (SELECT 1 FROM accounts a
                WHERE a.id = p.account_id AND a.tenant_id = p.tenant_id AND a.owner_type = 3 AND a.owner_id = p.id AND a.code = 'PARTNER_PAYABLE')`,
      },
    ],
    resource: partnerAgencyResource,
  }),
  defineTable({
    table: batteryAcquisitions,
    *rows(rng, ctx) {
      let id = 0;
      for (const { tenant, investor, agents } of partnerPlan(ctx)) {
        const cat = ctx.catalogue.get(tenant.id)!;
        for (const { city, id: agent } of agents) {
          const delivered: Array<{ id: number; partnerId: number; ownerType: number; quantity: number }> = [];
          ctx.acquisitions.set(city.cityCode, delivered);
          const lotId = ctx.lots.get(city.cityCode)?.battery ?? null;
          const contract = (partnerId: number, quantity: number, status: number, days: number) => {
            const unitPrice = rng.int(66, 72) * 50_000;
            return {
              id: ++id,
              tenantId: tenant.id,
              cityCode: city.cityCode,
              contractNo: `INV-${city.abbr}-${String(id).padStart(4, '0')}`,
              partnerId,
              modelId: cat.batteryModelIds[0]!,
              factoryLotId: lotId,
              quantity,
              unitPrice,
              total: quantity * unitPrice,
              currency: 'IDR',
              shareStartOn: daysBefore(ctx, days - 30),
              shareMonths: rng.pick([12, 24, 36]),
              status,
              deliveredAt: status === AcquisitionStatus.delivered ? madeAt(ctx, rng, days - 20) : null,
              createdBy: userIdOf(tenant.id),
              ...stamped(madeAt(ctx, rng, days)),
            };
          };
          for (const [partnerId, days] of [
            [investor, rng.int(90, 120)],
            [agent, rng.int(40, 80)],
          ] as const) {
            const quantity = Math.floor(city.batteries * 0.02);
            if (quantity < 1) continue;
            const row = contract(partnerId, quantity, AcquisitionStatus.delivered, days);
            delivered.push({
              id: row.id,
              partnerId,
              ownerType: OWNER_TYPE_OF_KIND[partnerId === investor ? PartnerKind.investor : PartnerKind.operatingAgent]!,
              quantity,
            });
            yield row;
          }
          yield contract(investor, Math.max(1, Math.floor(city.batteries * 0.01)), AcquisitionStatus.paid, rng.int(10, 20));
          yield contract(agent, Math.max(1, Math.floor(city.batteries * 0.01)), AcquisitionStatus.ordered, rng.int(1, 5));
        }
      }
    },
    references: [
      [batteryAcquisitions.partnerId, partnerAgencies.id],
      [batteryAcquisitions.modelId, productModels.id],
      [batteryAcquisitions.factoryLotId, factoryLots.id],
    ],
    rules: [
      {
        name: 'total other than quantity × unit price',
        sql: `SELECT count(*) FROM battery_acquisitions WHERE tenant_id >= 1001 AND total <> quantity * unit_price`,
      },
      {
        name: 'delivered contract without its batteries',
        sql: `SELECT count(*) FROM battery_acquisitions a WHERE a.tenant_id >= 1001 AND a.status = ${AcquisitionStatus.delivered}
                AND a.quantity <> (SELECT count(*) FROM batteries b WHERE b.acquisition_id = a.id AND b.owner_partner_id = a.partner_id)`,
      },
      {
        name: 'battery bought under an undelivered contract, or owned without one',
        sql: `SELECT count(*) FROM batteries b LEFT JOIN battery_acquisitions a ON a.id = b.acquisition_id
                WHERE b.tenant_id >= 1001 AND (b.owner_type <> 1) <> (a.status IS NOT DISTINCT FROM ${AcquisitionStatus.delivered})`,
      },
    ],
    resource: batteryAcquisitionResource,
  }),
  defineTable({
    table: joinApplications,
    // Per city a year of join applications, about one for every 100 vehicles (at least ten): each city's agent came
    // from an approved one; of the rest most were rejected or withdrawn, and the last few are still open.
    *rows(rng, ctx) {
      let id = 0;
      for (const { tenant, agents } of partnerPlan(ctx)) {
        for (const { city, id: agent } of agents) {
          const count = Math.max(10, Math.round(city.vehicles / 100));
          for (let k = 0; k < count; k++) {
            const approved = k === 0;
            const kind = approved ? PartnerKind.operatingAgent : rng.pick([PartnerKind.operatingAgent, PartnerKind.investor, PartnerKind.contractor]);
            const days = approved ? rng.int(300, 360) : rng.int(1, 360);
            const status = approved
              ? ApplicationStatus.approved
              : days < 10
                ? rng.pick([ApplicationStatus.submitted, ApplicationStatus.underReview])
                : rng.chance(0.7)
                  ? ApplicationStatus.rejected
                  : ApplicationStatus.withdrawn;
            const decided = status === ApplicationStatus.approved || status === ApplicationStatus.rejected;
            const investment = kind === PartnerKind.investor ? rng.int(10, 200) * 10_000_000 : null;
            yield {
              id: ++id,
              tenantId: tenant.id,
              applicationNo: `JA${String(id).padStart(10, '0')}`,
              kind,
              applicantName: rng.pick(CONTACTS),
              phone: phone(rng),
              company: rng.chance(0.6) ? `CV ${rng.pick(['Roda', 'Gowes', 'Sepeda', 'Energi'])} ${city.name} ${id}` : null,
              cityCode: city.cityCode,
              plannedVehicles: kind === PartnerKind.operatingAgent ? rng.int(10, 200) : null,
              plannedBatteries: kind === PartnerKind.investor ? rng.int(50, 1000) : null,
              plannedInvestment: investment,
              currency: investment === null ? null : 'IDR',
              status,
              reviewerId: status === ApplicationStatus.submitted ? null : userIdOf(tenant.id),
              reviewedAt: decided ? madeAt(ctx, rng, days - 3) : null,
              rejectReason: status === ApplicationStatus.rejected ? 'Wilayah sudah memiliki mitra' : null,
              partnerId: approved ? agent : null,
              ...stamped(madeAt(ctx, rng, days)),
            };
          }
        }
      }
    },
    references: [[joinApplications.partnerId, partnerAgencies.id]],
    rules: [
      {
        name: 'approved application without its partner, or a partner on an undecided one',
        sql: `SELECT count(*) FROM join_applications WHERE tenant_id >= 1001 AND (status = ${ApplicationStatus.approved}) <> (partner_id IS NOT NULL)`,
      },
    ],
    resource: joinApplicationResource,
  }),
  defineTable({
    table: profitShareConfigs,
    *rows(rng, ctx) {
      for (const { quarter, ...config } of shareConfigPlan(ctx))
        yield { ...config, createdBy: userIdOf(config.tenantId), ...stamped(madeAt(ctx, rng, quarter * 91 + 95)) };
    },
    rules: [
      {
        name: 'shares of a revenue type over the whole order',
        sql: `SELECT count(*) FROM (SELECT tenant_id, revenue_type, valid_from, coalesce(city_code, 0) AS city, sum(share_bp) AS bp
                FROM profit_share_configs WHERE tenant_id >= 1001 AND status = 0 GROUP BY 1, 2, 3, 4) s WHERE s.bp > 10000`,
      },
    ],
    resource: profitShareConfigResource,
  }),
];
