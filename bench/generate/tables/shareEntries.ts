// The shares the rides earned (DOMAIN §2.7 profit_share_entries, §4.4): each city's agent takes 15% of every paid
// ride's fare within its quarter's config (tables/partners.ts), on the ride's local business day, as the server's
// payment writes it — one entry per ride with something paid. The rides are drawn again from their own seed
// (tables/rideOrders.ts), so each entry matches its ride. Vehicles are the operator's own in the bench, so no
// investor shares a ride; swaps' shares are left to the swaps' issue of the bench. The configs' basis is gross: a
// refunded ride keeps its share. The accrual has not run over the generated history (share_accruals is empty and the
// partners' payables are at zero); its first run on the loaded database posts the last ACCRUAL_LOOKBACK_DAYS.
import { PartyType } from '@kayuh/contract/resources/profitShares';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { shareEntryResource, ShareBasis, shareOf, ShareEntryStatus } from '@kayuh/contract/resources/shareEntries';
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { partnerAgencies, profitShareConfigs, profitShareEntries, rideOrders } from '../../../server/src/db/schema.ts';
import type { Context } from '../context.ts';
import { rngFor } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { partnerPlan, shareConfigPlan } from './partners.ts';
import { rideRows } from './rideOrders.ts';

/** Each city's agent and its RIDE configs (newest first), by city code. */
function agentsByCity(ctx: Context) {
  const agents = new Map<number, number>();
  for (const p of partnerPlan(ctx)) for (const a of p.agents) agents.set(a.city.cityCode, a.id);
  const configs = new Map<number, Array<{ id: number; validFrom: string; validTo: string | null; shareBp: number }>>();
  for (const c of shareConfigPlan(ctx))
    if (c.revenueType === 'RIDE' && c.partyType === PartyType.partnerAgency && c.cityCode !== undefined)
      configs.set(c.cityCode, [...(configs.get(c.cityCode) ?? []), c]);
  return { agents, configs };
}

export const shareEntryTables = [
  defineTable({
    table: profitShareEntries,
    *rows(_rng, ctx) {
      const { agents, configs } = agentsByCity(ctx);
      const tz = new Map(ctx.cities.map((c) => [c.cityCode, c.tz]));
      let id = 0;
      for (const ride of rideRows(rngFor(ctx.seed, 'ride_orders'), ctx)) {
        if (!ride.paid || ride.status === RideStatus.abnormal) continue;
        const day = businessDateOf(ride.endAt!, tz.get(ride.cityCode)!);
        const config = configs.get(ride.cityCode)?.find((c) => c.validFrom <= day && (c.validTo === null || day <= c.validTo));
        if (!config) continue;
        yield {
          id: ++id,
          tenantId: ride.tenantId,
          cityCode: ride.cityCode,
          sourceType: 'ride',
          sourceId: ride.id!,
          orderNo: ride.orderNo,
          revenueType: 'RIDE',
          revenueDate: day,
          base: ride.paid,
          shareBp: config.shareBp,
          share: shareOf(ride.paid, config.shareBp),
          currency: ride.currency,
          partyType: PartyType.partnerAgency,
          partyId: agents.get(ride.cityCode)!,
          configId: config.id,
          basis: ShareBasis.gross,
          status: ShareEntryStatus.accrued,
          createdAt: ride.endAt!,
          updatedAt: ride.endAt!,
        };
      }
    },
    references: [
      [profitShareEntries.sourceId, rideOrders.id],
      [profitShareEntries.partyId, partnerAgencies.id],
      [profitShareEntries.configId, profitShareConfigs.id],
    ],
    rules: [
      {
        name: "a share that is not its ride's fare at its config's rate, half up",
        sql: `SELECT count(*) FROM profit_share_entries e JOIN ride_orders r ON r.id = e.source_id JOIN profit_share_configs c ON c.id = e.config_id
               WHERE e.tenant_id >= 1001 AND (e.base <> r.paid OR e.share_bp <> c.share_bp OR e.share <> (e.base * e.share_bp * 2 + 10000) / 20000
                  OR e.city_code <> r.city_code OR c.city_code <> r.city_code)`,
      },
    ],
    resource: shareEntryResource,
  }),
];
