import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmWatches } from '../../db/schema.ts';

export type Watch = typeof alarmWatches.$inferSelect;

/** One rule's watch of one target (a vehicle, a battery, a cabinet): alarm_watches' key. */
export interface WatchKey {
  targetType: number;
  targetId: number;
  alarmCode: string;
}

const whereKey = (k: WatchKey) =>
  and(eq(alarmWatches.targetType, k.targetType), eq(alarmWatches.targetId, k.targetId), eq(alarmWatches.alarmCode, k.alarmCode));

/** The watches of these targets of one type, by `targetId:alarmCode`. */
export async function watchesOf(db: Db, targetType: number, targetIds: number[]): Promise<Map<string, Watch>> {
  if (!targetIds.length) return new Map();
  const rows = await db
    .select()
    .from(alarmWatches)
    .where(and(eq(alarmWatches.targetType, targetType), inArray(alarmWatches.targetId, targetIds)));
  return new Map(rows.map((w) => [`${w.targetId}:${w.alarmCode}`, w]));
}

/** The conditions that begin to hold start their watches, in one statement (a fleet coming online starts thousands). */
export async function startWatches(db: Db, starting: Array<WatchKey & { tenantId: number; since: Date }>): Promise<void> {
  if (starting.length) await db.insert(alarmWatches).values(starting).onConflictDoNothing();
}

/**
 * The condition holds at `at` (its watch started, if it had none): past the rule's hold time the watch is claimed for
 * raising, and answers when the condition began; undefined while it has not held long enough, or once it was raised.
 * Claimed before the alarm is raised: of two instances hearing the same target at once, one raises it.
 */
export async function holdsAt(db: Db, key: WatchKey, watch: Watch | undefined, at: Date, holdS: number): Promise<Date | undefined> {
  const since = watch?.since ?? at;
  if (watch?.normalSince) await db.update(alarmWatches).set({ normalSince: null }).where(whereKey(key));
  if (watch?.raisedAt || at.getTime() - since.getTime() < holdS * 1000) return undefined;
  const [claimed] = await db
    .update(alarmWatches)
    .set({ raisedAt: at })
    .where(and(whereKey(key), isNull(alarmWatches.raisedAt)))
    .returning({ since: alarmWatches.since });
  return claimed?.since;
}

/**
 * The condition is over at `at`: a watch never raised is dropped (it did not last; nothing to recover); one raised is
 * dropped once normal for the rule's recover time, and `recover` (told since when) runs in the same transaction.
 */
export async function normalAt(
  db: Db,
  key: WatchKey,
  watch: Watch,
  at: Date,
  recoverS: number,
  recover: (tx: Db, normalSince: Date) => Promise<void>,
): Promise<void> {
  if (!watch.raisedAt) return void (await db.delete(alarmWatches).where(whereKey(key)));
  const normalSince = watch.normalSince ?? at;
  if (at.getTime() - normalSince.getTime() < recoverS * 1000) {
    if (!watch.normalSince) await db.update(alarmWatches).set({ normalSince }).where(whereKey(key));
    return;
  }
  await db.transaction(async (tx) => {
    await tx.delete(alarmWatches).where(whereKey(key));
    await recover(tx, normalSince);
  });
}
