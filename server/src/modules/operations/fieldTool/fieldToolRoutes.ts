import { Code } from '@kayuh/contract/codes';
import { CommandSource } from '@kayuh/contract/api/device';
import {
  FIELD_ACTIONS,
  FIELD_COMMAND_ACTIONS,
  FIELD_COMMAND_PATH,
  FIELD_EVENT_PATH,
  FIELD_EVENTS,
  FIELD_PERM,
  FIELD_TICKETS_MAX,
  FIELD_TICKETS_PATH,
  FIELD_VEHICLE_PATH,
  fieldCommandRequest,
  fieldPermission,
  fieldTicketsQuery,
  fieldVehicleQuery,
  vehicleNoFromScan,
  type FieldTicketsAnswer,
  type FieldVehicle,
} from '@kayuh/contract/api/fieldTool';
import { TICKET_TRANSITIONS, ticketResource } from '@kayuh/contract/resources/tickets';
import { transitionSchema } from '@kayuh/contract/resources/schemas';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vehicleLiveStatus, vehicles } from '../../../db/schema.ts';
import { authOf } from '../../../platform/access.ts';
import type { AuthContext } from '../../../platform/auth/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { BizError } from '../../../platform/errors.ts';
import { eventOnce } from '../../../platform/resources/eventOnce.ts';
import { resourceHandlers } from '../../../platform/resources/handlers.ts';
import { visibleRows } from '../../../platform/scope.ts';
import type { Services } from '../../../platform/services.ts';
import { ticketBindings } from '../tickets/ticketBindings.ts';
import { fieldTickets, holdingVehicle, type Position } from './fieldTickets.ts';

const ticketBinding = ticketBindings.find((b) => b.def.key === ticketResource.key)!;
const audit = (businessType: number) => ({ title: 'menu.operations.operation_tool', businessType });
const mayGrab = (auth: AuthContext) => hasPerm(auth.perms, fieldPermission('grab'));
const positionOf = (q: { lat?: number; lng?: number }): Position | undefined =>
  q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : undefined;

/**
 * The field tool's calls (contract/api/fieldTool, docs/field-tool.md): the technician's tickets nearest first, a
 * scanned vehicle with its live status and open tickets, its commands, and the ticket events a technician fires —
 * the ticket machine's own, under the tool's permissions, each once per Idempotency-Key.
 */
export const fieldToolRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const handlers = resourceHandlers(services, ticketBinding);

  app.get(
    FIELD_TICKETS_PATH,
    {
      config: { access: FIELD_PERM },
      schema: {
        tags: ['operations'],
        summary: "The technician's own open tickets, then the unassigned ones they may grab; each nearest first from lat/lng",
        querystring: fieldTicketsQuery,
      },
    },
    async (req) => {
      const auth = authOf(req);
      const answer: FieldTicketsAnswer = {
        tickets: await fieldTickets(db, auth, { at: positionOf(req.query), mayGrab: mayGrab(auth), limit: FIELD_TICKETS_MAX }),
        may: FIELD_ACTIONS.filter((action) => hasPerm(auth.perms, fieldPermission(action))),
      };
      return ok(answer);
    },
  );

  app.get(
    FIELD_VEHICLE_PATH,
    {
      config: { access: FIELD_PERM },
      schema: {
        tags: ['operations'],
        summary: 'A scanned (or typed) vehicle: its live status and the open tickets on it the technician may work',
        querystring: fieldVehicleQuery,
      },
    },
    async (req) => {
      const auth = authOf(req);
      const vehicleNo = vehicleNoFromScan(req.query.code);
      if (!vehicleNo) throw new BizError(Code.validation, 'fieldTool.scanUnreadable', { fields: { code: 'fieldTool.scanUnreadable' } });
      const [found] = await db
        .select({
          vehicleId: vehicles.id,
          vehicleNo: vehicles.vehicleNo,
          plateNo: vehicles.plateNo,
          cityCode: vehicles.cityCode,
          opState: vehicles.opState,
          lat: vehicleLiveStatus.lat,
          lng: vehicleLiveStatus.lng,
          soc: vehicleLiveStatus.soc,
          isOnline: vehicleLiveStatus.isOnline,
          lockState: vehicleLiveStatus.lockState,
          speedKph: vehicleLiveStatus.speedKph,
          lastReportedAt: vehicleLiveStatus.lastReportedAt,
        })
        .from(vehicles)
        .leftJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
        .where(and(visibleRows(auth, vehicles), inArray(vehicles.vehicleNo, [...new Set([vehicleNo, vehicleNo.toUpperCase()])])))
        .limit(1);
      if (!found) throw new BizError(Code.notFound, 'fieldTool.vehicleNotFound', undefined, { vehicleNo });
      const open = await fieldTickets(db, auth, { mayGrab: mayGrab(auth), where: holdingVehicle(found.vehicleId), limit: FIELD_TICKETS_MAX });
      const vehicle: FieldVehicle = {
        ...found,
        lat: found.lat === null ? null : Number(found.lat),
        lng: found.lng === null ? null : Number(found.lng),
        isOnline: found.isOnline ?? false,
        lastReportedAt: found.lastReportedAt?.toISOString() ?? null,
        tickets: open,
      };
      return ok(vehicle);
    },
  );

  app.post(
    FIELD_COMMAND_PATH,
    {
      // Each command needs its own permission of the tool (FIELD_COMMAND_ACTIONS).
      config: { access: FIELD_PERM, audit: audit(0) },
      schema: { tags: ['operations'], summary: "Send a command from the field tool and wait for the box's ack", body: fieldCommandRequest },
    },
    async (req) => {
      const auth = authOf(req);
      const { vehicleId, command } = req.body;
      if (!hasPerm(auth.perms, fieldPermission(FIELD_COMMAND_ACTIONS[command]))) throw new BizError(Code.forbidden);
      return ok(await services.commands.send(auth, vehicleId, command, null, CommandSource.technician));
    },
  );

  for (const [name, action] of Object.entries(FIELD_EVENTS)) {
    const t = TICKET_TRANSITIONS.find((x) => x.name === name)!;
    app.post(
      `${FIELD_EVENT_PATH}/${name}`,
      {
        config: { access: fieldPermission(action), audit: audit(10) },
        schema: {
          tags: ['operations'],
          summary: `${name} from the field tool (the ticket machine's event; once per Idempotency-Key)`,
          body: transitionSchema(ticketResource, t),
        },
      },
      async (req) => {
        const auth = authOf(req);
        const body = req.body as Record<string, unknown>;
        const answer = await eventOnce(db, auth, req.headers['idempotency-key'], `${ticketResource.key}.${name}`, body, () =>
          handlers.transition(auth, t, body),
        );
        req.journaled = true;
        return answer;
      },
    );
  }
};
