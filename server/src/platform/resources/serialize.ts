import type { BoundResource } from './binding.ts';
import { toJsonValue } from './binding.ts';

/** Columns every row carries besides its declared fields. */
const COMMON = ['tenantId', 'cityCode', 'version', 'createdAt', 'updatedAt'];

/** A table row as the API answers it: declared fields, the RuoYi-style id name, and the common columns. */
export function serializeRow(r: BoundResource, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = r.def.view ? {} : { [r.def.idName]: row.id };
  for (const name of [...COMMON, ...r.def.fields.map((f) => f.name)]) {
    const column = r.columns[name];
    if (column && name in row) out[name] = toJsonValue(column, row[name]);
  }
  for (const f of r.def.fields) if (f.computed && f.name in row) out[f.name] = row[f.name] ?? null;
  // A list joins the names of the rows its reference fields point at.
  for (const f of r.def.fields) if (`${f.name}Label` in row) out[`${f.name}Label`] = row[`${f.name}Label`] ?? null;
  return out;
}
