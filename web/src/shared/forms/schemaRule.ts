import type { FormInstance, RuleObject } from 'antd/es/form';
import type { TFunction } from '../../lib/i18n';
import { ApiError } from '../../lib/http';

/** What a zod issue looks like, structurally: the web reads the contract's schemas without importing zod. */
interface Issue {
  code: string;
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
}
interface FieldSchema {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly Issue[] } };
}

/** A message that names a catalogue entry rather than describing the problem in words. */
const NAMED = /^[a-z][A-Za-z]*$/;

/** zod issue → the catalogue's validation.* text (the same words the server answers with). */
export function issueText(issue: Issue, t: TFunction): string {
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1 && issue.origin === 'string'
        ? t('validation.required')
        : t(issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall', { min: Number(issue.minimum) });
    case 'too_big':
      return t(issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', { max: Number(issue.maximum) });
    case 'invalid_format':
      // A pattern given a message names its catalogue entry (e.g. 'passwordRule'); zod's own are sentences.
      return NAMED.test(issue.message) ? t(`validation.${issue.message}`) : t('validation.invalidFormat');
    case 'invalid_value':
      return t('validation.invalidOption');
    case 'invalid_type':
      return t('validation.required');
    default:
      // Refinements name their catalogue entry in the message (e.g. 'samePassword').
      return t(`validation.${issue.message}`);
  }
}

/**
 * An antd rule that validates a field with the contract's schema, so the form and the server apply one rule.
 */
export function schemaRule(schema: FieldSchema, t: TFunction): RuleObject {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? '');
      const issue = result.success ? undefined : result.error?.issues[0];
      if (issue) throw new Error(issueText(issue, t));
    },
  };
}

/** Server validation (2001 with data.fields) shown on the fields it names; true when it did. */
export function showServerFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = (error.data as { fields?: Record<string, string> } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return false;
  form.setFields(Object.entries(fields).map(([name, message]) => ({ name, errors: [message] })));
  return true;
}
