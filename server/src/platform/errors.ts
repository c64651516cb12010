import { Code } from '@kayuh/contract/codes';

/**
 * A business outcome other than success. Thrown anywhere in a handler; the envelope plugin turns it into
 * HTTP 200 `{ code, msg, data }` with the message translated into the request's language.
 */
export class BizError extends Error {
  constructor(
    readonly code: number,
    readonly msgKey: string = `code.${code}`,
    readonly data?: unknown,
    readonly params?: Record<string, string | number>,
  ) {
    super(msgKey);
  }
}

export const notFound = () => new BizError(Code.notFound);
export const forbidden = () => new BizError(Code.forbidden);
export const invalid = (fields: Record<string, string>) => new BizError(Code.validation, undefined, { fields });
/** 2001 on one field: its reason (an i18n key, filled with the params) as the message and on the field. */
export const invalidField = (field: string, key: string, params?: Record<string, string | number>) =>
  new BizError(Code.validation, key, { fields: { [field]: key } }, params);
