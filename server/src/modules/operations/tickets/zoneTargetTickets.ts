import { Code } from '@kayuh/contract/codes';
import { OpState } from '@kayuh/contract/resources/fleet';
import { TicketSource, TicketType } from '@kayuh/contract/resources/tickets';
import { ZoneStatus } from '@kayuh/contract/resources/zone';
import { targetWindowHolds } from '@kayuh/contract/resources/zoneTargets';
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { cities, vehicleLiveStatus, vehicles, zones, zoneTargets } from '../../../db/schema.ts';
import { systemActor } from '../../../platform/auth/context.ts';
import { BizError } from '../../../platform/errors.ts';
import { rowsOf } from '../../../platform/rows.ts';
import type { Services } from '../../../platform/services.ts';
import { liveCountOf } from '../zoneTargets.ts';
import { outOfCooldown } from './alarmTickets.ts';
import { openTicket } from './openTicket.ts';
import { noOpenTicket } from './ruleTickets.ts';

type Target = Awaited<ReturnType<typeof activeTargets>>[number];

/** The active targets of active zones, with each zone's centre and its city's clock. */
function activeTargets(db: Db) {
  return db
    .select({
      id: zoneTargets.id,
      tenantId: zoneTargets.tenantId,
      cityCode: zoneTargets.cityCode,
      zoneId: zoneTargets.zoneId,
      zoneCode: zones.zoneCode,
      weekdays: zoneTargets.weekdays,
      startTime: zoneTargets.startTime,
      endTime: zoneTargets.endTime,
      minVehicles: zoneTargets.minVehicles,
      maxVehicles: zoneTargets.maxVehicles,
      centreLat: sql<number>`(${zones.bboxMinLat} + ${zones.bboxMaxLat}) / 2`.mapWith(Number),
      centreLng: sql<number>`(${zones.bboxMinLng} + ${zones.bboxMaxLng}) / 2`.mapWith(Number),
      utcOffsetHours: sql<number>`${cities.timeZone}`.mapWith(Number),
    })
    .from(zoneTargets)
    .innerJoin(zones, and(eq(zones.id, zoneTargets.zoneId), eq(zones.status, ZoneStatus.active), isNull(zones.deletedAt)))
    .innerJoin(cities, and(eq(cities.cityCode, zoneTargets.cityCode), eq(cities.tenantId, zoneTargets.tenantId)))
    .where(and(eq(zoneTargets.status, 0), isNull(zoneTargets.deletedAt)))
    .orderBy(asc(zoneTargets.id));
}

/** The city's weekday (ISO, 1 Monday) and `HH:mm` at `now`. */
export function cityClock(now: Date, utcOffsetHours: number): { weekday: number; time: string } {
  const local = new Date(now.getTime() + utcOffsetHours * 3_600_000);
  return { weekday: local.getUTCDay() || 7, time: local.toISOString().slice(11, 16) };
}

