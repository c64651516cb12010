import { Code } from '@kayuh/contract/codes';
import { PARTNER_KIND_OF_PARTY, PartyType } from '@kayuh/contract/resources/profitShares';
import { pieceLineType } from '@kayuh/contract/dicts/payment';
import {
  investorSettlementResource,
  partnerSettlementResource,
  SETTLEMENT_BIZ,
  settlementResource,
  settlementShareLineResource,
  PayoutState,
  SettlementStatus,
  TECHNICIAN_PARTY,
  TECHNICIAN_USER_TYPE,
} from '@kayuh/contract/resources/settlements';
import { ShareEntryStatus } from '@kayuh/contract/resources/shareEntries';
import { and, count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ledgerTransactions, partnerAgencies, settlements, settlementShareLines, users } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { nextBusinessNo } from '../../../platform/businessNo.ts';
import { BizError, invalidField } from '../../../platform/errors.ts';
import { platformAccounts } from '../../../platform/ledger/accounts.ts';
import { post } from '../../../platform/ledger/posting.ts';
import { bindResource, type EventRule, type HookContext } from '../../../platform/resources/binding.ts';
import { rowsOf } from '../../../platform/rows.ts';
import { tenantRows } from '../../../platform/scope.ts';
import { payableOf } from './shareAccrual.ts';
import { partyNameOf } from './shareEntries.ts';

export type SettlementRow = typeof settlements.$inferSelect;

/** Whose shares of which days a settlement takes. */
export interface SettlementAsk {
  tenantId: number;
  partyType: number;
  partyId: number;
  periodStart: string;
  periodEnd: string;
}

/**
 * A party's settlement of a period (DOMAIN §3.9 generate → 0): the period's shares not yet in a settlement — accrued,
 * and the negative ones refunds took back — summed into it and its lines (per revenue type and day), and marked as its
 * own. The party's settlements are made one at a time (an advisory lock), so two asks at once cannot take the same
 * shares; a live settlement of the same start answers 2005 with its number, a period without shares 2001.
 */
