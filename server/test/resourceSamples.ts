import { dictByType } from '@kayuh/contract/dicts/index';
import type { FieldDef, ResourceDef } from '@kayuh/contract/resources/types';

/** The n-th variant of an example: unique fields differ per call, patterns still hold (letters stay letters). */
function variant(example: string, n: number): string {
  if (n === 0) return example;
  const last = example.at(-1) ?? 'A';
  const next = /[0-9]/.test(last)
    ? String((Number(last) + n) % 10)
    : /[a-z]/.test(last)
      ? String.fromCharCode(97 + ((last.charCodeAt(0) - 97 + n) % 26))
      : String.fromCharCode(65 + ((last.charCodeAt(0) - 65 + n) % 26));
  return example.slice(0, -1) + next;
}

function sample(f: FieldDef, n: number): unknown {
  // A fixed list of choices: the n-th after the example, so a unique one differs per call and stays a choice.
  if (f.options?.length && (f.unique || f.uniqueWith)) {
    const at = f.options.findIndex((o) => o.value === f.example);
    return f.options[(Math.max(at, 0) + n) % f.options.length]!.value;
  }
  if (f.example !== undefined) {
    if (!(f.unique || f.uniqueWith)) return f.example;
    if (typeof f.example === 'number') return f.example + n;
    return typeof f.example === 'string' ? variant(f.example, n) : f.example;
  }
  if (f.defaultValue !== undefined) return f.defaultValue;
  switch (f.type) {
    case 'int':
    case 'money':
      return f.min ?? 1;
    case 'decimal':
      return f.min ?? 1;
    case 'bool':
      return true;
    case 'date':
      return '2026-11-21';
    case 'datetime':
      return '2026-11-21T08:00:00+07:00';
    case 'polygon':
      return [
        { lat: -6.13, lng: 106.79 },
        { lat: -6.13, lng: 106.87 },
        { lat: -6.23, lng: 106.87 },
      ];
    default:
      return `sample ${n}`;
  }
}

/** A changed, still valid value for a field (the title an edit test writes). */
export function editedValue(f: FieldDef, current: unknown): unknown {
  if (f.pattern && typeof f.example === 'string') return variant(f.example, 5);
  // A dictionary's or a choice's title (an alarm rule's code, a template's message): the value after the current one.
  const values = f.options?.length
    ? f.options.map((o) => o.value)
    : f.type === 'dict' && f.dict
      ? (dictByType(f.dict)?.values.map((v) => v.value) ?? [])
      : [];
  if (values.length > 1) return values[(values.indexOf(String(current)) + 1) % values.length];
  return `${current} edited`.slice(0, f.max ?? 50);
}

/** A valid add body built from the declaration alone. */
export function sampleBody(r: ResourceDef, n = 0): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of r.fields)
    if (!f.serverOnly && f.form !== false && f.form !== 'readonly' && (f.required || f.example !== undefined)) body[f.name] = sample(f, n);
  return body;
}
