import { Code } from '@kayuh/contract/codes';
import { pieceLineType } from '@kayuh/contract/dicts/payment';
import { STAFF_OWNER_TYPE } from '@kayuh/contract/rules/ledgerChart';
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accounts, ledgerEntries, ledgerTransactions, piecePayEntries, settlements, settlementShareLines, tickets, users } from '../src/db/schema.ts';
import { settleLastMonth } from '../src/modules/operations/partners/settlements.ts';
import { rowsOf } from '../src/platform/rows.ts';
import { useTestApp } from './harness.ts';

/**
 * Technicians' piece pay (DOMAIN §3.1 approve, docs/settlements.md): an approved ticket owes its technician the
 * template's rate per vehicle — once, however many approve it at once — posted to their STAFF_PAYABLE; finance
 * settles it like a partner's shares, and the payout empties the payable.
 */
const t = useTestApp();
const db = () => t.database.db as Db;
const JAKARTA = 2001;

/** The demo's submitted tickets whose template pays a rate, with their technician: Jakarta's, or any city's. */
async function submittedTickets(jakarta = true) {
  return rowsOf<{ id: string; ticket_no: string; type: number; assignee_id: string; rate: string; vehicles: string }>(
    await db().execute(sql`
      SELECT t.id, t.ticket_no, t.type, t.assignee_id, tt.piece_rate AS rate,
             (SELECT count(*) FROM ticket_items i WHERE i.ticket_id = t.id AND i.item_kind = 1) AS vehicles
        FROM tickets t JOIN ticket_templates tt ON tt.id = t.template_id
       WHERE t.tenant_id = 2 AND (t.city_code = ${JAKARTA} OR NOT ${jakarta}) AND t.status = 4 AND t.assignee_id IS NOT NULL AND tt.piece_rate > 0
       ORDER BY t.id`),
  );
}
const staffPayable = async (userId: number) =>
  (
    await db()
      .select({ id: accounts.id, balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.tenantId, 2), eq(accounts.ownerType, STAFF_OWNER_TYPE), eq(accounts.ownerId, userId)))
  )[0];

describe("a technician's piece pay", () => {
  it('accrues once when the ticket is approved, and is settled, approved and paid to the technician', async () => {
    const ops = await t.signIn('kitabike.ops.jakarta');
    const fin = await t.signIn('kitabike.fin.01');
    const [ticket] = await submittedTickets();
    expect(ticket).toBeDefined();
    const technicianId = Number(ticket!.assignee_id);
    const before = (await staffPayable(technicianId))?.balance ?? 0;

    // Twenty reviewers approve it at once: one approval, one entry, one posting.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/operations/ticket/approveTicket', { headers: ops, body: { ticketId: Number(ticket!.id) } }),
      ),
    );
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    const amount = Number(ticket!.rate) * Number(ticket!.vehicles);
    const entries = await db()
      .select()
      .from(piecePayEntries)
      .where(eq(piecePayEntries.ticketId, Number(ticket!.id)));
    expect(entries).toHaveLength(1);
    const today = businessDateOf(new Date(), 7);
    expect(entries[0]).toMatchObject({ technicianId, items: Number(ticket!.vehicles), amount, currency: 'IDR', status: 0, workDate: today });
    const txns = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `piece:${ticket!.ticket_no}`));
    expect(txns).toHaveLength(1);
    expect(txns[0]).toMatchObject({ kind: 'PIECE_PAY', id: entries[0]!.txnId });
    const lines = await db()
      .select({ code: accounts.code, direction: ledgerEntries.direction, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.txnId, txns[0]!.id));
    expect(lines.sort((a, b) => a.direction.localeCompare(b.direction))).toEqual([
      { code: 'STAFF_PAYABLE', direction: 'C', amount },
      { code: 'EXP_PIECE_PAY', direction: 'D', amount },
    ]);
    const payable = await staffPayable(technicianId);
    expect(payable!.balance).toBe(before + amount);

    // Finance settles the technician's day: one line of the ticket type, payable the piece pay.
    const notTech = await t.call('POST', '/api/payment/settlement/add', {
      headers: fin,
      body: {
        partyId: (await db().select({ id: users.id }).from(users).where(eq(users.userName, 'kitabike.ops.jakarta')))[0]!.id,
        periodStart: today,
        periodEnd: today,
      },
    });
    expect(notTech.code).toBe(Code.validation);
    expect(notTech.data.fields).toHaveProperty('partyId');
    const made = await t.call('POST', '/api/payment/settlement/add', {
      headers: fin,
      body: { partyId: technicianId, periodStart: today, periodEnd: today },
    });
    expect(made.code, JSON.stringify(made)).toBe(Code.ok);
    const [row] = await db().select().from(settlements).where(eq(settlements.id, made.data.settlementId));
    expect(row).toMatchObject({ partyType: 4, partyId: technicianId, share: amount, deductions: 0, payable: amount, status: 0 });
    const [line] = await db().select().from(settlementShareLines).where(eq(settlementShareLines.settlementId, row!.id));
    expect(line).toMatchObject({ revenueType: pieceLineType(ticket!.type), statDate: today, orders: Number(ticket!.vehicles), share: amount });
    const listed = await t.call('GET', `/api/payment/settlement/${row!.id}`, { headers: fin });
    expect(listed.data.partyName).toBe((await db().select({ n: users.nickName }).from(users).where(eq(users.id, technicianId)))[0]!.n);

    const fire = async (name: string, payload: Record<string, unknown> = {}) => {
      const current = (await t.call('GET', `/api/payment/settlement/${row!.id}`, { headers: fin })).data;
      return t.call('POST', `/api/payment/settlement/${name}`, {
        headers: fin,
        body: { settlementId: row!.id, version: current.version, ...payload },
      });
    };
    expect((await fire('confirmSettlement')).code).toBe(Code.ok);
    expect((await fire('approveSettlement')).code).toBe(Code.ok);
    expect(
      (
        await db()
          .select()
          .from(piecePayEntries)
          .where(eq(piecePayEntries.ticketId, Number(ticket!.id)))
      )[0]!.status,
    ).toBe(1);
    expect((await fire('paySettlement', { bankRef: 'BCA-2026-TECH-01' })).code).toBe(Code.ok);
    expect((await staffPayable(technicianId))!.balance).toBe(before);
  });

  it('is drafted by the monthly task for every technician with piece pay of last month', async () => {
    const admin = await t.signIn('kitabike.admin');
    const [ticket] = await submittedTickets(false);
    expect(ticket).toBeDefined();
    expect((await t.call('POST', '/api/operations/ticket/approveTicket', { headers: admin, body: { ticketId: Number(ticket!.id) } })).code).toBe(
      Code.ok,
    );
    // The 3rd of next month: this month is "last month".
    const nextMonth = new Date();
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 3);
    await settleLastMonth(db(), nextMonth);
    const [entry] = await db()
      .select()
      .from(piecePayEntries)
      .where(eq(piecePayEntries.ticketId, Number(ticket!.id)));
    const [drafted] = await db().select().from(settlements).where(eq(settlements.id, entry!.settlementId!));
    expect(drafted).toMatchObject({ partyType: 4, partyId: Number(ticket!.assignee_id), status: 0 });
    expect(drafted!.payable).toBeGreaterThanOrEqual(entry!.amount);
    expect(
      (
        await db()
          .select()
          .from(tickets)
          .where(eq(tickets.id, Number(ticket!.id)))
      )[0]!.status,
    ).toBe(7);
  });
});
