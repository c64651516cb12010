import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Translate = (key: string, params?: Record<string, string | number>) => Promise<string>;

/** Validation keys a schema may name directly as its issue message, e.g. `.min(8, 'passwordRule')`. */
const NAMED = new Set(['passwordRule', 'samePassword', 'wrongOldPassword', 'required', 'noticeUrl', 'rangeOrder', 'trackRange']);

/** Maps one zod issue to a catalogue key with its parameters. */
function keyOf(issue: ZodFastifySchemaValidationError): [string, Record<string, string | number>?] {
  const p = issue.params as Record<string, unknown>;
  if (typeof issue.message === 'string' && NAMED.has(issue.message)) return [`validation.${issue.message}`];
  switch (issue.keyword) {
    case 'invalid_type':
      return p.input === undefined || p.input === null ? ['validation.required'] : ['validation.invalidType'];
    case 'invalid_union':
      return p.input === undefined || p.input === null || p.input === '' ? ['validation.required'] : ['validation.invalid'];
    case 'too_small':
      if (p.origin === 'string') return Number(p.minimum) <= 1 ? ['validation.required'] : ['validation.tooShort', { min: Number(p.minimum) }];
      return ['validation.tooSmall', { min: String(p.minimum) }];
    case 'too_big':
      if (p.origin === 'string') return ['validation.tooLong', { max: Number(p.maximum) }];
      return ['validation.tooBig', { max: String(p.maximum) }];
    case 'invalid_format':
      return ['validation.invalidFormat'];
    case 'invalid_value':
      return ['validation.invalidOption'];
    case 'unrecognized_keys':
      return ['validation.unknownField'];
    default:
      return ['validation.invalid'];
  }
}

/** The catalogue key (with parameters) of a zod issue met outside a route's schema, e.g. a cell of an imported row. */
export function issueKey(issue: z.core.$ZodIssue): [string, Record<string, string | number>?] {
  const { code, message, path: _path, ...params } = issue;
  return keyOf({ keyword: code, message, params } as unknown as ZodFastifySchemaValidationError);
}

/** `data.fields` of a 2001 answer: field path → translated message (the first issue per field). */
export async function fieldErrors(issues: ZodFastifySchemaValidationError[], t: Translate): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    if (fields[field]) continue;
    const [key, params] = keyOf(issue);
    fields[field] = await t(key, params);
  }
  return fields;
}
