import { accountResource } from '@kayuh/contract/resources/ledger';
import { ticketResource } from '@kayuh/contract/resources/tickets';
import { describe, expect, it } from 'vitest';
import { rowEntries } from './RowActions';

const shownTitles = (row: Record<string, unknown>) =>
  rowEntries(accountResource, row)
    .filter((e) => e.show)
    .map((e) => e.title);

describe("a row's actions", () => {
  it('offers an event only from the states it leaves, and not on the rows its declaration excepts', () => {
    const member = { accountId: 8, tenantId: 2, ownerType: 1, status: 0 };
    expect(shownTitles(member)).toEqual(['action.view', 'transition.lock']);
    expect(shownTitles({ ...member, status: 1 })).toEqual(['action.view', 'transition.unlock']);
    // The platform's control accounts are never locked: no Lock to press, only to be refused.
    expect(shownTitles({ ...member, accountId: 7, ownerType: 4 })).toEqual(['action.view']);
  });
});

describe("a ticket's field events", () => {
  const titles = (row: Record<string, unknown>, me: number) =>
    rowEntries(ticketResource, row, [], me)
      .filter((e) => e.show)
      .map((e) => e.title);

  it('are offered to the ticket’s own technician only; the dispatcher sees the dispatcher’s', () => {
    const assigned = { ticketId: 5, tenantId: 2, status: 1, assigneeId: 41 };
    expect(titles(assigned, 41)).toEqual([
      'action.view',
      'transition.acceptTicket',
      'transition.declineTicket',
      'transition.unassignTicket',
      'transition.reassignTicket',
      'transition.cancelTicket',
    ]);
    expect(titles(assigned, 7)).toEqual(['action.view', 'transition.unassignTicket', 'transition.reassignTicket', 'transition.cancelTicket']);
  });
});