export async function makeSettlement(tx: Db, ask: SettlementAsk, createdBy: number | null): Promise<SettlementRow> {
  if (ask.periodEnd < ask.periodStart) throw invalidField('periodEnd', 'settlement.endsBeforeStart');
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`settlement:${ask.tenantId}:${ask.partyType}:${ask.partyId}`}))`);
  const [live] = await tx
    .select({ no: settlements.settlementNo })
    .from(settlements)
    .where(
      and(
        eq(settlements.tenantId, ask.tenantId),
        eq(settlements.partyType, ask.partyType),
        eq(settlements.partyId, ask.partyId),
        eq(settlements.periodStart, ask.periodStart),
        sql`${settlements.status} <> ${SettlementStatus.void} AND ${settlements.deletedAt} IS NULL`,
      ),
    );
  if (live) throw new BizError(Code.duplicate, 'settlement.exists', undefined, { settlementNo: live.no });
  const shares = await unsettledOf(tx, ask);
  if (!shares.length) throw invalidField('periodStart', 'settlement.nothingToSettle');
  const currencies = new Set(shares.map((s) => s.currency.trim()));
  if (currencies.size > 1) throw invalidField('periodStart', 'settlement.oneCurrency');
  const currency = [...currencies][0]!;

  const lines = new Map<string, { revenueType: string; statDate: string; orders: number; base: number; share: number }>();
  let gross = 0;
  let earned = 0;
  let deductions = 0;
  for (const s of shares) {
    const [base, share] = [Number(s.base), Number(s.share)];
    const key = `${s.revenue_type}|${s.day}`;
    const line = lines.get(key) ?? { revenueType: s.revenue_type, statDate: s.day, orders: 0, base: 0, share: 0 };
    line.base += base;
    line.share += share;
    if (share > 0) {
      line.orders += Number(s.orders);
      gross += base;
      earned += share;
    } else deductions -= share;
    lines.set(key, line);
  }
  const { id, no } = await nextBusinessNo(tx, 'settlements', 'ST');
  const [settlement] = await tx
    .insert(settlements)
    .values({
      id,
      tenantId: ask.tenantId,
      settlementNo: no,
      partyType: ask.partyType,
      partyId: ask.partyId,
      periodStart: ask.periodStart,
      periodEnd: ask.periodEnd,
      gross,
      share: earned,
      deductions,
      payable: earned - deductions,
      currency,
      status: SettlementStatus.draft,
      createdBy,
      updatedBy: createdBy,
    })
    .returning();
  await tx
    .insert(settlementShareLines)
    .values([...lines.values()].map((l) => ({ ...l, tenantId: ask.tenantId, settlementId: id, currency, createdBy })));
  await tx.execute(sql`
    UPDATE ${earningsOf(ask.partyType)} SET settlement_id = ${id}, updated_at = now()
     WHERE id IN (SELECT value::bigint FROM json_array_elements_text(${JSON.stringify(shares.map((s) => s.id))}::json))`);
  return settlement!;
}

/** What a party's settlement is made of: a technician's piece pay, another party's profit shares. */
const earningsOf = (partyType: number) => sql.raw(partyType === TECHNICIAN_PARTY ? 'piece_pay_entries' : 'profit_share_entries');

/**
 * The party's earnings of the period no settlement holds, locked: its shares — accrued, and the negative ones refunds
 * took back — each one order; or a technician's piece pay, its vehicles the orders, by ticket type.
 */
async function unsettledOf(tx: Db, ask: SettlementAsk) {
  type Earning = { id: string; revenue_type: string; day: string; orders: number; base: string; share: string; currency: string };
  if (ask.partyType === TECHNICIAN_PARTY) {
    const rows = rowsOf<Omit<Earning, 'revenue_type'> & { ticket_type: number }>(
      await tx.execute(sql`
        SELECT id, ticket_type, work_date::text AS day, items AS orders, amount AS base, amount AS share, currency FROM piece_pay_entries
         WHERE tenant_id = ${ask.tenantId} AND technician_id = ${ask.partyId}
           AND work_date BETWEEN ${ask.periodStart}::date AND ${ask.periodEnd}::date
           AND settlement_id IS NULL AND status = ${ShareEntryStatus.accrued}
         ORDER BY id
         FOR UPDATE`),
    );
    return rows.map(({ ticket_type, ...r }) => ({ ...r, revenue_type: pieceLineType(Number(ticket_type)) }));
  }
  return rowsOf<Earning>(
    await tx.execute(sql`
      SELECT id, revenue_type, revenue_date::text AS day, 1 AS orders, base, share, currency FROM profit_share_entries
       WHERE tenant_id = ${ask.tenantId} AND party_type = ${ask.partyType} AND party_id = ${ask.partyId}
         AND revenue_date BETWEEN ${ask.periodStart}::date AND ${ask.periodEnd}::date
         AND settlement_id IS NULL AND status IN (${ShareEntryStatus.accrued}, ${ShareEntryStatus.reversed})
       ORDER BY id
       FOR UPDATE`),
  );
}

/** Its earnings: settled (1) when it is approved; free again (no settlement) when it is void. */
type Held = Record<string, unknown>;
const settleEarnings = (tx: Db, s: Held) =>
  tx.execute(sql`
    UPDATE ${earningsOf(Number(s.partyType))} SET status = ${ShareEntryStatus.settled}, updated_at = now()
     WHERE settlement_id = ${Number(s.id)} AND status = ${ShareEntryStatus.accrued}`);
const releaseEarnings = (tx: Db, s: Held) =>
  tx.execute(sql`UPDATE ${earningsOf(Number(s.partyType))} SET settlement_id = NULL, updated_at = now() WHERE settlement_id = ${Number(s.id)}`);

/**
 * The payout (DOMAIN §4.4 "Settlement payout"): Dr the party's payable / Cr PAYOUT_CLEARING, what the settlement pays,
 * once (its key); a settlement whose refunds outweigh its shares pays nothing and posts nothing.
 */
async function postPayout(tx: Db, s: SettlementRow): Promise<number | null> {
  if (s.payable <= 0) return null;
  const payable = await partyPayable(tx, s);
  const { PAYOUT_CLEARING } = await platformAccounts(tx, s.tenantId, s.currency.trim(), ['PAYOUT_CLEARING']);
  const memoKey = 'ledger.memo.settlementPayout';
  const posted = await post(tx, s.tenantId, {
    kind: 'PAYOUT',
    idempotencyKey: transferKey(s, 'payout', await returnsOf(tx, s)),
    bizType: SETTLEMENT_BIZ,
    bizId: s.id,
    lines: [
      { accountId: payable, direction: 'D', amount: s.payable, memoKey, mayOverdraw: true },
      { accountId: PAYOUT_CLEARING, direction: 'C', amount: s.payable, memoKey },
    ],
  });
  return posted.txnId;
}

async function partyPayable(tx: Db, s: SettlementRow): Promise<number> {
  const payable = await payableOf(tx, { tenantId: s.tenantId, partyType: s.partyType, partyId: s.partyId, currency: s.currency.trim() });
  if (payable === null) throw new BizError(Code.transitionNotAllowed, 'settlement.noPayableAccount');
  return payable;
}

/** How many of a settlement's transfers the bank returned: each return is a posting of its own numbered key. */
async function returnsOf(tx: Db, s: SettlementRow): Promise<number> {
  const [returned] = await tx
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.tenantId, s.tenantId),
        eq(ledgerTransactions.bizType, SETTLEMENT_BIZ),
        eq(ledgerTransactions.bizId, s.id),
        like(ledgerTransactions.idempotencyKey, `settlement:${s.settlementNo}:return:%`),
      ),
    );
  return returned?.n ?? 0;
}

/** A transfer's posting key: the first transfer's is the settlement's own; one made after n returns is numbered n + 1. */
const transferKey = (s: SettlementRow, step: 'payout' | 'bank', returns: number) =>
  `settlement:${s.settlementNo}:${step}${returns ? `:${returns + 1}` : ''}`;

/**
 * The bank returns the transfer (a closed account, a wrong name): the payout reversed, Dr PAYOUT_CLEARING / Cr the
 * party's payable, once per transfer (its numbered key); the party is owed it again until it is paid anew.
 */
async function postReturn(tx: Db, s: SettlementRow) {
  const payable = await partyPayable(tx, s);
  const { PAYOUT_CLEARING } = await platformAccounts(tx, s.tenantId, s.currency.trim(), ['PAYOUT_CLEARING']);
  const memoKey = 'ledger.memo.payoutReturned';
  await post(tx, s.tenantId, {
    kind: 'PAYOUT',
    idempotencyKey: `settlement:${s.settlementNo}:return:${(await returnsOf(tx, s)) + 1}`,
    bizType: SETTLEMENT_BIZ,
    bizId: s.id,
    lines: [
      { accountId: PAYOUT_CLEARING, direction: 'D', amount: s.payable, memoKey },
      { accountId: payable, direction: 'C', amount: s.payable, memoKey },
    ],
  });
}

/** The bank confirms the transfer (DOMAIN §4.4): Dr PAYOUT_CLEARING / Cr BANK, what the payout sent, once (its key). */
async function postBankConfirmation(tx: Db, s: SettlementRow) {
  const { PAYOUT_CLEARING, BANK } = await platformAccounts(tx, s.tenantId, s.currency.trim(), ['PAYOUT_CLEARING', 'BANK']);
  const memoKey = 'ledger.memo.payoutConfirmed';
  await post(tx, s.tenantId, {
    kind: 'PAYOUT',
    idempotencyKey: transferKey(s, 'bank', await returnsOf(tx, s)),
    bizType: SETTLEMENT_BIZ,
    bizId: s.id,
    lines: [
      { accountId: PAYOUT_CLEARING, direction: 'D', amount: s.payable, memoKey },
      { accountId: BANK, direction: 'C', amount: s.payable, memoKey },
    ],
  });
}

/** The settlement as the event left it (its posting reads the typed row, not the engine's). */
async function movedRow(tx: Db, current: Held): Promise<SettlementRow> {
  const [s] = await tx
    .select()
    .from(settlements)
    .where(eq(settlements.id, Number(current.id)));
  return s!;
}

/** §3.9's side effects, after the row moved (the engine's conditional update decides who fired it). */
const settlementEvents: Record<string, EventRule> = {
  approveSettlement: {
    set: ({ auth }) => ({ approvedBy: actorUserId(auth) }),
    effects: async ({ tx, current }) => void (await settleEarnings(tx, current!)),
  },
  paySettlement: {
    // A settlement that pays nothing sends nothing for the bank to confirm.
    set: ({ event, current }) => ({
      bankRef: String(event!.payload.bankRef).trim(),
      paidAt: new Date(),
      payoutState: Number(current!.payable) > 0 ? PayoutState.sent : PayoutState.confirmed,
    }),
    effects: async ({ tx, current }) => {
      const s = await movedRow(tx, current!);
      const txnId = await postPayout(tx, s);
      if (txnId !== null) await tx.update(settlements).set({ payoutTxnId: txnId }).where(eq(settlements.id, s.id));
    },
  },
  confirmPayout: {
    set: () => ({ bankConfirmedAt: new Date() }),
    effects: async ({ tx, current }) => {
      const s = await movedRow(tx, current!);
      await postBankConfirmation(tx, s);
    },
  },
  returnPayout: {
    // Approved again, to be paid anew (a corrected account, another transfer); the returned transfer stays in the remark.
    set: ({ event, current }) => ({
      status: SettlementStatus.approved,
      bankRef: null,
      paidAt: null,
      payoutTxnId: null,
      remark: [
        current!.remark,
        `↩ ${String(current!.bankRef)} ${new Date().toISOString().slice(0, 10)}: ${String(event!.payload.returnReason).trim()}`,
      ]
        .filter(Boolean)
        .join('\n'),
    }),
    effects: async ({ tx, current }) => {
      const s = await movedRow(tx, current!);
      if (s.payable > 0) await postReturn(tx, s);
    },
  },
  voidSettlement: { effects: async ({ tx, current }) => void (await releaseEarnings(tx, current!)) },
};

/** A partner's settlement made from its page: the partner and period picked, its shares taken (makeSettlement). */
const createForPartner =
  (partyType: number) =>
  async ({ tx, auth, tenantId, values }: HookContext) => {
    const partyId = Number(values.partyId);
    const [partner] = await tx
      .select({ kind: partnerAgencies.kind })
      .from(partnerAgencies)
      .where(and(eq(partnerAgencies.id, partyId), eq(partnerAgencies.tenantId, tenantId)));
    if (partner && partner.kind !== PARTNER_KIND_OF_PARTY[partyType]) throw invalidField('partyId', 'profitShare.partnerKind');
    const ask = { tenantId, partyType, partyId, periodStart: String(values.periodStart), periodEnd: String(values.periodEnd) };
    return (await makeSettlement(tx, ask, actorUserId(auth))) as unknown as Record<string, unknown>;
  };

/** A technician's settlement made by finance: the technician (a field technician of the tenant) and period picked. */
async function createForTechnician({ tx, auth, tenantId, values }: HookContext) {
  const partyId = Number(values.partyId);
  const [technician] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, partyId), tenantRows(tenantId, users), eq(users.userType, TECHNICIAN_USER_TYPE)));
  if (!technician) throw invalidField('partyId', 'settlement.notTechnician');
  const ask = { tenantId, partyType: TECHNICIAN_PARTY, partyId, periodStart: String(values.periodStart), periodEnd: String(values.periodEnd) };
  return (await makeSettlement(tx, ask, actorUserId(auth))) as unknown as Record<string, unknown>;
}

/**
 * Settlements on their three pages (docs/settlements.md): the partners' and the investors' (made there too), and
 * finance's of every party type (a technician's made there).
 */
export const settlementBindings = [
  bindResource(partnerSettlementResource, settlements, { events: settlementEvents, create: createForPartner(PartyType.partnerAgency) }),
  bindResource(investorSettlementResource, settlements, { events: settlementEvents, create: createForPartner(PartyType.investor) }),
  bindResource(settlementResource, settlements, {
    events: settlementEvents,
    create: createForTechnician,
    computed: { partyName: partyNameOf('settlements') },
  }),
  bindResource(settlementShareLineResource, settlementShareLines),
];

/** The calendar month before `now`'s (UTC), as its first and last day. */
export function lastMonthOf(now: Date): { periodStart: string; periodEnd: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { periodStart: first.toISOString().slice(0, 10), periodEnd: last.toISOString().slice(0, 10) };
}

/**
 * The monthly task (DOMAIN §3.9 generate, day 3): a draft settlement of last month for every party with shares of it
 * (or a technician with piece pay of it) not yet settled, each in its own transaction; one made meanwhile (a partner's page, another run) is left as it is.
 * Answers the settlements made.
 */
export async function settleLastMonth(db: Db, now = new Date()): Promise<number> {
  const period = lastMonthOf(now);
  const parties = rowsOf<{ tenant_id: string; party_type: number; party_id: string }>(
    await db.execute(sql`
      SELECT tenant_id, party_type, party_id FROM profit_share_entries
       WHERE revenue_date BETWEEN ${period.periodStart}::date AND ${period.periodEnd}::date AND settlement_id IS NULL
      UNION
      SELECT tenant_id, ${TECHNICIAN_PARTY}::smallint, technician_id FROM piece_pay_entries
       WHERE work_date BETWEEN ${period.periodStart}::date AND ${period.periodEnd}::date AND settlement_id IS NULL
       ORDER BY 1, 2, 3`),
  );
  let made = 0;
  for (const p of parties) {
    const ask = { tenantId: Number(p.tenant_id), partyType: Number(p.party_type), partyId: Number(p.party_id), ...period };
    try {
      await db.transaction((tx) => makeSettlement(tx as unknown as Db, ask, null));
      made++;
    } catch (err) {
      if (!(err instanceof BizError && err.code === Code.duplicate)) throw err;
    }
  }
  return made;
}
