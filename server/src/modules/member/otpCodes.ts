import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_LOCK_MS,
  OTP_MAX_FAILURES,
  OTP_RESEND_COOLDOWN_MS,
  OTP_SEND_WINDOW_MS,
  OTP_SENDS_PER_WINDOW,
  OTP_TTL_MS,
} from '@kayuh/contract/constants';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberAuthLogs, memberOtps } from '../../db/schema.ts';
import { logAuthEvent } from './authLog.ts';

/**
 * One-time codes of one phone (member_otps). The newest code of a phone is the only one that signs in. Every try
 * takes one of OTP_MAX_FAILURES slots on its row in a single conditional UPDATE before the code is compared, so
 * however many tries arrive at once no more than that many are ever compared; a wrong code keeps its slot, a right
 * one spends the code (once: a second conditional UPDATE) and gives its slot back. The try that fills the last slot
 * with a wrong code locks the phone: the lock is its member_auth_logs row ('phone.locked'), for OTP_LOCK_MS. Wrong
 * codes carry over to a code sent again soon after, so asking for a new code does not reset the count.
 */

export const newOtpCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

const codeHash = (tenantId: number, phone: string, code: string) => createHash('sha256').update(`${tenantId}:${phone}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Until when the phone is locked, or null. */
export async function lockedUntil(db: Db, tenantId: number, phone: string, now: Date): Promise<Date | null> {
  const [lock] = await db
    .select({ at: memberAuthLogs.createdAt })
    .from(memberAuthLogs)
    .where(
      and(
        eq(memberAuthLogs.tenantId, tenantId),
        eq(memberAuthLogs.phone, phone),
        eq(memberAuthLogs.event, 'phone.locked'),
        gt(memberAuthLogs.createdAt, new Date(now.getTime() - OTP_LOCK_MS)),
      ),
    )
    .orderBy(desc(memberAuthLogs.id))
    .limit(1);
  return lock ? new Date(lock.at.getTime() + OTP_LOCK_MS) : null;
}

export type IssueOutcome =
  { ok: true; otpId: number } | { ok: false; reason: 'locked'; until: Date } | { ok: false; reason: 'cooldown' | 'tooMany'; retryAfterMs: number };

/**
 * Stores a new code for a phone unless it is locked, or (not for a test number) was sent one less than
 * OTP_RESEND_COOLDOWN_MS ago or OTP_SENDS_PER_WINDOW within the window. Sends to one phone take turns on a
 * transaction lock, so the checks hold across instances and concurrent calls.
 */
export async function issueCode(
  db: Db,
  req: { tenantId: number; phone: string; code: string; ip: string; unthrottled: boolean },
  now: Date,
): Promise<IssueOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`member_otp:${req.tenantId}:${req.phone}`}))`);
    const until = await lockedUntil(tx as unknown as Db, req.tenantId, req.phone, now);
    if (until) return { ok: false, reason: 'locked', until };
    const recent = await tx
      .select({ createdAt: memberOtps.createdAt, attempts: memberOtps.attempts, consumedAt: memberOtps.consumedAt })
      .from(memberOtps)
      .where(
        and(
          eq(memberOtps.tenantId, req.tenantId),
          eq(memberOtps.phone, req.phone),
          gt(memberOtps.createdAt, new Date(now.getTime() - OTP_SEND_WINDOW_MS)),
        ),
      )
      .orderBy(desc(memberOtps.id))
      .limit(OTP_SENDS_PER_WINDOW);
    const last = recent[0];
    const since = (row: { createdAt: Date }) => now.getTime() - row.createdAt.getTime();
    if (!req.unthrottled && last && since(last) < OTP_RESEND_COOLDOWN_MS)
      return { ok: false, reason: 'cooldown', retryAfterMs: OTP_RESEND_COOLDOWN_MS - since(last) };
    if (!req.unthrottled && recent.length >= OTP_SENDS_PER_WINDOW)
      return { ok: false, reason: 'tooMany', retryAfterMs: OTP_SEND_WINDOW_MS - since(recent[recent.length - 1]!) };
    const carried = last && !last.consumedAt && last.attempts < OTP_MAX_FAILURES && since(last) < OTP_LOCK_MS ? last.attempts : 0;
    const [row] = await tx
      .insert(memberOtps)
      .values({
        tenantId: req.tenantId,
        phone: req.phone,
        codeHash: codeHash(req.tenantId, req.phone, req.code),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        attempts: carried,
        ip: req.ip,
        createdAt: now,
      })
      .returning({ id: memberOtps.id });
    return { ok: true, otpId: row!.id };
  });
}

export type CheckOutcome =
  | { ok: true }
  | { ok: false; reason: 'wrong'; left: number }
  | { ok: false; reason: 'expired' }
  | { ok: false; reason: 'inFlight' }
  | { ok: false; reason: 'locked'; until: Date; justLocked: boolean };

/** Tries a code against the phone's newest one, spending it when right (see the file's comment). */
export async function checkCode(db: Db, req: { tenantId: number; phone: string; code: string; ip: string }, now: Date): Promise<CheckOutcome> {
  const until = await lockedUntil(db, req.tenantId, req.phone, now);
  if (until) return { ok: false, reason: 'locked', until, justLocked: false };
  const newest = sql`(SELECT max(${memberOtps.id}) FROM ${memberOtps} WHERE ${memberOtps.tenantId} = ${req.tenantId} AND ${memberOtps.phone} = ${req.phone})`;
  const [slot] = await db
    .update(memberOtps)
    .set({ attempts: sql`${memberOtps.attempts} + 1` })
    .where(and(eq(memberOtps.id, newest), isNull(memberOtps.consumedAt), gt(memberOtps.expiresAt, now), lt(memberOtps.attempts, OTP_MAX_FAILURES)))
    .returning({ id: memberOtps.id, codeHash: memberOtps.codeHash, attempts: memberOtps.attempts });

  if (!slot) {
    const [row] = await db
      .select({ consumedAt: memberOtps.consumedAt, expiresAt: memberOtps.expiresAt })
      .from(memberOtps)
      .where(eq(memberOtps.id, newest));
    if (!row || row.consumedAt || row.expiresAt <= now) return { ok: false, reason: 'expired' };
    // Every slot is taken: by wrong codes (then the phone is locked, or is being locked right now) or by tries still being compared.
    const lock = await lockedUntil(db, req.tenantId, req.phone, now);
    return lock ? { ok: false, reason: 'locked', until: lock, justLocked: false } : { ok: false, reason: 'inFlight' };
  }

  if (!sameHash(codeHash(req.tenantId, req.phone, req.code), slot.codeHash)) {
    if (slot.attempts < OTP_MAX_FAILURES) return { ok: false, reason: 'wrong', left: OTP_MAX_FAILURES - slot.attempts };
    await logAuthEvent(db, {
      tenantId: req.tenantId,
      phone: req.phone,
      event: 'phone.locked',
      ip: req.ip,
      at: now,
      detail: { failures: slot.attempts },
    });
    return { ok: false, reason: 'locked', until: new Date(now.getTime() + OTP_LOCK_MS), justLocked: true };
  }
  const [spent] = await db
    .update(memberOtps)
    .set({ consumedAt: now, attempts: sql`${memberOtps.attempts} - 1` })
    .where(and(eq(memberOtps.id, slot.id), isNull(memberOtps.consumedAt)))
    .returning({ id: memberOtps.id });
  // A parallel try of the same code spent it first.
  return spent ? { ok: true } : { ok: false, reason: 'expired' };
}
