import { Code } from '@kayuh/contract/codes';
import { OpState } from '@kayuh/contract/resources/fleet';
import { OwnerType } from '@kayuh/contract/resources/partners';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  accounts,
  cardRules,
  ledgerTransactions,
  members,
  partnerAgencies,
  profitShareConfigs,
  profitShareEntries,
  rideOrders,
  vehicles,
} from '../src/db/schema.ts';
import { accrueShares } from '../src/modules/operations/partners/shareAccrual.ts';
import { payRide, priceRide } from '../src/modules/operations/rides/finish.ts';
import { ruleFor } from '../src/modules/operations/rides/lifecycle.ts';
import { nextBusinessNo } from '../src/platform/businessNo.ts';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * Profit sharing at work (DOMAIN §4.4; docs/profit-sharing.md): a paid ride writes its shares by the configs that
 * apply, a refund takes back the net-basis shares, and the daily accrual posts each party's finished day once —
 * however many runs ask at once — to its payable account.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const { rider } = useRiders(t, '+62800007');
const JAKARTA = 2001;
const DAY_MS = 86_400_000;
let admin: Record<string, string>;
let agent: typeof partnerAgencies.$inferSelect;
let investor: typeof partnerAgencies.$inferSelect;

const partner = async (name: string) => (await db().select().from(partnerAgencies).where(eq(partnerAgencies.name, name)))[0]!;
const sharesOf = (orderNo: string) =>
  db().select().from(profitShareEntries).where(eq(profitShareEntries.orderNo, orderNo)).orderBy(profitShareEntries.id);
const balanceOf = async (accountId: number) => (await db().select({ b: accounts.balance }).from(accounts).where(eq(accounts.id, accountId)))[0]!.b;

/** A Jakarta ride of `minutes` on an investor's bike, ended `ago` ms before now and paid from the wallet as a ride's end pays it. */
async function paidRide(minutes: number, ago = 60_000) {
  const [vehicle] = await db()
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, 2), eq(vehicles.cityCode, JAKARTA), eq(vehicles.opState, OpState.available), isNull(vehicles.deletedAt)))
    .limit(1);
  await db().update(vehicles).set({ ownerType: OwnerType.investor, ownerPartnerId: investor.id }).where(eq(vehicles.id, vehicle!.id));
  const [member] = await db().select({ id: members.id }).from(members).where(eq(members.tenantId, 2)).limit(1);
  const rule = (await ruleFor(db(), 2, JAKARTA, vehicle!.modelId))!;
  const endAt = new Date(Date.now() - ago);
  const startAt = new Date(endAt.getTime() - minutes * 60_000);
  const { id, no } = await nextBusinessNo(db(), 'ride_orders', 'RD', startAt);
  const [ride] = await db()
    .insert(rideOrders)
    .values({
      id,
      tenantId: 2,
      cityCode: JAKARTA,
      orderNo: no,
      memberId: member!.id,
      vehicleId: vehicle!.id,
      billingRuleId: rule.id,
      currency: rule.currency,
      startAt,
      endAt,
      durationS: minutes * 60,
      status: RideStatus.ended,
      createdAt: startAt,
    })
    .returning();
  return db().transaction(async (tx) => payRide(tx as unknown as Db, ride!, await priceRide(tx as unknown as Db, ride!, minutes * 60, 0, 0)));
}

beforeAll(async () => {
  admin = await t.signIn('kitabike.admin');
  agent = await partner('CV Mitra Gowes Jakarta');
  investor = await partner('PT Investa Daya Nusantara');
  // The demo's configs stay out: this file sets the ones it reads.
  await db().update(profitShareConfigs).set({ status: 1 });
  const config = (body: Record<string, unknown>) =>
    t.call('POST', '/api/operations/profitShareConfig/add', {
      headers: admin,
      body: { revenueType: 'RIDE', cityCode: JAKARTA, validFrom: '2026-01-01', status: '0', ...body },
    });
  expect((await config({ partyType: '2', shareBp: 2000, basis: '2' })).code).toBe(Code.ok);
  expect((await config({ partyType: '3', shareBp: 4000, basis: '1' })).code).toBe(Code.ok);
  // The agent's own rate, at the default's priority: the named one applies.
  expect((await config({ partyType: '2', partyId: agent.id, shareBp: 2500, basis: '2' })).code).toBe(Code.ok);
});

