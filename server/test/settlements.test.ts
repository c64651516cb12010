import { Code } from '@kayuh/contract/codes';
import { formatMoney } from '@kayuh/contract/rules/format';
import { TECHNICIAN_PARTY } from '@kayuh/contract/resources/settlements';
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  accounts,
  ledgerTransactions,
  partnerAgencies,
  printRecords,
  profitShareEntries,
  settlements,
  settlementShareLines,
} from '../src/db/schema.ts';
import { lastMonthOf, settleLastMonth } from '../src/modules/operations/partners/settlements.ts';
import { rowsOf } from '../src/platform/rows.ts';
import { pdfText } from './pdfText.ts';
import { useTestApp } from './harness.ts';

/**
 * Settlements (DOMAIN §3.9, §4.4; docs/settlements.md): a partner's unsettled shares of a period summed into one
 * settlement — once, however many ask at once — confirmed by operations, approved and paid by finance through the
 * ledger; a void one frees its shares; the monthly task drafts last month's for every party.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const DAY_MS = 86_400_000;
let ops: Record<string, string>;
let fin: Record<string, string>;
let agent: typeof partnerAgencies.$inferSelect;
let investor: typeof partnerAgencies.$inferSelect;

const day = (daysAgo: number) => businessDateOf(new Date(Date.now() - daysAgo * DAY_MS), 7);
const partner = async (name: string) => (await db().select().from(partnerAgencies).where(eq(partnerAgencies.name, name)))[0]!;
const balanceOf = async (accountId: number) => (await db().select({ b: accounts.balance }).from(accounts).where(eq(accounts.id, accountId)))[0]!.b;
const settle = (page: 'partnerSettlement' | 'investorSettlement', body: Record<string, unknown>, headers = ops) =>
  t.call('POST', `/api/operations/${page}/add`, { headers, body });
const fire = (name: string, s: { settlementId: number; version: number }, headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  t.call('POST', `/api/payment/settlement/${name}`, { headers, body: { settlementId: s.settlementId, version: s.version, ...payload } });
const rowOf = async (settlementId: number) =>
  (await t.call('GET', `/api/payment/settlement/${settlementId}`, { headers: fin })).data as {
    settlementId: number;
    version: number;
    status: number;
  };

/** What the party's unsettled shares of the period add up to, straight from the entries. */
async function unsettled(partyType: number, partyId: number, from: string, to: string) {
  const [sum] = rowsOf<{ pos: string | null; neg: string | null; n: string; gross: string | null }>(
    await db().execute(sql`SELECT sum(share) FILTER (WHERE share > 0) AS pos, -sum(share) FILTER (WHERE share < 0) AS neg,
      count(*) FILTER (WHERE share > 0) AS n, sum(base) FILTER (WHERE share > 0) AS gross
      FROM profit_share_entries WHERE tenant_id = 2 AND party_type = ${partyType} AND party_id = ${partyId}
        AND revenue_date BETWEEN ${from}::date AND ${to}::date AND settlement_id IS NULL`),
  );
  return { share: Number(sum?.pos ?? 0), deductions: Number(sum?.neg ?? 0), orders: Number(sum!.n), gross: Number(sum?.gross ?? 0) };
}

beforeAll(async () => {
  ops = await t.signIn('kitabike.ops.jakarta');
  fin = await t.signIn('kitabike.fin.01');
  agent = await partner('CV Mitra Gowes Jakarta');
  investor = await partner('PT Investa Daya Nusantara');
});

