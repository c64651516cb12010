import { TICKET_MAP_MAX, TICKET_MAP_PATH, OPERATIONS_DASHBOARD_PERM, type TicketMap } from '@kayuh/contract/api/operationsDashboard';
import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { OPEN_TICKET_STATES } from '@kayuh/contract/resources/tickets';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tickets, users, vehicleLiveStatus, vehicles } from '../../../db/schema.ts';
import { authOf } from '../../../platform/access.ts';
import { citiesInView, inCitiesOf } from '../../../platform/cityDays.ts';
import { ok } from '../../../platform/envelope.ts';
import type { Services } from '../../../platform/services.ts';
import { tenantFilter } from '../../../platform/scope.ts';

/** A ticket's first vehicle (its lowest item): where the ticket is drawn. */
const firstVehicle = sql`(SELECT i.vehicle_id FROM ticket_items i WHERE i.ticket_id = ${tickets.id} AND i.item_kind = 1 ORDER BY i.id LIMIT 1)`;

/**
 * GET TICKET_MAP_PATH (the operations Home's map): the open tickets in the caller's cities, or the one asked for, each
 * where its first vehicle last reported, most urgent first (priority, then due time), at most TICKET_MAP_MAX.
 */
export const ticketMapRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    TICKET_MAP_PATH,
    {
      config: { access: OPERATIONS_DASHBOARD_PERM },
      schema: {
        querystring: z.object({ cityCode: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }),
        tags: ['operations'],
        summary: 'Open tickets on the map: each where its first vehicle last reported, most urgent first',
      },
    },
    async (req) => {
      const auth = authOf(req);
      const asked = req.query.cityCode === ALL_CITIES_CODE ? undefined : req.query.cityCode;
      const open = and(
        tenantFilter(auth, tickets.tenantId),
        isNull(tickets.deletedAt),
        inCitiesOf(await citiesInView(db, auth, asked))(tickets.cityCode),
        inArray(tickets.status, [...OPEN_TICKET_STATES]),
      );
      const [rows, [all]] = await Promise.all([
        db
          .select({
            ticketId: tickets.id,
            ticketNo: tickets.ticketNo,
            type: tickets.type,
            status: tickets.status,
            priority: tickets.priority,
            dueAt: tickets.dueAt,
            vehicleNo: vehicles.vehicleNo,
            lat: vehicleLiveStatus.lat,
            lng: vehicleLiveStatus.lng,
            assignee: users.nickName,
          })
          .from(tickets)
          .innerJoin(vehicles, sql`${vehicles.id} = ${firstVehicle}`)
          .innerJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
          .leftJoin(users, eq(users.id, tickets.assigneeId))
          .where(and(open, sql`${vehicleLiveStatus.lat} IS NOT NULL`))
          .orderBy(asc(tickets.priority), asc(tickets.dueAt), asc(tickets.id))
          .limit(TICKET_MAP_MAX),
        db.select({ n: count() }).from(tickets).where(open),
      ]);
      const now = Date.now();
      const answer: TicketMap = {
        tickets: rows.map(({ dueAt, lat, lng, ...r }) => ({ ...r, overdue: dueAt.getTime() < now, lat: Number(lat), lng: Number(lng) })),
        total: all?.n ?? 0,
      };
      return ok(answer);
    },
  );
};
