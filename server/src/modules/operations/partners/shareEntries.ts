import { MerchantStatus } from '@kayuh/contract/resources/merchants';
import { PartnerKind } from '@kayuh/contract/resources/partners';
import { PartyType } from '@kayuh/contract/resources/profitShares';
import { TECHNICIAN_PARTY } from '@kayuh/contract/resources/settlements';
import { ShareBasis, shareEntryResource, shareOf, ShareEntryStatus, ShareSource } from '@kayuh/contract/resources/shareEntries';
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cities, merchants, partnerAgencies, profitShareEntries } from '../../../db/schema.ts';
import { bindResource } from '../../../platform/resources/binding.ts';
import { rowsOf } from '../../../platform/rows.ts';

/** A paid order as its shares read it (DOMAIN §4.4 "Profit sharing"). */
export interface RevenueOrder {
  tenantId: number;
  cityCode: number;
  sourceType: (typeof ShareSource)['ride' | 'swap' | 'card' | 'rental'];
  sourceId: number;
  orderNo: string;
  /** SHARED_REVENUE_TYPES: RIDE, SWAP, RENTAL, CARD. */
  revenueType: string;
  paidAt: Date;
  /** The revenue it recognised (its REV_* credit): the gross basis. */
  gross: number;
  /** The payment channel's fee on it, when a channel paid it rather than the member's balances (basis 3 deducts it). */
  channelFee: number;
  currency: string;
  /** The merchant hosting its site (a swap's cabinet, the station a ride ended at), if any. */
  hostMerchantId: number | null;
  /** The investor owning the asset that earned it (the ride's vehicle, the pack a swap handed out), if any. */
  investorId: number | null;
}

interface Config {
  id: number;
  partyType: number;
  partyId: number | null;
  shareBp: number;
  basis: number;
  priority: number;
}

/** The business day (DOMAIN §0.4) an instant falls on in a city: the day a share is earned or taken back on. */
export async function cityDateOf(tx: Db, cityCode: number, at: Date): Promise<string> {
  const [city] = await tx
    .select({ timeZone: cities.timeZone })
    .from(cities)
    .where(and(eq(cities.cityCode, cityCode), isNull(cities.deletedAt)));
  return businessDateOf(at, Number(city?.timeZone ?? 7));
}

/** The configs of a revenue type that hold in a city on a day (its own and every city's). */
async function configsOn(tx: Db, order: RevenueOrder, day: string): Promise<Config[]> {
  const rows = rowsOf<{ id: string; party_type: number; party_id: string | null; share_bp: number; basis: number; priority: number }>(
    await tx.execute(sql`
      SELECT id, party_type, party_id, share_bp, basis, priority FROM profit_share_configs
       WHERE tenant_id = ${order.tenantId} AND revenue_type = ${order.revenueType} AND status = 0 AND deleted_at IS NULL
         AND (city_code IS NULL OR city_code = ${order.cityCode})
         AND valid_from <= ${day}::date AND (valid_to IS NULL OR valid_to >= ${day}::date)`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    partyType: Number(r.party_type),
    partyId: r.party_id === null ? null : Number(r.party_id),
    shareBp: Number(r.share_bp),
    basis: Number(r.basis),
    priority: Number(r.priority),
  }));
}

/** The active partners of a kind working in a city, oldest first: the first is the city's default agent. */
async function partnersIn(tx: Db, order: RevenueOrder, kind: number): Promise<number[]> {
  const rows = await tx
    .select({ id: partnerAgencies.id })
    .from(partnerAgencies)
    .where(
      and(
        eq(partnerAgencies.tenantId, order.tenantId),
        eq(partnerAgencies.kind, kind),
        eq(partnerAgencies.status, 0),
        isNull(partnerAgencies.deletedAt),
        sql`${order.cityCode} = ANY(${partnerAgencies.cityCodes})`,
      ),
    )
    .orderBy(partnerAgencies.id);
  return rows.map((r) => r.id);
}

async function activeHost(tx: Db, order: RevenueOrder): Promise<number | null> {
  if (order.hostMerchantId === null) return null;
  const [m] = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, order.hostMerchantId), eq(merchants.status, MerchantStatus.active), isNull(merchants.deletedAt)));
  return m?.id ?? null;
}

/**
 * Who a config pays for this order, or null: a merchant config the hosting merchant; an agent config its named agent
 * while it works in the city, or by default the city's first agent; an investor config the asset's owner, when it is
 * the default or names that owner (investors share only what their own assets earn).
 */
function payeeOf(c: Config, parties: { host: number | null; agents: number[]; investor: number | null }): number | null {
  if (c.partyType === PartyType.merchant) return parties.host;
  if (c.partyType === PartyType.partnerAgency)
    return c.partyId === null ? (parties.agents[0] ?? null) : parties.agents.includes(c.partyId) ? c.partyId : null;
  if (c.partyType === PartyType.investor) return c.partyId === null || c.partyId === parties.investor ? parties.investor : null;
  return null;
}

/** Of a party type's configs that pay someone, the one that applies: the highest priority, then a named partner's. */
const applies = (a: Config, b: Config) => b.priority - a.priority || Number(b.partyId !== null) - Number(a.partyId !== null) || b.id - a.id;

/**
 * The shares a paid order earns (DOMAIN §4.4 "Profit sharing", docs/profit-sharing.md), written in the payment's
 * transaction: for each party type, the config that applies on the order's business day in its city pays its party
 * round_half_up(base × share_bp / 10000), the base by the config's basis — at payment nothing is refunded yet, so
 * gross and net of refunds agree, and net of the channel's fee deducts a channel's. One entry per order and party (a
 * repeat writes nothing). Answers the entries written.
 */