describe("a partner's settlement", () => {
  it('sums the period’s unsettled shares into its lines, confirmed, approved and paid through the ledger', async () => {
    const [from, to] = [day(60), day(1)];
    const expected = await unsettled(2, agent.id, from, to);
    expect(expected.share).toBeGreaterThan(0);
    const made = await settle('partnerSettlement', { partyId: agent.id, periodStart: from, periodEnd: to });
    expect(made.code, JSON.stringify(made)).toBe(Code.ok);
    const [row] = await db().select().from(settlements).where(eq(settlements.id, made.data.settlementId));
    expect(row).toMatchObject({
      partyType: 2,
      partyId: agent.id,
      status: 0,
      gross: expected.gross,
      share: expected.share,
      deductions: expected.deductions,
      payable: expected.share - expected.deductions,
    });
    expect(row!.settlementNo).toMatch(/^ST/);
    const lines = await db().select().from(settlementShareLines).where(eq(settlementShareLines.settlementId, row!.id));
    expect(lines.reduce((n, l) => n + l.share, 0)).toBe(row!.payable);
    expect(lines.reduce((n, l) => n + l.orders, 0)).toBe(expected.orders);
    expect(await unsettled(2, agent.id, from, to)).toMatchObject({ share: 0, orders: 0 });

    // The same period again: 2005 naming it.
    const again = await settle('partnerSettlement', { partyId: agent.id, periodStart: from, periodEnd: to });
    expect(again.code).toBe(Code.duplicate);
    expect(again.msg).toContain(row!.settlementNo);

    // Finance cannot approve a draft; operations confirm it first.
    expect((await fire('approveSettlement', await rowOf(row!.id), fin)).code).toBe(Code.transitionNotAllowed);
    expect((await t.call('POST', '/api/operations/partnerSettlement/confirmSettlement', { headers: ops, body: await rowOf(row!.id) })).code).toBe(
      Code.ok,
    );
    // Operations may not approve it (finance's step, DOMAIN §3.9).
    const opsApproves = await t.call('POST', '/api/operations/partnerSettlement/approveSettlement', { headers: ops, body: await rowOf(row!.id) });
    expect(opsApproves.code).toBe(Code.forbidden);
    expect((await fire('approveSettlement', await rowOf(row!.id), fin)).code).toBe(Code.ok);
    const locked = await db()
      .select({ status: profitShareEntries.status })
      .from(profitShareEntries)
      .where(eq(profitShareEntries.settlementId, row!.id));
    expect(locked.every((e) => e.status === 1 || e.status === 2)).toBe(true);
    expect(locked.some((e) => e.status === 1)).toBe(true);

    // Paid with the bank's reference: the payable goes out to PAYOUT_CLEARING, once.
    const before = await balanceOf(agent.accountId!);
    expect((await fire('paySettlement', await rowOf(row!.id), fin, { bankRef: '' })).code).toBe(Code.validation);
    expect((await fire('paySettlement', await rowOf(row!.id), fin, { bankRef: 'BCA-TRF-0001' })).code).toBe(Code.ok);
    expect(await balanceOf(agent.accountId!)).toBe(before - row!.payable);
    const payout = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.bizType, 'settlement'), eq(ledgerTransactions.bizId, row!.id)));
    expect(payout.map((p) => p.kind)).toEqual(['PAYOUT']);
    expect((await fire('paySettlement', await rowOf(row!.id), fin, { bankRef: 'BCA-TRF-0002' })).code).toBe(Code.transitionNotAllowed);
    expect((await db().select().from(settlements).where(eq(settlements.id, row!.id)))[0]).toMatchObject({
      status: 3,
      bankRef: 'BCA-TRF-0001',
      payoutState: 1,
    });

    // The bank returns the transfer (the account was closed): the payout is reversed, once however many say so at
    // once, and the settlement waits to be paid again — then it is, to the corrected account.
    const sentOnce = await rowOf(row!.id);
    expect((await fire('returnPayout', sentOnce, fin, { returnReason: '' })).code).toBe(Code.validation);
    const returns = await Promise.all(Array.from({ length: 20 }, () => fire('returnPayout', sentOnce, fin, { returnReason: 'Rekening ditutup' })));
    expect(
      returns.filter((r) => r.code === Code.ok),
      JSON.stringify(returns[0]),
    ).toHaveLength(1);
    expect(await balanceOf(agent.accountId!)).toBe(before);
    const afterReturn = (await db().select().from(settlements).where(eq(settlements.id, row!.id)))[0]!;
    expect(afterReturn).toMatchObject({ status: 2, payoutState: 3, bankRef: null, paidAt: null });
    expect(afterReturn.remark).toContain('BCA-TRF-0001');
    expect(afterReturn.remark).toContain('Rekening ditutup');
    expect((await fire('returnPayout', await rowOf(row!.id), fin, { returnReason: 'Lagi' })).code).toBe(Code.transitionNotAllowed);
    expect((await fire('confirmPayout', await rowOf(row!.id), fin)).code).toBe(Code.transitionNotAllowed);
    expect((await fire('paySettlement', await rowOf(row!.id), fin, { bankRef: 'BCA-TRF-0003' })).code).toBe(Code.ok);
    expect(await balanceOf(agent.accountId!)).toBe(before - row!.payable);
    const transfers = await db()
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.bizType, 'settlement'), eq(ledgerTransactions.bizId, row!.id)))
      .orderBy(ledgerTransactions.id);
    const no = row!.settlementNo;
    expect(transfers.map((x) => x.key)).toEqual([`settlement:${no}:payout`, `settlement:${no}:return:1`, `settlement:${no}:payout:2`]);

    // The bank confirms the transfer: it leaves PAYOUT_CLEARING for BANK, once, however many confirm it at once.
    const platform = async () => {
      const rows = await db()
        .select({ code: accounts.code, balance: accounts.balance })
        .from(accounts)
        .where(and(eq(accounts.tenantId, 2), eq(accounts.ownerType, 4), eq(accounts.slice, 0), eq(accounts.currency, 'IDR')));
      return Object.fromEntries(rows.filter((r) => r.code === 'BANK' || r.code === 'PAYOUT_CLEARING').map((r) => [r.code, r.balance]));
    };
    const sent = await platform();
    const paid = await rowOf(row!.id);
    const confirms = await Promise.all(Array.from({ length: 20 }, () => fire('confirmPayout', paid, fin)));
    expect(confirms.filter((c) => c.code === Code.ok)).toHaveLength(1);
    expect(await platform()).toEqual({ BANK: sent.BANK! - row!.payable, PAYOUT_CLEARING: sent.PAYOUT_CLEARING! + row!.payable });
    expect((await db().select().from(settlements).where(eq(settlements.id, row!.id)))[0]!.payoutState).toBe(2);
    expect((await fire('confirmPayout', await rowOf(row!.id), fin)).code).toBe(Code.transitionNotAllowed);

    // Its statement: the party, the totals and the payout's reference, each download a print; not on the investors' page.
    const statement = (api: string) => t.app.inject({ method: 'GET', url: `/api/${api}/${row!.id}/statement`, headers: fin });
    const file = await statement('payment/settlement');
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = pdfText(file.rawPayload);
    for (const part of [row!.settlementNo, agent.name, 'Dibayarkan / Payable', 'BCA-TRF-0003', 'Perjalanan']) expect(text).toContain(part);
    expect(text).toContain(formatMoney(row!.payable, 'IDR'));
    expect((await statement('operations/investorSettlement')).json().code).toBe(Code.notFound);
    const prints = await db().select().from(printRecords).where(eq(printRecords.refNo, row!.settlementNo));
    expect(prints.map((p) => p.docType)).toEqual([5]);
  });

  it('is made once however many ask at once; a void one frees its shares for the next', async () => {
    const [from, to] = [day(60), day(1)];
    const expected = await unsettled(3, investor.id, from, to);
    expect(expected.share).toBeGreaterThan(0);
    const asks = await Promise.all(
      Array.from({ length: 20 }, () => settle('investorSettlement', { partyId: investor.id, periodStart: from, periodEnd: to })),
    );
    const made = asks.filter((a) => a.code === Code.ok);
    expect(made).toHaveLength(1);
    expect(asks.filter((a) => a.code !== Code.ok).every((a) => a.code === Code.duplicate)).toBe(true);
    const ofPeriod = await db()
      .select()
      .from(settlements)
      .where(and(eq(settlements.partyId, investor.id), eq(settlements.periodStart, from)));
    expect(ofPeriod.filter((s) => s.partyType === 3)).toHaveLength(1);

    // An agent is not an investor; a period with nothing to settle says so.
    const wrongKind = await settle('investorSettlement', { partyId: agent.id, periodStart: from, periodEnd: to });
    expect(wrongKind.code).toBe(Code.validation);
    expect(Object.keys(wrongKind.data.fields)).toEqual(['partyId']);
    const empty = await settle('investorSettlement', { partyId: investor.id, periodStart: '2025-01-01', periodEnd: '2025-01-31' });
    expect(empty.code).toBe(Code.validation);
    expect(Object.keys(empty.data.fields), JSON.stringify(empty)).toEqual(['periodStart']);

    const id = made[0]!.data.settlementId as number;
    expect((await fire('voidSettlement', await rowOf(id), fin)).code).toBe(Code.ok);
    expect(await db().select().from(profitShareEntries).where(eq(profitShareEntries.settlementId, id))).toHaveLength(0);
    expect(await unsettled(3, investor.id, from, to)).toEqual(expected);
    expect((await settle('investorSettlement', { partyId: investor.id, periodStart: from, periodEnd: to })).code).toBe(Code.ok);
  });
});

