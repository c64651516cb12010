import { ALARM_LIST_PERM, ALARM_LIST_ROUTE } from '@kayuh/contract/api/alarm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { notify } from '../message/notify.ts';
import { cityStaffByLang } from '../message/staffByLang.ts';
import type { AlarmSignal } from './raiseAlarm.ts';

type NoticeServices = Pick<Services, 'db' | 'live' | 'catalogues' | 'menuAccess'>;

/**
 * Tells the staff of the alarm's city who handle alarms (DOMAIN §3.14: level ≤ 2), each in their own language:
 * a titled notice ("Critical alarm: Illegal move", the target and the alarm number) linking to the alarm list.
 * Answers how many were told.
 */
export async function pushAlarmToCityStaff(
  services: NoticeServices,
  alarm: AlarmSignal & { alarmNo: string },
  log?: FastifyBaseLogger,
): Promise<number> {
  let reached = 0;
  for (const [lang, userIds] of await cityStaffByLang(services, alarm.tenantId, alarm.cityCode, ALARM_LIST_PERM)) {
    const t = (key: string, params?: Record<string, string | number>) => services.catalogues.t(lang, key, params, alarm.tenantId);
    const title = await t('alarm.notice.title', {
      level: await t(`dict.alarms_level.${alarm.level}`),
      alarm: await t(`dict.alarms_alarm_code.${alarm.alarmCode}`),
    });
    const message = await t('alarm.notice.text', {
      target: await t(`dict.alarms_target_type.${alarm.targetType}`),
      name: alarm.targetName ?? `#${alarm.targetId}`,
      alarmNo: alarm.alarmNo,
    });
    const sent = await notify(
      services,
      { tenantId: alarm.tenantId, audience: { userIds }, bizCmd: 'titleMessage', title, message, url: ALARM_LIST_ROUTE },
      log,
    );
    reached += sent.reached;
  }
  return reached;
}
