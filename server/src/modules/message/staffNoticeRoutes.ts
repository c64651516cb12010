import {
  myNoticesQuery,
  noticeIds,
  STAFF_NOTICE_API,
  STAFF_NOTICE_SEND_PERM,
  staffNoticeSend,
  type StaffNoticeSend,
  type StaffNotification,
} from '@kayuh/contract/api/staffNotice';
import type { Lang } from '@kayuh/contract/lang';
import { Code } from '@kayuh/contract/codes';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cities, roles, staffNotifications, users } from '../../db/schema.ts';
import { authOf } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/auth/context.ts';
import { ok, page } from '../../platform/envelope.ts';
import { BizError } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { allActiveStaff, type Audience } from './audience.ts';
import { notify } from './notify.ts';
import { tenantRows } from '../../platform/scope.ts';

type Row = typeof staffNotifications.$inferSelect;
const serialize = ({ notice: r, senderName }: { notice: Row; senderName: string | null }): StaffNotification => ({
  notificationId: r.id,
  bizCmd: r.bizCmd as StaffNotification['bizCmd'],
  title: r.title,
  message: r.message,
  url: r.url,
  sender: r.createdBy !== null ? { userId: r.createdBy, name: senderName ?? '' } : null,
  readAt: r.readAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The signed-in user's own notifications (the header's bell) and the page that sends a notice. A user reads and
 * marks only their own rows: every query is keyed by the session's user, whatever the request names.
 * Marking read is a receipt, not a change of business data, so it is not journalled; a send is.
 */
export const staffNoticeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, catalogues } = services;
  const tags = ['staffNotice'];
  const mine = (auth: AuthContext) => and(eq(staffNotifications.tenantId, auth.tenantId), eq(staffNotifications.userId, auth.userId));
  const unread = isNull(staffNotifications.readAt);

  app.post(
    `${STAFF_NOTICE_API}/mine`,
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'My notifications, newest first (paged)', body: myNoticesQuery },
    },
    async (req) => {
      const auth = authOf(req);
      const { pageNum, pageSize, unreadOnly } = req.body;
      const where = and(mine(auth), unreadOnly ? unread : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({ notice: staffNotifications, senderName: users.nickName })
          .from(staffNotifications)
          .leftJoin(users, eq(users.id, staffNotifications.createdBy))
          .where(where)
          .orderBy(desc(staffNotifications.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db.select({ n: count() }).from(staffNotifications).where(where),
      ]);
      return page(rows.map(serialize), total?.n ?? 0);
    },
  );

  app.get(
    `${STAFF_NOTICE_API}/unreadCount`,
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'How many of my notifications are unread' },
    },
    async (req) => {
      const [row] = await db
        .select({ n: count() })
        .from(staffNotifications)
        .where(and(mine(authOf(req)), unread));
      return ok(row?.n ?? 0);
    },
  );

  app.post(
    `${STAFF_NOTICE_API}/read`,
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Mark some of my notifications read', body: noticeIds },
    },
    async (req) => {
      const updated = await db
        .update(staffNotifications)
        .set({ readAt: new Date() })
        .where(and(mine(authOf(req)), unread, inArray(staffNotifications.id, req.body.ids)))
        .returning({ id: staffNotifications.id });
      return ok({ updated: updated.length });
    },
  );

  app.post(
    `${STAFF_NOTICE_API}/readAll`,
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Mark all my notifications read' },
    },
    async (req) => {
      const updated = await db
        .update(staffNotifications)
        .set({ readAt: new Date() })
        .where(and(mine(authOf(req)), unread))
        .returning({ id: staffNotifications.id });
      return ok({ updated: updated.length });
    },
  );

  /** The audience the form names, checked against the caller's tenant (and, for a city, their scope). */
  async function audienceOf(auth: AuthContext, tenantId: number, body: StaffNoticeSend, lang: Lang): Promise<Audience> {
    const refuse = async (field: string, key: string) => {
      throw new BizError(Code.validation, undefined, { fields: { [field]: await catalogues.t(lang, key) } });
    };
    switch (body.audienceType) {
      case 'users':
        if (!(await allActiveStaff(db, tenantId, body.userIds!))) await refuse('userIds', 'validation.usersNotInTenant');
        return { userIds: body.userIds! };
      case 'role': {
        const [role] = await db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.id, body.roleId!), tenantRows(tenantId, roles)))
          .limit(1);
        if (!role) await refuse('roleId', 'validation.roleNotInTenant');
        return { roleId: body.roleId! };
      }
      case 'city': {
        const [city] = await db
          .select({ code: cities.cityCode })
          .from(cities)
          .where(and(eq(cities.cityCode, body.cityCode!), tenantRows(tenantId, cities)))
          .limit(1);
        if (!city || !(auth.allCities || auth.deptIds.includes(city.code))) await refuse('cityCode', 'validation.cityNotVisible');
        return { cityCode: body.cityCode! };
      }
      default:
        return { tenant: true };
    }
  }

  app.post(
    `${STAFF_NOTICE_API}/send`,
    {
      config: { access: STAFF_NOTICE_SEND_PERM, audit: { title: 'menu.message.staffNotice', businessType: 1 } },
      schema: { tags, summary: "Send a notice to users, a role, a city's staff or the whole tenant", body: staffNoticeSend },
    },
    async (req) => {
      const auth = authOf(req);
      // The super admin's platform-wide view sends to the platform's own staff.
      const tenantId = auth.scopeTenantId ?? auth.tenantId;
      const body = req.body;
      const audience = await audienceOf(auth, tenantId, body, req.lang);
      const { reached } = await notify(
        services,
        {
          tenantId,
          audience,
          bizCmd: body.bizCmd,
          title: body.title,
          message: body.message,
          url: body.url,
          sender: { userId: auth.userId, name: auth.nickName },
        },
        req.log,
      );
      return ok({ reached });
    },
  );
};
