import type { FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { alarmCountRoutes } from './alarmCount.ts';
import { alarmDashboardRoutes } from './alarmDashboard.ts';
import { alarmBinding, alarmHistoryBinding } from './alarmList.ts';
import { alarmTaskBinding, alarmTaskRoutes, alarmTaskRunBinding } from './alarmTasks.ts';
import { monitoringDataRoutes, telemetryFrameBinding } from './monitoringData.ts';
import { alarmRuleBinding } from './alarmRules.ts';

/**
 * Alarm centre (/alarm_main): the open alarms and their history, the rules (basicConfig), the ALARM tasks and their
 * runs, the vehicles' raw frames and their drawing (monitoring_data), the Home's dashboard, the header indicator's count; alarms are raised by raiseAlarm.
 */
export const alarmResources = [alarmBinding, alarmHistoryBinding, alarmRuleBinding, alarmTaskBinding, alarmTaskRunBinding, telemetryFrameBinding];

export const alarmModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await registerResources(app, opts.services, alarmResources);
  await app.register(alarmCountRoutes, { services: opts.services });
  await app.register(alarmDashboardRoutes, { services: opts.services });
  await app.register(alarmTaskRoutes, { services: opts.services });
  await app.register(monitoringDataRoutes, { services: opts.services });
};
