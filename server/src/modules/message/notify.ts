import type { LiveMessage, NoticeSender } from '@kayuh/contract/api/live';
import type { FastifyBaseLogger } from 'fastify';
import { staffNotifications } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { resolveAudience, type Audience } from './audience.ts';

export interface Notice {
  /** The tenant of the users the audience names (a notice never crosses tenants). */
  tenantId: number;
  audience: Audience;
  bizCmd: LiveMessage['bizCmd'];
  title?: string | null;
  message: string;
  /** A route of the console (isNoticeLink). */
  url?: string | null;
  /** The staff member who sent it; none for the system's own notices (an export done, an alarm). */
  sender?: NoticeSender | null;
}

/**
 * Tells staff something (DOMAIN §2.9 staff_notifications): stores one row per user of the audience — so a push
 * missed while offline or reconnecting is read later — then pushes each their LiveMessage over the live link.
 * A push that fails is logged, not thrown: the stored row is the notice, the push only its fast path.
 * Answers how many users it reached.
 */
export async function notify(services: Pick<Services, 'db' | 'live'>, notice: Notice, log?: FastifyBaseLogger): Promise<{ reached: number }> {
  const userIds = await resolveAudience(services.db, notice.tenantId, notice.audience);
  if (!userIds.length) return { reached: 0 };
  const title = notice.title || null;
  const url = notice.url || null;
  const rows = await services.db
    .insert(staffNotifications)
    .values(
      userIds.map((userId) => ({
        tenantId: notice.tenantId,
        userId,
        bizCmd: notice.bizCmd,
        title,
        message: notice.message,
        url,
        createdBy: notice.sender?.userId ?? null,
      })),
    )
    .returning({ id: staffNotifications.id, userId: staffNotifications.userId });

  const pushes = rows.map((row) => {
    const body: LiveMessage = {
      bizCmd: notice.bizCmd,
      data: {
        ...(title ? { title } : {}),
        message: notice.message,
        ...(url ? { url } : {}),
        notificationId: row.id,
        ...(notice.sender ? { sender: notice.sender } : {}),
      },
    };
    return services.live.sendToUsers(notice.tenantId, [row.userId], JSON.stringify(body));
  });
  for (const result of await Promise.allSettled(pushes)) {
    if (result.status === 'rejected') log?.warn({ err: result.reason }, 'a staff notice was stored but not pushed');
  }
  return { reached: rows.length };
}