describe('a paid ride', () => {
  it("writes each party's share by the config that applies, half up, on the ride's business day", async () => {
    const ride = await paidRide(25);
    const gross = ride.paid + ride.couponDiscount;
    expect(gross).toBeGreaterThan(0);
    const shares = await sharesOf(ride.orderNo);
    expect(shares.map((s) => [s.partyType, s.partyId, s.shareBp, s.base, s.share, s.status])).toEqual([
      // The agent's own rate (named) beats the default of the same priority; the investor owns the bike.
      [2, agent.id, 2500, gross, Math.floor((gross * 2500 * 2 + 10_000) / 20_000), 0],
      [3, investor.id, 4000, gross, Math.floor((gross * 4000 * 2 + 10_000) / 20_000), 0],
    ]);
    expect(shares[0]).toMatchObject({ sourceType: 'ride', sourceId: ride.id, revenueType: 'RIDE', revenueDate: businessDateOf(ride.endAt!, 7) });

    // The list shows them by the order's number, with the party's name.
    const listed = await t.call('POST', '/api/operations/shareEntry/list', { headers: admin, body: { pageSize: 10, orderNo: ride.orderNo } });
    expect(listed.code).toBe(Code.ok);
    expect(listed.rows.map((r: Record<string, unknown>) => r.partyName).sort()).toEqual([agent.name, investor.name].sort());
  });

  it('refunded in part, gives back the net-basis shares in proportion; a gross share stays whole', async () => {
    const ride = await paidRide(40);
    const cs = await t.signIn('kitabike.cs.01');
    const amount = Math.floor(ride.paid / 2);
    const asked = await t.call('POST', '/api/operations/rideOrder/refundRide', {
      headers: cs,
      body: { rideOrderId: ride.id, version: ride.version, amount, reason: '2', note: 'Half the ride was lost to a flat tyre' },
    });
    expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
    const refund = (await t.call('POST', '/api/payment/refund/list', { headers: cs, body: { pageSize: 10, rideOrderId: ride.id } })).rows[0];
    const approved = await t.call('POST', '/api/payment/refund/approve', {
      headers: cs,
      body: { refundId: refund.refundId, version: refund.version },
    });
    expect(approved.code).toBe(Code.ok);
    const shares = await sharesOf(ride.orderNo);
    const back = shares.filter((s) => s.sourceType === 'refund');
    expect(back.map((s) => [s.partyType, s.partyId, s.base, s.share, s.status])).toEqual([
      [2, agent.id, -amount, -Math.floor((amount * 2500 * 2 + 10_000) / 20_000), 2],
    ]);
  });
});

describe('a pass bought', () => {
  it("shares its price with the agent of the member's city (a pass sold in several cities)", async () => {
    const added = await t.call('POST', '/api/operations/profitShareConfig/add', {
      headers: admin,
      body: { revenueType: 'CARD', partyType: '2', cityCode: JAKARTA, shareBp: 1000, basis: '1', validFrom: '2026-01-01', status: '0' },
    });
    expect(added.code).toBe(Code.ok);
    const me = await rider(200_000);
    await db().update(members).set({ registerCityCode: JAKARTA }).where(eq(members.id, me.memberId));
    const onSale = (await t.call('GET', '/api/app/cards/rules', { headers: me.headers })).data as Array<{ cardRuleId: number; price: number }>;
    const [rule] = await db()
      .select()
      .from(cardRules)
      .where(eq(cardRules.id, onSale.find((r) => r.price > 0)!.cardRuleId));
    expect(rule!.cityCodes === null || rule!.cityCodes.length !== 1).toBe(true);
    const bought = await t.call('POST', '/api/app/cards', {
      headers: { ...me.headers, 'idempotency-key': `share-pass-${Date.now()}` },
      body: { cardRuleId: rule!.id },
    });
    expect(bought.code, JSON.stringify(bought)).toBe(Code.ok);
    const [share] = await db()
      .select()
      .from(profitShareEntries)
      .where(and(eq(profitShareEntries.sourceType, 'card'), eq(profitShareEntries.sourceId, bought.data.userCardId)));
    expect(share).toMatchObject({
      cityCode: JAKARTA,
      partyType: 2,
      partyId: agent.id,
      base: rule!.price,
      share: Math.floor((rule!.price * 2 + 10) / 20),
    });
    expect(share!.orderNo).toMatch(/^[A-Z]/);
  });
});

