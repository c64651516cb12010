import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@kayuh/contract/constants';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * The sign-in lockout as atomic steps around the password check. Every attempt first takes one of the
 * LOGIN_MAX_FAILURES slots in a single conditional UPDATE, so no more than that many passwords are ever
 * verified per lock window, however many guesses arrive at once; a wrong password keeps its slot (the failure
 * count), a right one gives it back. A success is admitted only while no lock stands, and never clears one.
 */
const notLocked = (now: Date) => or(isNull(users.lockedUntil), lte(users.lockedUntil, now));

/** Refused: locked until a time, or (lockedUntil null) every slot is held by attempts still being checked. */
export type Reservation = { ok: true } | { ok: false; lockedUntil: Date | null };

export async function reserveAttempt(db: Db, userId: number, now: Date): Promise<Reservation> {
  // A lock that has run out starts a fresh count.
  const [taken] = await db
    .update(users)
    .set({
      loginFailCount: sql`CASE WHEN ${users.lockedUntil} IS NULL THEN ${users.loginFailCount} + 1 ELSE 1 END`,
      lockedUntil: null,
    })
    .where(and(eq(users.id, userId), notLocked(now), or(lt(users.loginFailCount, LOGIN_MAX_FAILURES), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  if (taken) return { ok: true };
  const [row] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, userId));
  return { ok: false, lockedUntil: row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null };
}

/** A wrong password keeps its slot; the attempt that fills the last one locks the account. True when locked. */
export async function recordFailure(db: Db, userId: number, now: Date): Promise<boolean> {
  const [locked] = await db
    .update(users)
    .set({ loginFailCount: 0, lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MS) })
    .where(and(eq(users.id, userId), notLocked(now), sql`${users.loginFailCount} >= ${LOGIN_MAX_FAILURES}`))
    .returning({ id: users.id });
  if (locked) return true;
  const [row] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, userId));
  return Boolean(row?.lockedUntil && row.lockedUntil > now);
}

/** A right password for an account that may not sign in (disabled) gives its slot back without counting. */
export async function releaseAttempt(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ loginFailCount: sql`greatest(${users.loginFailCount} - 1, 0)` })
    .where(eq(users.id, userId));
}

/** A right password signs in only if no concurrent failure has locked the account meanwhile. */
export async function admitSuccess(db: Db, userId: number, now: Date, ip: string): Promise<boolean> {
  const [admitted] = await db
    .update(users)
    .set({ loginFailCount: 0, lockedUntil: null, loginIp: ip, loginAt: now })
    .where(and(eq(users.id, userId), notLocked(now)))
    .returning({ id: users.id });
  return Boolean(admitted);
}
