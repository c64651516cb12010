import { z } from 'zod';
import { CURSOR_MAX, PAGE_SIZE_MAX } from '../constants.ts';
import { dictByType } from '../dicts/index.ts';
import type { FieldDef, ResourceDef, TransitionDef } from './types.ts';

/** PostgreSQL's `integer` (versions, sort orders, counts), and the ids and minor-unit amounts held as `bigint`. */
export const INT4_MAX = 2_147_483_647;
export const ID_MAX = Number.MAX_SAFE_INTEGER;
/** A row id as a request sends it: a positive whole number the database can hold. */
export const idValue = () => z.coerce.number().int().positive().max(ID_MAX);
/** An optimistic-lock version: PostgreSQL `integer`. */
const versionValue = () => z.coerce.number().int().min(0).max(INT4_MAX);

/** Optional inputs arrive as '' from forms and form-encoded bodies: that means "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** On an edit, an optional field sent empty ('' or null) is cleared; one left out is kept. */
const blankToNull = (v: unknown) => (v === '' || v === null ? null : v);

/** A list of ids as JSON (an array) or form-encoded text ('3,5') sends it. */
const idArray = (min = 0, max = 2000) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(idValue()).min(min).max(max));

/** The zod schema of one field's value as a request sends it (JSON or form-encoded). */
export function fieldSchema(f: FieldDef): z.ZodType {
  // Ids in an array column of the row (not a join table): each once; an empty list means none, stored as null.
  if (f.type === 'idList' && !f.virtual) return idArray(f.required ? 1 : 0).transform((ids) => (ids.length ? [...new Set(ids)] : null));
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'image': {
      // A declared list of choices: one of them (validation.invalidOption), and a missing one is 'required'.
      if (f.options) {
        return z.enum(f.options.map((o) => o.value) as [string, ...string[]], {
          error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : undefined),
        });
      }
      let s = z.string().trim();
      if (f.required) s = s.min(Math.max(1, f.min ?? 1));
      else if (f.min !== undefined) s = s.min(f.min);
      s = s.max(f.max ?? (f.type === 'textarea' ? 2000 : f.type === 'image' ? 500 : 200));
      if (f.pattern) s = s.regex(new RegExp(f.pattern));
      return s;
    }
    case 'int':
    case 'money':
    case 'ref':
    case 'tree': {
      // Bounded by the column: `integer` for plain numbers, `bigint` (within JavaScript's exact range) for ids and money.
      const wide = f.type !== 'int';
      let n = z.coerce.number().int();
      n = n.min(f.min ?? (f.type === 'money' || f.type === 'ref' ? 0 : wide ? -ID_MAX : -INT4_MAX));
      n = n.max(f.max ?? (wide ? ID_MAX : INT4_MAX));
      return n;
    }
    case 'decimal':
      return z.coerce
        .number()
        .min(f.min ?? -1e12)
        .max(f.max ?? 1e12);
    case 'bool':
      return z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
    case 'date':
      return z.iso.date();
    case 'datetime':
      // An instant PostgreSQL holds and people mean: 1970–9999 once the offset is applied.
      return z.iso.datetime({ offset: true }).refine((v) => {
        const year = new Date(v).getUTCFullYear();
        return year >= 1970 && year <= 9999;
      }, 'invalid');
    case 'dict': {
      // A shipped dictionary is a closed set: the code's rules and state machines know exactly these values.
      // Tenants relabel them; a dictionary type a tenant made itself is open, bounded by the column.
      const values = f.dict ? dictByType(f.dict)?.values.map((d) => d.value) : undefined;
      const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
      if (f.multiple) {
        // A list of the dictionary's values (JSON array, or 'QRIS,VA_BCA' form-encoded), each once, in the dictionary's order.
        const one = values?.length ? z.enum(values as [string, ...string[]]) : z.string().trim().min(1).max(32);
        return z
          .preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : Array.isArray(v) ? v.map(asText) : v), z.array(one).max(100))
          .refine((list) => !f.required || list.length > 0, 'required')
          .transform((list) => [...new Set(list)].sort((a, b) => (values ? values.indexOf(a) - values.indexOf(b) : a.localeCompare(b))));
      }
      if (values?.length) {
        return z.preprocess(
          asText,
          z.enum(values as [string, ...string[]], {
            error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : undefined),
          }),
        );
      }
      return z.preprocess(asText, z.string().trim().min(1).max(32));
    }
    case 'polygon':
      return z
        .array(z.object({ lat: z.coerce.number().min(-90).max(90), lng: z.coerce.number().min(-180).max(180) }))
        .min(3)
        .max(500);
    case 'json':
      return z.unknown();
    case 'idList':
      // Kept in a join table, or in rows the binding makes (a ticket's vehicles): within the declared bounds.
      return idArray(f.min ?? 0, f.max ?? 2000);
    case 'password':
      return z
        .string()
        .min(f.min ?? 8)
        .max(f.max ?? 64)
        .regex(/[A-Za-z]/, 'passwordRule')
        .regex(/[0-9]/, 'passwordRule');
  }
}

