import { bikeLockLogResource } from '@kayuh/contract/resources/commandLog';
import { illegalMoveLogResource } from '@kayuh/contract/resources/illegalMoveLog';
import type { FastifyPluginAsync } from 'fastify';
import { illegalMoveLocks, iotCommands } from '../../db/schema.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';

/** The log centre (/log_main): the lock and unlock commands sent to vehicles (getBikeLock) and the illegal-move locks (getMoveBikeLock). */
export const logResources = [bindResource(bikeLockLogResource, iotCommands), bindResource(illegalMoveLogResource, illegalMoveLocks)];

export const logModule: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await registerResources(app, services, logResources);
};