describe('the monthly task', () => {
  it("drafts last month's settlement of every party with shares or piece pay of it, once", async () => {
    // The demo's shares and its technicians' piece pay span the last 30 days: the month before now holds some of most.
    const now = new Date(Date.now() + 20 * DAY_MS);
    const period = lastMonthOf(now);
    const [shares, pieces] = await Promise.all(
      ['profit_share_entries', 'piece_pay_entries'].map(async (table) => {
        const [party, day] = table === 'piece_pay_entries' ? ['technician_id', 'work_date'] : ['(party_type, party_id)', 'revenue_date'];
        const [row] = rowsOf<{ n: string }>(
          await db().execute(sql`SELECT count(DISTINCT (tenant_id, ${sql.raw(party)})) AS n FROM ${sql.raw(table)}
            WHERE ${sql.raw(day)} BETWEEN ${period.periodStart}::date AND ${period.periodEnd}::date AND settlement_id IS NULL`),
        );
        return Number(row!.n);
      }),
    );
    expect(shares).toBeGreaterThan(0);
    expect(pieces).toBeGreaterThan(0);
    expect(await settleLastMonth(db(), now)).toBe(shares! + pieces!);
    expect(await settleLastMonth(db(), now)).toBe(0);
    const drafts = await db()
      .select()
      .from(settlements)
      .where(and(eq(settlements.periodStart, period.periodStart), eq(settlements.status, 0), isNull(settlements.createdBy)));
    expect(drafts.length).toBe(shares! + pieces!);
    expect(drafts.some((d) => d.partyType === 1)).toBe(true);
    expect(drafts.filter((d) => d.partyType === TECHNICIAN_PARTY)).toHaveLength(pieces!);
  });
});
