import { TICKET_BIZ, TicketItemKind } from '@kayuh/contract/resources/tickets';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { piecePayEntries, ticketItems, tickets, ticketTemplates } from '../../../db/schema.ts';
import { staffPayableOf, platformAccounts, tenantCurrency } from '../../../platform/ledger/accounts.ts';
import { post } from '../../../platform/ledger/posting.ts';
import { cityDateOf } from '../partners/shareEntries.ts';

type Ticket = typeof tickets.$inferSelect;

/**
 * An approved ticket's piece pay (DOMAIN §3.1 approve "piece-rate accrual for the technician"; docs/settlements.md):
 * its template's rate for each vehicle it worked on, owed to the technician it was with — a `piece_pay_entries` row
 * dated the city's business day, and Dr EXP_PIECE_PAY / Cr the technician's STAFF_PAYABLE, in the approve's
 * transaction. Once per ticket (the entry's unique ticket and the posting's key). A ticket without a technician, a
 * template or a rate pays nothing.
 */
export async function accruePiecePay(tx: Db, ticket: Ticket, at = new Date()): Promise<void> {
  if (ticket.assigneeId === null || ticket.templateId === null) return;
  const [template] = await tx
    .select({ rate: ticketTemplates.pieceRate, currency: ticketTemplates.currency })
    .from(ticketTemplates)
    .where(eq(ticketTemplates.id, ticket.templateId));
  if (!template?.rate) return;
  const [worked] = await tx
    .select({ n: count() })
    .from(ticketItems)
    .where(and(eq(ticketItems.ticketId, ticket.id), eq(ticketItems.itemKind, TicketItemKind.vehicle), isNull(ticketItems.deletedAt)));
  const items = Number(worked?.n ?? 0);
  if (!items) return;
  const currency = template.currency?.trim() || (await tenantCurrency(tx, ticket.tenantId));
  const amount = template.rate * items;
  const [entry] = await tx
    .insert(piecePayEntries)
    .values({
      tenantId: ticket.tenantId,
      cityCode: ticket.cityCode,
      ticketId: ticket.id,
      ticketNo: ticket.ticketNo,
      ticketType: ticket.type,
      technicianId: ticket.assigneeId,
      workDate: await cityDateOf(tx, ticket.cityCode, at),
      items,
      rate: template.rate,
      amount,
      currency,
    })
    .onConflictDoNothing()
    .returning({ id: piecePayEntries.id });
  if (!entry) return;
  const payable = await staffPayableOf(tx, ticket.tenantId, ticket.assigneeId, currency);
  const { EXP_PIECE_PAY } = await platformAccounts(tx, ticket.tenantId, currency, ['EXP_PIECE_PAY']);
  const memoKey = 'ledger.memo.piecePay';
  const posted = await post(tx, ticket.tenantId, {
    kind: 'PIECE_PAY',
    idempotencyKey: `piece:${ticket.ticketNo}`,
    bizType: TICKET_BIZ,
    bizId: ticket.id,
    occurredAt: at,
    cityCode: ticket.cityCode,
    lines: [
      { accountId: EXP_PIECE_PAY, direction: 'D', amount, memoKey },
      { accountId: payable, direction: 'C', amount, memoKey },
    ],
  });
  await tx.update(piecePayEntries).set({ txnId: posted.txnId }).where(eq(piecePayEntries.id, entry.id));
}
