import { memberAuthLogResource, memberLoginLogResource, type MemberAuthEvent } from '@kayuh/contract/resources/memberAuthLogs';
import type { Db } from '../../db/client.ts';
import { memberAuthLogs } from '../../db/schema.ts';
import { bindResource } from '../../platform/resources/binding.ts';

/** What member_auth_logs.event says happened (contract: MEMBER_AUTH_EVENTS). 'phone.locked' is the lock itself: the phone
 * is locked for OTP_LOCK_MS from its row's created_at (otpCodes.ts reads it). */
export type AuthEvent = MemberAuthEvent;

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

/** A member's sign-ins for customer service (/user_main/login_log) and the whole trail (/log_main/userAuthLog). */
export const memberLoginLogBinding = bindResource(memberLoginLogResource, memberAuthLogs);
export const memberAuthLogBinding = bindResource(memberAuthLogResource, memberAuthLogs);
