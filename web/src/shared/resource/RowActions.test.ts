import { describe, expect, it } from 'vitest';
import { countryResource } from '@kayuh/contract/resources/country';
import { postResource } from '@kayuh/contract/resources/post';
import { hasEffect } from '@kayuh/contract/rules/permissions';
import { rowEntries } from './RowActions';

const operator = { roleIdAndpostIds: [{ roleId: 7 }] };
const superAdmin = { roleIdAndpostIds: [{ roleId: 1 }] };
const edit = (entries: ReturnType<typeof rowEntries>) => entries.find((e) => e.title === 'action.edit')!;

describe('row entries and the tenant restriction (spec §6)', () => {
  it("carries the row's tenant, so another tenant's row is disabled and one's own is not", () => {
    const entries = rowEntries(postResource, { postId: 1, tenantId: 3, version: 0 });
    expect(hasEffect(edit(entries), { user: operator, currentTenantId: 2 }).disabled).toBe(true);
    expect(hasEffect(edit(entries), { user: operator, currentTenantId: 3 }).disabled).toBe(false);
  });

  it("treats a global row as the platform's: disabled for an operator, open to the super admin", () => {
    const entries = rowEntries(countryResource, { countryId: 1, version: 0 });
    expect(hasEffect(edit(entries), { user: operator, currentTenantId: 2 }).disabled).toBe(true);
    expect(hasEffect(edit(entries), { user: superAdmin, currentTenantId: 1 }).disabled).toBe(false);
    expect(
      hasEffect(
        entries.find((e) => e.title === 'action.view')!,
        { user: operator, currentTenantId: 2, viewTitles: ['action.view'] },
      ).disabled,
    ).toBe(false);
  });
});
