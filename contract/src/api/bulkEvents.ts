import { z } from 'zod';
import { BULK_ITEMS_MAX } from '../constants.ts';
import { idValue, INT4_MAX, transitionSchema } from '../resources/schemas.ts';
import type { ResourceDef, TransitionDef } from '../resources/types.ts';

/**
 * One declared event fired on a selection of rows (TransitionDef.bulk): POST {api}/{event}/bulk with the rows and the
 * versions read, and the event's payload once for all. Each row is fired on its own, in its own transaction, exactly
 * as POST {api}/{event} fires one (scope, state 2004, version 2003, guard); the answer says what became of each.
 */
export const bulkEventPath = (r: ResourceDef, t: TransitionDef) => `${r.api}/${t.name}/bulk`;

/** The body: 1–BULK_ITEMS_MAX distinct rows with their versions, and the event's payload fields. */
export function bulkEventSchema(r: ResourceDef, t: TransitionDef) {
  // The one-row body without its row: the payload fields, validated as for one row.
  const { [r.idName]: _id, version: _version, ...payload } = transitionSchema(r, t).shape;
  return z.object({
    ...payload,
    items: z
      .array(z.object({ id: idValue(), version: z.coerce.number().int().min(0).max(INT4_MAX) }))
      .min(1)
      .max(BULK_ITEMS_MAX)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'duplicate'),
  });
}

/** What became of one row: code 1000 with its new version, or the refusal (2002, 2003, 2004, 2006 …) in the caller's language. */
export interface BulkItemResult {
  id: number;
  code: number;
  msg: string;
  version?: number;
}

export interface BulkEventAnswer {
  done: number;
  refused: number;
  /** One per row sent, in the order sent. */
  results: BulkItemResult[];
}
