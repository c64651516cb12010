import { accountResource } from '@kayuh/contract/resources/ledger';
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
