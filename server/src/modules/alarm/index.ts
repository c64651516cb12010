import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { alarmCountRoutes } from './alarmCount.ts';

/** Alarm centre (/alarm_main): the header indicator's count so far; alarms are raised by raiseAlarm. */
export const alarmModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(alarmCountRoutes, { services: opts.services });
};