describe("the demo's swaps", () => {
  it("paid at a merchant's cabinet, share a fifth of the fee with the merchant; a swap plan's swaps share nothing", async () => {
    const swaps = rowsOf<{ id: string; fee: string; merchant_id: string | null; user_card_id: string | null }>(
      await db().execute(sql`SELECT s.id, s.fee, st.merchant_id, s.user_card_id FROM swap_orders s JOIN stations st ON st.id = s.station_id
        WHERE s.tenant_id = 2 AND s.status = 2`),
    );
    const hosted = swaps.filter((s) => s.merchant_id !== null && s.user_card_id === null && Number(s.fee) > 0);
    const onPlan = swaps.filter((s) => s.user_card_id !== null);
    expect(hosted.length).toBeGreaterThan(0);
    expect(onPlan.length).toBeGreaterThan(0);
    for (const swap of hosted) {
      const [merchantShare] = await db()
        .select()
        .from(profitShareEntries)
        .where(and(eq(profitShareEntries.sourceType, 'swap'), eq(profitShareEntries.sourceId, Number(swap.id)), eq(profitShareEntries.partyType, 1)));
      expect(merchantShare).toMatchObject({
        partyId: Number(swap.merchant_id),
        base: Number(swap.fee),
        share: Math.floor((Number(swap.fee) * 2 + 5) / 10),
      });
    }
    const planShares = await db()
      .select()
      .from(profitShareEntries)
      .where(
        and(
          eq(profitShareEntries.sourceType, 'swap'),
          sql`${profitShareEntries.sourceId} IN (${sql.join(
            onPlan.map((s) => sql`${Number(s.id)}`),
            sql`, `,
          )})`,
        ),
      );
    expect(planShares).toEqual([]);
  });
});

describe('the daily accrual', () => {
  it("has posted the demo's finished days: each partner's payable holds its shares before today", async () => {
    const owed = rowsOf<{ account_id: string; owed: string }>(
      await db().execute(sql`
      SELECT p.account_id, sum(e.share)::bigint AS owed FROM profit_share_entries e
        JOIN partner_agencies p ON p.id = e.party_id AND e.party_type IN (2, 3)
       WHERE e.revenue_date < (now() AT TIME ZONE 'Asia/Jakarta')::date AND e.tenant_id = 2
       GROUP BY p.account_id`),
    );
    expect(owed.length).toBeGreaterThan(0);
    for (const row of owed) expect(await balanceOf(Number(row.account_id))).toBe(Number(row.owed));
  });

  it("posts each party's finished day once, however many runs ask at once, and what it gained after", async () => {
    // A ride paid two days ago, after the demo's accrual posted that day: the day gains its shares.
    const ride = await paidRide(30, 2 * DAY_MS);
    const shares = await sharesOf(ride.orderNo);
    const day = shares[0]!.revenueDate;
    const agentShare = shares.find((s) => s.partyType === 2)!.share;
    // A partner made before partners held a payable account gets one on its first accrual.
    await db().update(partnerAgencies).set({ accountId: null }).where(eq(partnerAgencies.id, investor.id));
    await db().update(accounts).set({ deletedAt: new Date() }).where(eq(accounts.id, investor.accountId!));
    const agentBefore = await balanceOf(agent.accountId!);

    const runs = await Promise.all(Array.from({ length: 20 }, () => accrueShares(db())));
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const keyOf = (n: number) => `share:2:${agent.id}:${JAKARTA}:${day}:IDR:${n}`;
    const postings = async (n: number) =>
      db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, keyOf(n)));
    // The demo's accrual posted the day's first; this run its second — once — holding just this ride's share.
    expect(await postings(1)).toHaveLength(1);
    const [second] = await postings(2);
    expect(second).toMatchObject({ kind: 'SHARE_ACCRUAL', bizType: 'partner_agency', bizId: agent.id, cityCode: JAKARTA });
    expect(await postings(3)).toHaveLength(0);
    expect((await balanceOf(agent.accountId!)) - agentBefore).toBe(agentShare);

    const [opened] = await db().select().from(partnerAgencies).where(eq(partnerAgencies.id, investor.id));
    expect(opened!.accountId).not.toBeNull();
    expect(opened!.accountId).not.toBe(investor.accountId);
    const investorDays = await db()
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `share:3:${investor.id}:%`));
    expect(investorDays.length).toBeGreaterThan(0);

    // Today is not over: its shares wait for tomorrow's run.
    const today = await paidRide(12);
    const todayKey = `share:2:${agent.id}:${JAKARTA}:${businessDateOf(today.endAt!, 7)}:IDR:1`;
    await accrueShares(db());
    expect(await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, todayKey))).toHaveLength(0);
    await accrueShares(db(), undefined, new Date(Date.now() + DAY_MS));
    expect(await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, todayKey))).toHaveLength(1);
  });
});
