import type { Db } from '../../db/client.ts';
import { memberAuthLogs } from '../../db/schema.ts';

/** What member_auth_logs.event says happened (the rider's sign-in trail, userAuthLog). */
export type AuthEvent =
  | 'otp.sent'
  | 'otp.sendFailed'
  | 'otp.throttled'
  | 'otp.wrong'
  | 'otp.expired'
  | 'otp.inFlight'
  | 'otp.whileLocked'
  /** The lock itself: the phone is locked for OTP_LOCK_MS from this row's created_at (otpCodes.ts reads it). */
  | 'phone.locked'
  | 'member.created'
  | 'signin'
  | 'signin.refused'
  | 'logout';

export interface AuthLogEntry {
  tenantId: number;
  phone: string;
  event: AuthEvent;
  ip: string | null;
  memberId?: number | null;
  detail?: Record<string, unknown>;
  at?: Date;
}

export async function logAuthEvent(db: Db, entry: AuthLogEntry): Promise<void> {
  await db.insert(memberAuthLogs).values({
    tenantId: entry.tenantId,
    phone: entry.phone,
    event: entry.event,
    ip: entry.ip,
    memberId: entry.memberId ?? null,
    detail: entry.detail ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
