import { useQuery } from '@tanstack/react-query';
import { ALARM_COUNT_PATH, AlarmStatus } from '@kayuh/contract/api/alarm';
import { post } from '../../lib/http';

/**
 * Open alarms the user can see (spec §7 getAlarmCount, status 0). Read again whenever the module changes (spec §4),
 * hence the module in the key. Failures are silent (spec §8) and keep the last count.
 */
export function useOpenAlarmCount(opts: { enabled: boolean; moduleKey: string; tenantId: number | null }) {
  return useQuery({
    queryKey: ['alarmCount', AlarmStatus.open, opts.tenantId, opts.moduleKey],
    queryFn: ({ signal }) => post<number>(ALARM_COUNT_PATH, { status: AlarmStatus.open }, { signal, silent: true }),
    enabled: opts.enabled,
    staleTime: 0,
    retry: false,
  });
}
