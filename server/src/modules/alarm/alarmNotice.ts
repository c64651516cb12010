import { ALARM_LIST_PERM, ALARM_LIST_ROUTE } from '@kayuh/contract/api/alarm';
import { parseLang, type Lang } from '@kayuh/contract/lang';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { resolveAudience } from '../message/audience.ts';
import { notify } from '../message/notify.ts';
import type { AlarmSignal } from './raiseAlarm.ts';

type NoticeServices = Pick<Services, 'db' | 'live' | 'catalogues' | 'menuAccess'>;

/** The city's staff (DOMAIN §5.3) who may open the alarm list, by the language each reads the console in. */
async function alarmStaffByLang(services: NoticeServices, tenantId: number, cityCode: number): Promise<Map<Lang, number[]>> {
  const ids = await resolveAudience(services.db, tenantId, { cityCode });
  if (!ids.length) return new Map();
  const people = await services.db
    .select({ id: users.id, tenantId: users.tenantId, lang: users.lang })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  const byLang = new Map<Lang, number[]>();
  for (const person of people) {
    // An alarm links to the alarm list: staff who cannot open it (technicians, finance) are not told.
    if (!hasPerm(await services.menuAccess.perms(person, false), ALARM_LIST_PERM)) continue;
    const lang = parseLang(person.lang);
    byLang.set(lang, [...(byLang.get(lang) ?? []), person.id]);
  }
  return byLang;
}

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
  for (const [lang, userIds] of await alarmStaffByLang(services, alarm.tenantId, alarm.cityCode)) {
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
