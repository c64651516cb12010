/**
 * Business result codes (DESIGN.md §4, spec §8). Every envelope's `code` is one of these;
 * the message text comes from the i18n catalogue under `code.<number>`.
 */
export const Code = {
  ok: 1000,
  signedInElsewhere: 3001,
  loginExpired: 4001,
  noSession: 10007,
  validation: 2001,
  notFound: 2002,
  versionConflict: 2003,
  transitionNotAllowed: 2004,
  duplicate: 2005,
  forbidden: 2006,
  tenantRestricted: 2007,
  insufficientBalance: 2008,
  deviceTimeout: 2009,
  idempotencyReused: 2010,
  badCredentials: 2011,
  accountLocked: 2012,
  serverError: 5000,
} as const;

export type CodeName = keyof typeof Code;
export type ResultCode = (typeof Code)[CodeName];

/** Codes the client treats as success (spec §8: 1000, 0 and none). */
export const SUCCESS_CODES: ReadonlyArray<number | undefined | null> = [Code.ok, 0, undefined, null];

/** Codes that end the client session (spec §4). */
export const SESSION_END_CODES: ReadonlyArray<number> = [Code.signedInElsewhere, Code.loginExpired, Code.noSession];

/** i18n key of a code's default message. */
export const codeMessageKey = (code: number) => `code.${code}`;
