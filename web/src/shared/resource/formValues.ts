import type { RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDef, ResourceDef } from '@kayuh/contract/resources/types';
import type { TFunction } from '../../lib/i18n';
import { schemaRule } from '../forms/schemaRule';
import type { ResourceRow } from './resourceApi';

export type FormMode = 'add' | 'edit';
export type FormValues = Record<string, unknown>;
type FieldSchema = Parameters<typeof schemaRule>[0];
type Parsed = ReturnType<FieldSchema['safeParse']>;

/** The form shows every field a person may write or should see; server-only ones never. */
export const formFields = (r: ResourceDef) => r.fields.filter((f) => !f.serverOnly && f.form !== false);

/** 'readonly' fields are shown, never edited; 'add' fields are set once, when the row is created. */
export const isLocked = (f: FieldDef, mode: FormMode) => f.form === 'readonly' || (mode === 'edit' && f.form === 'add');

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
// A json field is edited as text; a polygon as its points on a map (PolygonInput), sent as they are.
const isJsonText = (f: FieldDef) => f.type === 'json';

/** A stored value as its form control holds it. */
function toFormValue(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return f.type === 'bool' ? false : undefined;
  if (f.type === 'date' || f.type === 'datetime') return dayjs(v as string);
  if (f.type === 'dict') return f.multiple && Array.isArray(v) ? v.map(String) : String(v);
  if (f.type === 'bool') return v === true || v === 'true' || v === 1 || v === '1';
  if (isJsonText(f)) return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
  return v;
}

/** Add starts from the declared defaults; edit from the row as the server holds it now. */
export function initialValues(r: ResourceDef, row?: ResourceRow): FormValues {
  return Object.fromEntries(formFields(r).map((f) => [f.name, toFormValue(f, row ? row[f.name] : f.defaultValue)]));
}

/** An event's payload form starts from the payload's declared defaults (a grant's source: manual). */
export const payloadDefaults = (fields: ReadonlyArray<FieldDef>): FormValues =>
  Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, toFormValue(f, f.defaultValue)]));

/** A control's value as the request sends it; `ok: false` when it cannot be read (bad JSON). */
function toWire(f: FieldDef, v: unknown): { ok: true; value: unknown } | { ok: false } {
  if (f.type === 'date') return { ok: true, value: (v as Dayjs).format('YYYY-MM-DD') };
  if (f.type === 'datetime') return { ok: true, value: (v as Dayjs).toISOString() };
  if (!isJsonText(f)) return { ok: true, value: typeof v === 'string' ? v.trim() : v };
  // A slot's control may hold a json field as data (a repair's part lines), not as text.
  if (typeof v !== 'string') return { ok: true, value: v };
  try {
    return { ok: true, value: JSON.parse(String(v)) };
  } catch {
    return { ok: false };
  }
}

const failed = (code: string): Parsed => ({ success: false, error: { issues: [{ code, message: code }] } });

/**
 * One antd rule per field from the contract's own schema (createSchema / updateSchema), applied to the
 * value as it will be sent, so the form says what the server would say, in the same validation.* words.
 */
export function fieldRule(f: FieldDef, schema: FieldSchema | undefined, t: TFunction): RuleObject {
  return schemaRule(
    {
      safeParse: (value) => {
        if (isBlank(value)) return f.required ? failed('invalid_type') : { success: true };
        const wire = toWire(f, value);
        if (!wire.ok) return failed('invalid_format');
        return schema ? schema.safeParse(wire.value) : { success: true };
      },
    },
    t,
  );
}

/** What a cleared optional field sends, so the server clears it: '' for texts, [] for id lists, else null. */
function emptyOf(f: FieldDef): unknown {
  if (f.type === 'text' || f.type === 'textarea' || f.type === 'image') return '';
  return f.type === 'idList' || f.multiple ? [] : null;
}

/**
 * The request body of the writable fields; a cleared optional field is sent empty so the server can clear it.
 * Fields the form does not show now (`hidden`, e.g. a role's depts outside the custom scope) are not sent.
 */
export function formBody(r: ResourceDef, mode: FormMode, values: FormValues, hidden: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of formFields(r)) {
    if (isLocked(f, mode) || hidden.has(f.name)) continue;
    const value = values[f.name];
    const wire = isBlank(value) ? undefined : toWire(f, value);
    body[f.name] = wire?.ok ? wire.value : emptyOf(f);
  }
  return body;
}
