// The shares the rides earned (DOMAIN §2.7 profit_share_entries, §4.4): each city's agent takes 15% of every paid
// ride's fare within its quarter's config (tables/partners.ts), on the ride's local business day, as the server's
// payment writes it — one entry per ride with something paid. The rides are drawn again from their own seed
// (tables/rideOrders.ts), so each entry matches its ride. Vehicles are the operator's own in the bench, so no
// investor shares a ride; swaps' shares are left to the swaps' issue of the bench. The configs' basis is gross: a
// refunded ride keeps its share. The accrual has not run over the generated history (share_accruals is empty and the
// partners' payables are at zero); its first run on the loaded database posts the last ACCRUAL_LOOKBACK_DAYS.
// Settlements (DOMAIN §3.9): every agent's month before the dataset's is settled — paid, but last month's, which is
// confirmed and waits for finance — with its lines by day; the shares carry their settlement (settled once paid).
import { PartyType } from '@kayuh/contract/resources/profitShares';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { shareEntryResource, ShareBasis, shareOf, ShareEntryStatus } from '@kayuh/contract/resources/shareEntries';
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { PayoutState, SettlementStatus, settlementResource, settlementShareLineResource } from '@kayuh/contract/resources/settlements';
import {
  partnerAgencies,
  profitShareConfigs,
  profitShareEntries,
  rideOrders,
  settlements,
  settlementShareLines,
} from '../../../server/src/db/schema.ts';
import { daysBefore, stamped, type Context } from '../context.ts';
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

/** One agent's month: its settlement's totals and its days, gathered as the shares are written. */
interface AgentMonth {
  id: number;
  tenantId: number;
  partyId: number;
  month: string;
  gross: number;
  share: number;
  days: Map<string, { orders: number; base: number; share: number }>;
}
/** The agents' months, by settlement id, per context: the shares' table fills them, the settlements' reads them. */
const MONTHS = new WeakMap<Context, Map<number, AgentMonth>>();

/**
 * The settlement a share of `day` belongs to: its agent's month, for the months before the dataset's own. Ids by month
 * (counted from the history's first) and agent, so each is known when its first share is written.
 */
function settlementOf(ctx: Context, agentIndex: number, agentCount: number, day: string) {
  const month = day.slice(0, 7);
  if (month >= daysBefore(ctx, 0).slice(0, 7)) return null;
  const [y0, m0] = daysBefore(ctx, 400).slice(0, 7).split('-').map(Number);
  const [y, m] = month.split('-').map(Number);
  const index = (y! - y0!) * 12 + (m! - m0!);
  return { id: index * agentCount + agentIndex + 1, month, last: month === lastMonth(ctx) };
}
const lastMonth = (ctx: Context) => {
  const [y, m] = daysBefore(ctx, 0).slice(0, 7).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 2, 1)).toISOString().slice(0, 7);
};
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
};

