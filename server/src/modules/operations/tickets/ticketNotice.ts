import { parseLang, type Lang } from '@kayuh/contract/lang';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import type { Services } from '../../../platform/services.ts';
import { tenantRows } from '../../../platform/scope.ts';
import { resolveAudience } from '../../message/audience.ts';
import { notify } from '../../message/notify.ts';

type NoticeServices = Pick<Services, 'db' | 'live' | 'catalogues' | 'log' | 'menuAccess'>;
/** Who hands tickets out: the staff told when one of their city's tickets runs past its SLA. */
const DISPATCH_PERM = 'operations:ticketList:assign';

/** Where a notice about a ticket takes its reader: the ticket list, searched by the ticket's number. */
const ticketLink = (ticketNo: string) => `/operations/Ticket/list?ticketNo=${encodeURIComponent(ticketNo)}`;

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
  const city = await resolveAudience(services.db, ticket.tenantId, { cityCode: ticket.cityCode });
  const ids = [...new Set([...city, ...(ticket.assigneeId ? [ticket.assigneeId] : [])])];
  if (!ids.length) return 0;
  const people = await services.db
    .select({ id: users.id, tenantId: users.tenantId, lang: users.lang })
    .from(users)
    .where(and(eq(users.tenantId, ticket.tenantId), inArray(users.id, ids)));
  const byLang = new Map<Lang, number[]>();
  for (const person of people) {
    if (person.id !== ticket.assigneeId && !hasPerm(await services.menuAccess.perms(person, false), DISPATCH_PERM)) continue;
    const lang = parseLang(person.lang);
    byLang.set(lang, [...(byLang.get(lang) ?? []), person.id]);
  }
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
