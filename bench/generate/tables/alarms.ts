// The alarm centre and the device link (DOMAIN §6.2, §6.3, §3.14): each tenant's default alarm rules as a new tenant
// gets them; DOMAIN §9.5's 1,000,000 alarms over the year on the vehicles (a few percent still open or acknowledged,
// one open per vehicle and code at most, the rest resolved, recovered or ignored); and the lock and unlock commands
// sent to the vehicles over the last 30 days (getBikeLock), nearly all acked within a second; and the illegal-move rule's
// lock behind each ILLEGAL_MOVE alarm (getMoveBikeLock).
import { AlarmStatus } from '@kayuh/contract/api/alarm';
import { alarmResource } from '@kayuh/contract/resources/alarm';
import { alarmRuleResource } from '@kayuh/contract/resources/alarmRule';
import { alarmRuleValues } from '../../../server/src/db/seed/alarmRules.ts';
import { bikeLockLogResource } from '@kayuh/contract/resources/commandLog';
import { illegalMoveLogResource } from '@kayuh/contract/resources/illegalMoveLog';
import { alarmRules, alarms, illegalMoveLocks, iotCommands, vehicles } from '../../../server/src/db/schema.ts';
import { DAY_MS, stamped } from '../context.ts';
import { defineTable } from '../spec.ts';
import { userIdOf } from './staff.ts';
import { imei, onTheRoad } from './vehicles.ts';

/** DOMAIN §9.5 at scale 1; the commands are this design's: about ten a vehicle over the month kept on the page. */
const VOLUMES = { alarms: 1_000_000, commands: 1_000_000 } as const;
const COMMAND_DAYS = 30;
/** The vehicle alarm codes with how often each fires, relative. */
const CODES: Array<[code: string, level: number, weight: number]> = [
  ['LOW_SOC', 3, 40],
  ['OFFLINE', 3, 25],
  ['OUT_OF_AREA', 3, 12],
  ['OVERSPEED', 4, 10],
  ['FALL', 3, 6],
  ['TAMPER', 2, 3],
  ['ILLEGAL_MOVE', 1, 2],
  ['LOCK_FAIL', 2, 1.5],
  ['POWER_CUT', 1, 0.5],
];
const WEIGHT = CODES.reduce((s, c) => s + c[2], 0);

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const yymmdd = (at: Date) => at.toISOString().slice(2, 10).replaceAll('-', '');