/** Open dispatch rows (`ticket_items` as i) matching `where`, counted. */
async function openDispatches(tx: Db, where: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM ticket_items i
      WHERE i.ticket_type = ${TicketType.dispatch} AND i.item_kind = 1 AND i.is_open AND i.deleted_at IS NULL AND ${where}`),
  );
  return Number(row?.n ?? 0);
}

/** Rentable vehicles of the target's city free for a dispatch: no open one holds them, none was just cancelled. */
const freeToDispatch = (target: Target, now: Date) =>
  and(
    eq(vehicles.tenantId, target.tenantId),
    eq(vehicles.cityCode, target.cityCode),
    eq(vehicles.opState, OpState.available),
    isNull(vehicles.deletedAt),
    noOpenTicket(TicketType.dispatch),
    outOfCooldown(TicketType.dispatch, now),
  );

/**
 * What the target's zone lacks or holds too many of now, and the vehicles that would put it right: for a shortfall,
 * the nearest rentable vehicles outside any targeted zone (never robbing one target to feed another); for a surplus,
 * those parked longest in the zone. Vehicles already on their way in or out by an open dispatch count as moved.
 */
async function rebalancing(tx: Db, target: Target, now: Date): Promise<{ vehicleIds: number[]; title: string; into: boolean } | null> {
  const [{ count } = { count: 0 }] = rowsOf<{ count: number }>(await tx.execute(sql`SELECT ${liveCountOf(target.zoneId)}::int AS count`));
  const incoming = await openDispatches(tx, sql`i.to_zone_id = ${target.zoneId}`);
  const need = target.minVehicles - count - incoming;
  if (need > 0) {
    const rows = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .innerJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
      .where(
        and(
          freeToDispatch(target, now),
          isNotNull(vehicleLiveStatus.lat),
          sql`${vehicleLiveStatus.zoneId} IS DISTINCT FROM ${target.zoneId}`,
          sql`NOT EXISTS (SELECT 1 FROM zone_targets o WHERE o.zone_id = ${vehicleLiveStatus.zoneId} AND o.status = 0 AND o.deleted_at IS NULL)`,
        ),
      )
      .orderBy(
        sql`power(${vehicleLiveStatus.lat} - ${target.centreLat}, 2) + power(${vehicleLiveStatus.lng} - ${target.centreLng}, 2)`,
        asc(vehicles.id),
      )
      .limit(need);
    return rows.length ? { vehicleIds: rows.map((r) => r.id), title: `ZONE ${target.zoneCode} < ${target.minVehicles}`, into: true } : null;
  }
  if (target.maxVehicles === null) return null;
  const leaving = await openDispatches(
    tx,
    sql`EXISTS (SELECT 1 FROM vehicle_live_status s WHERE s.vehicle_id = i.vehicle_id AND s.zone_id = ${target.zoneId} AND s.op_state = ${OpState.available})`,
  );
  const excess = count - leaving - target.maxVehicles;
  if (excess <= 0) return null;
  const rows = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .innerJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .where(and(freeToDispatch(target, now), eq(vehicleLiveStatus.zoneId, target.zoneId)))
    .orderBy(asc(vehicleLiveStatus.lastReportedAt), asc(vehicles.id))
    .limit(excess);
  return rows.length ? { vehicleIds: rows.map((r) => r.id), title: `ZONE ${target.zoneCode} > ${target.maxVehicles}`, into: false } : null;
}

/**
 * Dispatch tickets from the zones' rebalancing targets (DOMAIN §3.1 dispatch: a zone_targets breach; docs/zone-targets.md):
 * each active target whose window holds on its city's clock is counted, one target at a time across instances (an
 * advisory lock), and a zone short of its minimum or over its maximum gets one dispatch ticket for the difference —
 * source *rule*, its target as the source, the zone as the destination when vehicles are to come in. Answers how many
 * tickets it opened.
 */
export async function ticketsFromZoneTargets(services: Pick<Services, 'db'>, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const { db } = services;
  let opened = 0;
  for (const target of await activeTargets(db)) {
    const clock = cityClock(now, target.utcOffsetHours);
    if (!targetWindowHolds(target, clock.weekday, clock.time)) continue;
    try {
      const done = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`zone_targets:${target.id}`}))`);
        const move = await rebalancing(tx, target, now);
        if (!move) return false;
        await openTicket(tx, systemActor(target.tenantId), {
          tenantId: target.tenantId,
          cityCode: target.cityCode,
          type: TicketType.dispatch,
          vehicleIds: move.vehicleIds,
          source: TicketSource.rule,
          sourceRefId: target.id,
          title: move.title,
          targetZoneId: move.into ? target.zoneId : null,
        });
        return true;
      });
      if (done) opened++;
    } catch (err) {
      if (!(err instanceof BizError && err.code === Code.duplicate))
        log.error({ err, targetId: target.id }, 'a zone target could not open its ticket');
    }
  }
  return opened;
}
