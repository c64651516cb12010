import { RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { sql } from 'drizzle-orm';
import { bikeLockLogResource } from '@kayuh/contract/resources/commandLog';
import { illegalMoveLogResource } from '@kayuh/contract/resources/illegalMoveLog';
import { apiLogResource } from '@kayuh/contract/resources/apiLog';
import type { FastifyPluginAsync } from 'fastify';
import { apiLogs, illegalMoveLocks, iotCommands } from '../../db/schema.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { memberAuthLogBinding } from '../member/authLog.ts';

/**
 * The log centre (/log_main): the lock and unlock commands sent to vehicles (getBikeLock), the illegal-move locks
 * (getMoveBikeLock), the gateways' calls and notifications (interfaceLog) and the riders' sign-in trail (userAuthLog).
 */
export const logResources = [
  bindResource(bikeLockLogResource, iotCommands, {
    computed: { rideOrderId: sql<number>`(CASE WHEN iot_commands.ref_type = ${RIDE_ORDER_BIZ} THEN iot_commands.ref_id END)`.mapWith(Number) },
    computedFilters: { rideOrderId: (value) => sql`iot_commands.ref_id = ${value} AND iot_commands.ref_type = ${RIDE_ORDER_BIZ}` },
  }),
  bindResource(illegalMoveLogResource, illegalMoveLocks),
  bindResource(apiLogResource, apiLogs),
  memberAuthLogBinding,
];

export const logModule: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await registerResources(app, services, logResources);
};