export const shareEntryTables = [
  defineTable({
    table: profitShareEntries,
    *rows(_rng, ctx) {
      const { agents, configs } = agentsByCity(ctx);
      const tz = new Map(ctx.cities.map((c) => [c.cityCode, c.tz]));
      const agentIds = [...new Set(agents.values())].sort((a, b) => a - b);
      const months = new Map<number, AgentMonth>();
      MONTHS.set(ctx, months);
      let id = 0;
      for (const ride of rideRows(rngFor(ctx.seed, 'ride_orders'), ctx)) {
        if (!ride.paid || ride.status === RideStatus.abnormal) continue;
        const day = businessDateOf(ride.endAt!, tz.get(ride.cityCode)!);
        const config = configs.get(ride.cityCode)?.find((c) => c.validFrom <= day && (c.validTo === null || day <= c.validTo));
        if (!config) continue;
        const partyId = agents.get(ride.cityCode)!;
        const share = shareOf(ride.paid, config.shareBp);
        const settled = settlementOf(ctx, agentIds.indexOf(partyId), agentIds.length, day);
        if (settled) {
          const m = months.get(settled.id) ?? {
            id: settled.id,
            tenantId: ride.tenantId,
            partyId,
            month: settled.month,
            gross: 0,
            share: 0,
            days: new Map(),
          };
          const d = m.days.get(day) ?? { orders: 0, base: 0, share: 0 };
          d.orders++;
          d.base += ride.paid;
          d.share += share;
          m.days.set(day, d);
          m.gross += ride.paid;
          m.share += share;
          months.set(settled.id, m);
        }
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
          share,
          currency: ride.currency,
          partyType: PartyType.partnerAgency,
          partyId,
          configId: config.id,
          basis: ShareBasis.gross,
          status: settled && !settled.last ? ShareEntryStatus.settled : ShareEntryStatus.accrued,
          settlementId: settled?.id ?? null,
          createdAt: ride.endAt!,
          updatedAt: ride.endAt!,
        };
      }
    },
    references: [
      [profitShareEntries.sourceId, rideOrders.id],
      [profitShareEntries.partyId, partnerAgencies.id],
      [profitShareEntries.configId, profitShareConfigs.id],
      [profitShareEntries.settlementId, settlements.id],
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
  defineTable({
    table: settlements,
    *rows(_rng, ctx) {
      const months = [...(MONTHS.get(ctx)?.values() ?? [])].sort((a, b) => a.id - b.id);
      for (const m of months) {
        const last = m.month === lastMonth(ctx);
        const closed = new Date(`${monthEnd(m.month)}T20:00:00Z`);
        const made = new Date(closed.getTime() + 3 * 86_400_000);
        yield {
          id: m.id,
          tenantId: m.tenantId,
          settlementNo: `ST${m.month.replace('-', '')}${String(m.id).padStart(6, '0')}`,
          partyType: PartyType.partnerAgency,
          partyId: m.partyId,
          periodStart: `${m.month}-01`,
          periodEnd: monthEnd(m.month),
          gross: m.gross,
          share: m.share,
          deductions: 0,
          payable: m.share,
          currency: 'IDR',
          status: last ? SettlementStatus.confirmed : SettlementStatus.paid,
          paidAt: last ? null : new Date(made.getTime() + 5 * 86_400_000),
          bankRef: last ? null : `BCA-${String(m.id).padStart(8, '0')}`,
          // Paid months were sent, and the bank confirmed the transfer the day after.
          payoutState: last ? PayoutState.none : PayoutState.confirmed,
          bankConfirmedAt: last ? null : new Date(made.getTime() + 6 * 86_400_000),
          ...stamped(made),
        };
      }
    },
    references: [[settlements.partyId, partnerAgencies.id]],
    rules: [
      {
        name: 'a settlement that is not the sum of its shares, or of its lines',
        sql: `SELECT count(*) FROM settlements s WHERE s.tenant_id >= 1001 AND (
                s.payable <> (SELECT coalesce(sum(e.share), 0) FROM profit_share_entries e WHERE e.settlement_id = s.id)
                OR s.payable <> (SELECT coalesce(sum(l.share), 0) FROM settlement_share_lines l WHERE l.settlement_id = s.id))`,
      },
    ],
    resource: settlementResource,
  }),
  defineTable({
    table: settlementShareLines,
    *rows(_rng, ctx) {
      const months = [...(MONTHS.get(ctx)?.values() ?? [])].sort((a, b) => a.id - b.id);
      let id = 0;
      for (const m of months)
        for (const [day, d] of [...m.days].sort(([a], [b]) => a.localeCompare(b)))
          yield {
            id: ++id,
            tenantId: m.tenantId,
            settlementId: m.id,
            revenueType: 'RIDE',
            statDate: day,
            ...d,
            currency: 'IDR',
            createdAt: new Date(`${monthEnd(m.month)}T20:00:00Z`),
          };
    },
    references: [[settlementShareLines.settlementId, settlements.id]],
    resource: settlementShareLineResource,
  }),
];
