import type { ResourceDef, RowCondition } from '@kayuh/contract/resources/types';
import type { ResourceRow } from './resourceApi';

/**
 * Whether a row's `field` holds one of `in` (a related list's or a payload field's `when`); a field the resource
 * fixes (a type's own page) holds its fixed values on every row. No condition: always; no row (a selection): never.
 */
export function rowMeets(resource: ResourceDef, row: ResourceRow | null | undefined, when: RowCondition | undefined): boolean {
  if (!when) return true;
  const fixed = resource.fixed?.[when.field];
  if (fixed) return fixed.every((v) => when.in.includes(v));
  return Boolean(row) && when.in.includes(String(row![when.field]));
}