export const alarmTables = [
  defineTable({
    table: alarmRules,
    *rows(_rng, ctx) {
      let id = 1;
      for (const t of ctx.tenants)
        for (const values of alarmRuleValues(t.id, userIdOf(t.id)))
          yield { id: id++, ...values, ...stamped(new Date(ctx.asOf.getTime() - 300 * DAY_MS)) };
    },
    resource: alarmRuleResource,
  }),
  defineTable({
    table: alarms,
    *rows(rng, ctx) {
      const total = Math.round(VOLUMES.alarms * ctx.scale);
      const fleetSize = ctx.cities.reduce((s, c) => s + c.vehicles, 0);
      let id = 1;
      for (const c of ctx.cities) {
        const fleet = ctx.fleet.get(c.cityCode)!;
        const staff = userIdOf(c.tenantId);
        const count = Math.round((total * c.vehicles) / fleetSize);
        // One open alarm per vehicle and code: the open ones take distinct vehicles (i-th open → vehicle i).
        let opened = 0;
        for (let k = 0; k < count; k++) {
          let pickAt = rng.next() * WEIGHT;
          const [code, level] = CODES.find((x) => (pickAt -= x[2]) < 0) ?? CODES[0]!;
          while (opened < c.vehicles && !onTheRoad(fleet.states[opened]!)) opened++;
          const open = rng.chance(0.03) && opened < c.vehicles;
          const index = open ? opened++ : rng.int(0, c.vehicles - 1);
          const firstAt = new Date(ctx.asOf.getTime() - (open ? rng.next() * 2 : 1 + rng.next() * 364) * DAY_MS);
          const lastAt = new Date(firstAt.getTime() + rng.int(0, 3600) * 1000);
          const status = open
            ? rng.chance(0.3)
              ? AlarmStatus.acknowledged
              : AlarmStatus.open
            : rng.pick([AlarmStatus.resolved, AlarmStatus.recovered, AlarmStatus.recovered, AlarmStatus.recovered, AlarmStatus.ignored]);
          const closedAt = new Date(lastAt.getTime() + rng.int(60, 48 * 3600) * 1000);
          const byStaff = status === AlarmStatus.resolved || status === AlarmStatus.ignored;
          if (code === 'ILLEGAL_MOVE')
            ctx.illegalMoves.push({
              alarmId: id,
              tenantId: c.tenantId,
              cityCode: c.cityCode,
              vehicleId: fleet.firstVehicleId + index,
              at: firstAt,
              closedAt: open ? null : closedAt,
              closedBy: byStaff ? staff : null,
            });
          yield {
            id,
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            alarmNo: `AL${yymmdd(firstAt)}${pad(id++, 8)}`,
            alarmCode: code,
            level,
            targetType: 1,
            targetId: fleet.firstVehicleId + index,
            vehicleId: fleet.firstVehicleId + index,
            firstAt,
            lastAt,
            occurCount: rng.int(1, 4),
            status,
            ackBy: status === AlarmStatus.acknowledged || byStaff ? staff : null,
            ackAt: status === AlarmStatus.acknowledged || byStaff ? new Date(lastAt.getTime() + 60_000) : null,
            resolvedBy: byStaff ? staff : null,
            resolvedAt: byStaff ? closedAt : null,
            resolution: status === AlarmStatus.resolved ? 'Checked on site' : status === AlarmStatus.ignored ? 'Test ride' : null,
            recoveredAt: status === AlarmStatus.recovered ? closedAt : null,
            createdAt: firstAt,
            updatedAt: byStaff || status === AlarmStatus.recovered ? closedAt : lastAt,
          };
        }
      }
    },
    references: [[alarms.vehicleId, vehicles.id]],
    rules: [
      {
        name: 'alarm on a vehicle of another tenant or city',
        sql: `SELECT count(*) FROM alarms a JOIN vehicles v ON v.id = a.vehicle_id
                WHERE a.tenant_id >= 1001 AND (v.tenant_id <> a.tenant_id OR v.city_code <> a.city_code)`,
      },
    ],
    resource: alarmResource,
  }),
  defineTable({
    table: iotCommands,
    *rows(rng, ctx) {
      const total = Math.round(VOLUMES.commands * ctx.scale);
      const fleetSize = ctx.cities.reduce((s, c) => s + c.vehicles, 0);
      let id = 1;
      for (const c of ctx.cities) {
        const fleet = ctx.fleet.get(c.cityCode)!;
        const count = Math.round((total * c.vehicles) / fleetSize);
        for (let k = 0; k < count; k++) {
          const index = rng.int(0, c.vehicles - 1);
          const sentAt = new Date(ctx.asOf.getTime() - rng.next() * COMMAND_DAYS * DAY_MS);
          const fate = rng.next();
          const result = fate < 0.96 ? 1 : fate < 0.985 ? 3 : 2;
          const latencyMs = result === 1 ? rng.int(250, 2500) : result === 2 ? rng.int(300, 3000) : null;
          yield {
            id,
            tenantId: c.tenantId,
            cityCode: c.cityCode,
            commandNo: `CMD${yymmdd(sentAt)}${pad(id++, 10)}`,
            vehicleId: fleet.firstVehicleId + index,
            imei: imei(fleet.firstVehicleId + index),
            command: rng.chance(0.5) ? 1 : 2,
            source: rng.chance(0.85) ? 1 : rng.pick([2, 3, 6]),
            requestedByType: 2,
            requestedById: null,
            result,
            sentAt,
            ackedAt: latencyMs === null ? null : new Date(sentAt.getTime() + latencyMs),
            latencyMs,
            failReason: result === 2 ? 'lock jammed' : result === 3 ? 'no answer' : null,
            createdAt: sentAt,
          };
        }
      }
    },
    references: [[iotCommands.vehicleId, vehicles.id]],
    resource: bikeLockLogResource,
  }),
  defineTable({
    table: illegalMoveLocks,
    // One lock per ILLEGAL_MOVE alarm, at the alarm's moment: carried off (most) or shaken; nearly all locked.
    *rows(rng, ctx) {
      let id = 1;
      for (const m of ctx.illegalMoves) {
        const displaced = rng.chance(0.8);
        const result = rng.next() < 0.93 ? 1 : 2;
        yield {
          id: id++,
          tenantId: m.tenantId,
          cityCode: m.cityCode,
          vehicleId: m.vehicleId,
          detectedAt: m.at,
          displacementM: displaced ? rng.int(51, 900) : rng.int(0, 30),
          speedKph: displaced ? (rng.next() * 12).toFixed(1) : null,
          trigger: displaced ? (rng.chance(0.2) ? 3 : 2) : 1,
          action: displaced ? 2 : 1,
          alarmId: m.alarmId,
          result,
          clearedAt: m.closedAt,
          clearedBy: m.closedBy,
          createdAt: m.at,
        };
      }
    },
    references: [
      [illegalMoveLocks.vehicleId, vehicles.id],
      [illegalMoveLocks.alarmId, alarms.id],
    ],
    resource: illegalMoveLogResource,
  }),
];
