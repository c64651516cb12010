import { CommandResult, IotCommand } from '@kayuh/contract/api/device';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { iotCommands } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import type { CityRules } from './cityRules.ts';
import { raiseAlarm, recoverVehicleAlarm } from './raiseAlarm.ts';

const LOCK_FAIL = 'LOCK_FAIL';
/** DOMAIN §6.3's default: the lock failed this many times in a row. */
const DEFAULT_TIMES = 2;
/** A lock's outcome is known (pending ones are not counted). */
const SETTLED = [CommandResult.success, CommandResult.failed, CommandResult.timeout];

/** The vehicle a lock went to. */
interface Locked {
  id: number;
  tenantId: number;
  cityCode: number;
}

/**
 * LOCK_FAIL (DOMAIN §6.3): a vehicle whose last locks all failed — refused or unanswered — as many times in a row as
 * the rule says (the city's rule, else the tenant's; none when it is off) raises the alarm (a third failure counts on
 * it); a lock that succeeds recovers it. Called when a lock command's outcome is known, whoever sent it.
 */
export async function lockSettled(
  services: Pick<Services, 'db' | 'live' | 'catalogues' | 'menuAccess'>,
  rules: Pick<CityRules, 'find'>,
  vehicle: Locked,
  locked: boolean,
  log?: FastifyBaseLogger,
): Promise<void> {
  const { db } = services;
  if (locked) return recover(services, vehicle);
  const rule = await rules.find(vehicle.tenantId, vehicle.cityCode, LOCK_FAIL);
  if (!rule) return;
  const times = Math.max(1, Math.round(Number(rule.threshold ?? DEFAULT_TIMES)));
  const last = await db
    .select({ result: iotCommands.result, commandNo: iotCommands.commandNo })
    .from(iotCommands)
    .where(and(eq(iotCommands.vehicleId, vehicle.id), eq(iotCommands.command, IotCommand.lock), inArray(iotCommands.result, SETTLED)))
    .orderBy(desc(iotCommands.sentAt))
    .limit(times);
  if (last.length < times || last.some((c) => c.result === CommandResult.success)) return;
  await raiseAlarm(
    services,
    {
      tenantId: vehicle.tenantId,
      cityCode: vehicle.cityCode,
      alarmCode: LOCK_FAIL,
      level: rule.level,
      targetType: AlarmTarget.vehicle,
      targetId: vehicle.id,
      ruleId: rule.id,
      vehicleId: vehicle.id,
      detail: { commands: last.map((c) => c.commandNo) },
    },
    log,
  );
}

/** The vehicle locks again: its open LOCK_FAIL is over. */
async function recover(services: Pick<Services, 'db'>, vehicle: Locked) {
  await services.db.transaction((tx) =>
    recoverVehicleAlarm(tx, { tenantId: vehicle.tenantId, vehicleId: vehicle.id, alarmCode: LOCK_FAIL }, new Date()),
  );
}
