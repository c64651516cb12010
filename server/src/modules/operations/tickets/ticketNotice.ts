import { parseLang } from '@kayuh/contract/lang';
import { and, eq } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import type { Services } from '../../../platform/services.ts';
import { tenantRows } from '../../../platform/scope.ts';
import { notify } from '../../message/notify.ts';
import { cityStaffByLang } from '../../message/staffByLang.ts';

type NoticeServices = Pick<Services, 'db' | 'live' | 'catalogues' | 'log' | 'menuAccess'>;
/** Who hands tickets out: the staff told when one of their city's tickets runs past its SLA. */
const DISPATCH_PERM = 'operations:ticketList:assign';

/** Where a notice about a ticket takes its reader: the ticket list, searched by the ticket's number. */
const ticketLink = (ticketNo: string) => `/Ticket/list?ticketNo=${encodeURIComponent(ticketNo)}`;

/**
 * Tells a technician about their ticket (DOMAIN §3.1: assigned, reassigned away, rejected), in their own language,
 * stored and pushed over the live link. Called once the event committed.
 */
export async function tellAboutTicket(
  services: Pick<Services, 'db' | 'live' | 'catalogues' | 'log'>,
  ticket: { tenantId: number; ticketNo: string },
  userId: number,
  key: 'ticket.notice.assigned' | 'ticket.notice.unassigned' | 'ticket.notice.rejected',
) {
  const [person] = await services.db
    .select({ lang: users.lang })
    .from(users)
    .where(and(eq(users.id, userId), tenantRows(ticket.tenantId, users)));
  if (!person) return;
  const lang = parseLang(person.lang);
  const t = (k: string, params?: Record<string, string>) => services.catalogues.t(lang, k, params, ticket.tenantId);
  await notify(
    services,
    {
      tenantId: ticket.tenantId,
      audience: { userIds: [userId] },
      bizCmd: 'titleMessage',
      title: await t(`${key}.title`),
      message: await t(key, { ticketNo: ticket.ticketNo }),
      url: ticketLink(ticket.ticketNo),
    },
    services.log,
  );
}

/**
 * A ticket past its due time (DOMAIN §3.1 SLA): its technician and the city's staff who hand tickets out are told
 * once, each in their own language. Answers how many were told.
 */
export async function tellOverdue(
  services: NoticeServices,
  ticket: { tenantId: number; cityCode: number; ticketNo: string; assigneeId: number | null },
): Promise<number> {
  // The dispatchers, who may open the list the notice links to, and the ticket's own technician.
  const byLang = await cityStaffByLang(services, ticket.tenantId, ticket.cityCode, DISPATCH_PERM, ticket.assigneeId ? [ticket.assigneeId] : []);
  let reached = 0;
  for (const [lang, userIds] of byLang) {
    const t = (k: string) => services.catalogues.t(lang, k, { ticketNo: ticket.ticketNo }, ticket.tenantId);
    const sent = await notify(
      services,
      {
        tenantId: ticket.tenantId,
        audience: { userIds },
        bizCmd: 'titleMessage',
        title: await t('ticket.notice.overdue.title'),
        message: await t('ticket.notice.overdue'),
        url: ticketLink(ticket.ticketNo),
      },
      services.log,
    );
    reached += sent.reached;
  }
  return reached;
}
