import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { errorText, loggerOptions } from '../src/platform/logSerializers.ts';
import { useTestApp } from './harness.ts';

/** A failed query is logged by its SQL, never with its values (issue #8, point 6). */
const t = useTestApp();

describe('failed-query log lines', () => {
  it('carry the SQL and the database error, not the parameters', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$not-for-the-log';
    const failure = await t.database.db.execute(sql`SELECT ${secret}::int AS n`).then(
      () => undefined,
      (err: Error) => err,
    );
    expect(failure, 'the query failed').toBeInstanceOf(Error);
    expect(String(failure!.message)).toContain(secret);

    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    log.error({ err: failure }, 'request failed');
    const line = lines.join('');
    expect(line).toContain('SELECT $1::int AS n');
    expect(line).toContain('22P02');
    expect(line).not.toContain('not-for-the-log');
    // The same goes for what a task's run log or a failed export keeps for users to read.
    const stored = errorText(failure);
    expect(stored.message).toBe('Failed query: SELECT $1::int AS n');
    expect(stored.stack).not.toContain('not-for-the-log');
  });
});
