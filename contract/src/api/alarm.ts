import { z } from 'zod';

/** Spec §7: the count behind the header's alarm indicator (below the API base). */
export const ALARM_COUNT_PATH = '/monitor-center/alarm/getAlarmCount';
/** The page the indicator and every alarm notice open (DOMAIN §1.11). */
export const ALARM_LIST_ROUTE = '/alarm_main/alarm_list';
/** Who may see the count: those who may open the alarm list. */
export const ALARM_LIST_PERM = 'alarm:alarm_list:view';

/** alarms.status (DOMAIN §3.14); the indicator counts the open ones. */
export const AlarmStatus = { open: 0, acknowledged: 1, resolved: 2, recovered: 3, ignored: 4 } as const;
/** alarms.level (DOMAIN §6.3): 1 critical … 4 info; staff are pushed for this level and above. */
export const ALARM_PUSH_MAX_LEVEL = 2;

/** getAlarmCount: the status to count (JSON or form-encoded). */
export const alarmCountBody = z.object({ status: z.coerce.number().int().min(0).max(4) });
