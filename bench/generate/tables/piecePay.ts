// Technicians' piece pay (docs/settlements.md): every approved ticket pays its technician its template's rate for its
// one vehicle, dated the city's business day of the approval, as the server's approve writes it. The tickets are
// drawn again from their plan (tables/tickets.ts), so each entry matches its ticket. None is settled: the bench makes
// no technician settlements; and, as the share accrual, the postings are not generated (txn_id is null, the
// technicians' STAFF_PAYABLE accounts are not opened).
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { piecePayEntries, tickets, users } from '../../../server/src/db/schema.ts';
import { businessNoOf } from '../../../server/src/platform/businessNo.ts';
import { defineTable } from '../spec.ts';
import { pieceRateOf, ticketPlan } from './tickets.ts';

export const piecePayTables = [
  defineTable({
    table: piecePayEntries,
    *rows(_rng, ctx) {
      for (const t of ticketPlan(ctx)) {
        const approved = t.steps.findLast((s) => s.event === 'approve');
        if (!approved || t.assigneeId === null) continue;
        const c = ctx.cities[t.cityIndex]!;
        const rate = pieceRateOf(t.type);
        const at = new Date(approved.at);
        yield {
          id: t.id,
          tenantId: c.tenantId,
          cityCode: c.cityCode,
          ticketId: t.id,
          ticketNo: businessNoOf('TK', t.id, new Date(t.createdAt)),
          ticketType: t.type,
          technicianId: t.assigneeId,
          workDate: businessDateOf(at, c.tz),
          items: 1,
          rate,
          amount: rate,
          currency: 'IDR',
          status: 0,
          createdAt: at,
          updatedAt: at,
        };
      }
    },
    references: [
      [piecePayEntries.ticketId, tickets.id],
      [piecePayEntries.technicianId, users.id],
    ],
    rules: [
      {
        name: 'piece pay of a ticket not approved, or paid to someone else than its technician',
        sql: `SELECT count(*) FROM piece_pay_entries p JOIN tickets t ON t.id = p.ticket_id
                WHERE p.tenant_id >= 1001 AND (t.approved_at IS NULL OR t.assignee_id IS DISTINCT FROM p.technician_id OR t.ticket_no <> p.ticket_no)`,
      },
    ],
  }),
];
