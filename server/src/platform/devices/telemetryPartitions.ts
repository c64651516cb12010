import { TELEMETRY_KEEP_DAYS } from '@kayuh/contract/api/device';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../rows.ts';

const DAY_MS = 86_400_000;
/** Days made ahead of today (a server down over a weekend still finds its days). */
const DAYS_AHEAD = 3;
const PARENT = 'vehicle_telemetry';
const NAME = /^vehicle_telemetry_p(\d{4})(\d{2})(\d{2})$/;

const dayName = (day: Date) => `${PARENT}_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

/**
 * vehicle_telemetry's daily partitions (UTC days, DOMAIN §6.1): yesterday to three days ahead made, days past the 90
 * kept dropped whole, and the default partition's frames of those days deleted. Safe to run again and on several
 * instances at once (a day another made first is left as it is).
 */
export async function keepTelemetryPartitions(db: Db, now = new Date()): Promise<{ created: number; dropped: number }> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const existing = new Set(
    rowsOf<{ name: string }>(
      await db.execute(sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = ${PARENT}`),
    ).map((r) => r.name),
  );
  let created = 0;
  for (let d = -1; d <= DAYS_AHEAD; d++) {
    const from = new Date(today + d * DAY_MS);
    const name = dayName(from);
    if (existing.has(name)) continue;
    try {
      await db.execute(
        sql`CREATE TABLE IF NOT EXISTS ${sql.identifier(name)} PARTITION OF ${sql.identifier(PARENT)}
          FOR VALUES FROM (${sql.raw(`'${from.toISOString()}'`)}) TO (${sql.raw(`'${new Date(from.getTime() + DAY_MS).toISOString()}'`)})`,
      );
      created++;
    } catch (err) {
      // Another instance made it meanwhile, or the default partition already holds frames of that day: they stay there.
      // drizzle wraps the driver's error: its own text is the cause's.
      const said = `${String((err as Error).message ?? err)} ${String(((err as Error).cause as Error | undefined)?.message ?? '')}`;
      if (!/already exists|would be violated|updated partition constraint/i.test(said)) throw err;
    }
  }
  const cutoff = today - TELEMETRY_KEEP_DAYS * DAY_MS;
  let dropped = 0;
  for (const name of existing) {
    const m = NAME.exec(name);
    if (!m || Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) >= cutoff) continue;
    await db.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(name)}`);
    dropped++;
  }
  await db.execute(sql`DELETE FROM ${sql.identifier(`${PARENT}_default`)} WHERE reported_at < ${new Date(cutoff).toISOString()}`);
  return { created, dropped };
}
