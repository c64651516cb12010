import pino from 'pino';

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

/**
 * Errors as log lines, never with the values of a failed query: drizzle puts the parameters (password hashes,
 * tokens, phone numbers) into its message and `params`. The SQL says what failed; the database's own code and
 * message say why.
 */
export function serializeError(err: Error): SerializedError {
  const out = pino.stdSerializers.err(err);
  const failed = err as Error & { query?: unknown; params?: unknown; cause?: { code?: string; message?: string } };
  if (typeof failed.query !== 'string' || !('params' in failed)) return out;
  const message = `Failed query: ${failed.query}`;
  const { params: _params, ...rest } = out as SerializedError & { params?: unknown };
  // The frames of the query's own stack; the cause's message and stack quote the rejected value, so they stay out.
  const ownFrames = out.stack
    .split('\ncaused by:')[0]!
    .split('\n')
    .filter((line) => /^\s+at /.test(line));
  return {
    ...rest,
    message,
    stack: [message, ...ownFrames].join('\n'),
    cause: failed.cause ? { code: failed.cause.code, message: withoutValues(failed.cause.message) } : undefined,
  } as SerializedError;
}

/** PostgreSQL quotes the offending value after a colon (`invalid input syntax for type integer: "…"`). */
const withoutValues = (message: string | undefined) => message?.replace(/:\s*".*$/s, ': "…"').replace(/\(([^)]*)\)=\(.*?\)/g, '($1)=(…)');

/** The server's logger options: the level, and errors serialised without query values. */
export const loggerOptions = (level: string, extra: object = {}) => ({
  level,
  serializers: { err: serializeError, error: serializeError },
  ...extra,
});

/** An error's message and stack as stored for users to read (a task's run log, a failed export): no query values. */
export function errorText(err: unknown): { message: string; stack: string } {
  if (!(err instanceof Error)) return { message: String(err), stack: String(err) };
  const safe = serializeError(err);
  return { message: safe.message, stack: safe.stack ?? `${err.name}: ${safe.message}` };
}