export async function shareRevenue(tx: Db, order: RevenueOrder): Promise<Array<typeof profitShareEntries.$inferSelect>> {
  if (order.gross <= 0) return [];
  const day = await cityDateOf(tx, order.cityCode, order.paidAt);
  const configs = await configsOn(tx, order, day);
  if (!configs.length) return [];
  const needs = new Set(configs.map((c) => c.partyType));
  const parties = {
    host: needs.has(PartyType.merchant) ? await activeHost(tx, order) : null,
    agents: needs.has(PartyType.partnerAgency) ? await partnersIn(tx, order, PartnerKind.operatingAgent) : [],
    investor:
      needs.has(PartyType.investor) && order.investorId !== null && (await partnersIn(tx, order, PartnerKind.investor)).includes(order.investorId)
        ? order.investorId
        : null,
  };
  const rows: Array<typeof profitShareEntries.$inferInsert> = [];
  for (const partyType of needs) {
    const [config] = configs.filter((c) => c.partyType === partyType && payeeOf(c, parties) !== null).sort(applies);
    if (!config) continue;
    const base = config.basis === ShareBasis.netOfRefundsAndFee ? order.gross - order.channelFee : order.gross;
    const share = shareOf(base, config.shareBp);
    if (share <= 0) continue;
    rows.push({
      tenantId: order.tenantId,
      cityCode: order.cityCode,
      sourceType: order.sourceType,
      sourceId: order.sourceId,
      orderNo: order.orderNo,
      revenueType: order.revenueType,
      revenueDate: day,
      base,
      shareBp: config.shareBp,
      share,
      currency: order.currency,
      partyType,
      partyId: payeeOf(config, parties)!,
      configId: config.id,
      basis: config.basis,
      status: ShareEntryStatus.accrued,
      createdAt: order.paidAt,
      updatedAt: order.paidAt,
    });
  }
  if (!rows.length) return [];
  return tx.insert(profitShareEntries).values(rows).onConflictDoNothing().returning();
}

/**
 * A refund of a shared order arrived (DOMAIN §4.4 point 3): each of its shares on a net basis gives back the refund's
 * part — a negative entry of −round_half_up(refund × share_bp / 10000), never more than the share still holds —
 * status 2, on the refund's business day, netted off in the party's next settlement. A gross share stays whole.
 * One per refund and party (a repeat writes nothing).
 */
export async function reverseShares(
  tx: Db,
  refund: { id: number; tenantId: number; amount: number; at: Date },
  source: { sourceType: string; sourceId: number },
): Promise<number> {
  const shares = await tx
    .select()
    .from(profitShareEntries)
    .where(
      and(
        eq(profitShareEntries.tenantId, refund.tenantId),
        eq(profitShareEntries.sourceType, source.sourceType),
        eq(profitShareEntries.sourceId, source.sourceId),
      ),
    );
  const net = shares.filter((s) => s.basis !== ShareBasis.gross);
  if (!net.length) return 0;
  const day = await cityDateOf(tx, net[0]!.cityCode, refund.at);
  let written = 0;
  for (const s of net) {
    const [taken] = rowsOf<{ back: string | null }>(
      await tx.execute(sql`
        SELECT coalesce(sum(share), 0) AS back FROM profit_share_entries
         WHERE tenant_id = ${refund.tenantId} AND order_no = ${s.orderNo} AND source_type = ${ShareSource.refund}
           AND party_type = ${s.partyType} AND party_id = ${s.partyId}`),
    );
    const back = Math.min(shareOf(refund.amount, s.shareBp), s.share + Number(taken?.back ?? 0));
    if (back <= 0) continue;
    const inserted = await tx
      .insert(profitShareEntries)
      .values({
        tenantId: s.tenantId,
        cityCode: s.cityCode,
        sourceType: ShareSource.refund,
        sourceId: refund.id,
        orderNo: s.orderNo,
        revenueType: s.revenueType,
        revenueDate: day,
        base: -refund.amount,
        shareBp: s.shareBp,
        share: -back,
        currency: s.currency,
        partyType: s.partyType,
        partyId: s.partyId,
        configId: s.configId,
        basis: s.basis,
        status: ShareEntryStatus.reversed,
        createdAt: refund.at,
        updatedAt: refund.at,
      })
      .onConflictDoNothing()
      .returning({ id: profitShareEntries.id });
    written += inserted.length;
  }
  return written;
}

/** The name of a row's party (its party_type and party_id), read by primary key: a merchant's, a partner's, a technician's. */
export const partyNameOf = (table: 'profit_share_entries' | 'settlements') =>
  sql<string>`CASE ${sql.raw(table)}.party_type
    WHEN ${PartyType.merchant} THEN (SELECT m.name FROM merchants m WHERE m.id = ${sql.raw(table)}.party_id)
    WHEN ${TECHNICIAN_PARTY} THEN (SELECT u.nick_name FROM users u WHERE u.id = ${sql.raw(table)}.party_id)
    ELSE (SELECT p.name FROM partner_agencies p WHERE p.id = ${sql.raw(table)}.party_id) END`;

/**
 * Revenue orders' shares in the console (/operations/revenue_order_list): the party's name read beside each row by
 * primary key — a merchant's or a partner's, by the party type.
 */
export const shareEntryBinding = bindResource(shareEntryResource, profitShareEntries, {
  computed: {
    partyName: partyNameOf('profit_share_entries'),
  },
});
