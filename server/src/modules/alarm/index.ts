import type { FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { alarmCountRoutes } from './alarmCount.ts';
import { alarmRuleBinding } from './alarmRules.ts';

/** Alarm centre (/alarm_main): its rules (basicConfig), the header indicator's count; alarms are raised by raiseAlarm. */
export const alarmResources = [alarmRuleBinding];

export const alarmModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await registerResources(app, opts.services, alarmResources);
  await app.register(alarmCountRoutes, { services: opts.services });
};