const writable = (r: ResourceDef, mode: 'add' | 'edit') =>
  r.fields.filter((f) => !f.serverOnly && f.form !== false && f.form !== 'readonly' && !(mode === 'edit' && f.form === 'add'));

/** The add body: every writable field; required ones must be sent unless the server has a default for them. */
export function createSchema(r: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of writable(r, 'add')) {
    const s = fieldSchema(f);
    shape[f.name] = f.required && f.defaultValue === undefined ? s : z.preprocess(blankToUndefined, s.optional());
  }
  return z.object(shape);
}

/**
 * The edit body: the id, the version read, and any writable field (a sent required field must be valid; a sent empty
 * optional one is null, which clears it).
 */
export function updateSchema(r: ResourceDef) {
  const shape: Record<string, z.ZodType> = {
    [r.idName]: idValue(),
    version: versionValue(),
  };
  for (const f of writable(r, 'edit')) {
    const s = fieldSchema(f);
    shape[f.name] = f.required ? s.optional() : z.preprocess(blankToNull, s.nullable().optional());
  }
  return z.object(shape);
}

/** A transition body: which row, at which version. */
/**
 * A transition's body: the row's id, the version read (optional: a device or a job fires on the row as it is), and
 * the event's payload fields (a reject's reason), each validated like a form field.
 */
export function transitionSchema(r: ResourceDef, t: TransitionDef) {
  const shape: Record<string, z.ZodType> = { [r.idName]: idValue(), version: versionValue().optional() };
  for (const f of t.payload ?? []) {
    const s = fieldSchema(f);
    shape[f.name] = f.required ? s : z.preprocess(blankToUndefined, s.optional());
  }
  return z.object(shape);
}

/** List query (RuoYi): paging, a whitelisted sort, the city, and each declared filter. */
export function listSchema(r: ResourceDef) {
  const sortable = r.fields.filter((f) => f.sortable).map((f) => f.name);
  const shape: Record<string, z.ZodType> = {
    pageNum: r.unpagedByDefault ? z.coerce.number().int().min(1).max(INT4_MAX).optional() : z.coerce.number().int().min(1).max(INT4_MAX).default(1),
    pageSize: r.unpagedByDefault
      ? z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional()
      : z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
    orderByColumn: z.preprocess(blankToUndefined, (sortable.length ? z.enum(sortable as [string, ...string[]]) : z.never()).optional()),
    isAsc: z.preprocess(blankToUndefined, z.enum(['asc', 'desc', 'ascending', 'descending']).optional()),
    cityCode: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(ID_MAX).optional()),
    // A page's nextCursor: the page after it, by keyset (pageNum is then not used).
    cursor: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(CURSOR_MAX)
        .regex(/^[A-Za-z0-9_-]+$/)
        .optional(),
    ),
  };
  for (const f of r.fields) {
    if (!f.filter) continue;
    const value =
      f.filter === 'like' ? z.string().trim().max(100) : fieldSchema({ ...f, required: false, min: undefined, max: undefined, pattern: undefined });
    if (f.filter === 'range') {
      shape[`${f.name}From`] = z.preprocess(blankToUndefined, value.optional());
      shape[`${f.name}To`] = z.preprocess(blankToUndefined, value.optional());
    } else if (f.filter === 'in') {
      shape[f.name] = z.preprocess(
        (v) => (typeof v === 'string' ? (v === '' ? undefined : v.split(',')) : blankToUndefined(v)),
        z.array(value).max(50).optional(),
      );
    } else {
      shape[f.name] = z.preprocess(blankToUndefined, value.optional());
    }
  }
  return z.object(shape);
}
