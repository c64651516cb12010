import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnlineSession, ServerFigures } from '@kayuh/contract/api/monitor';
import { get, post } from '../../../lib/http';

/** Live figures are read again this often while the page is open and the browser tab is in front. */
export const MONITOR_POLL_MS = 5000;

/**
 * Polling stops by itself when the document is hidden (TanStack's default, spelt out here) and when the
 * console tab is left: DataMonitoring is not a kept page, so its queries unmount with it.
 */
const live = { refetchInterval: MONITOR_POLL_MS, refetchIntervalInBackground: false, staleTime: 0 } as const;

const monitorKey = (tenantId: number | null) => ['configure', 'monitor', tenantId] as const;

export const serverFiguresQuery = (tenantId: number | null) => ({
  queryKey: [...monitorKey(tenantId), 'server'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<ServerFigures>('/monitor/server', undefined, { signal }),
  ...live,
});

export const onlineSessionsQuery = (tenantId: number | null, userName: string) => ({
  queryKey: [...monitorKey(tenantId), 'online', userName] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<OnlineSession[]>('/monitor/online/list', { userName }, { signal }),
  ...live,
});

/** Ends one session; the figures and the list are read again at once. */
export function useForceLogout(tenantId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => post<{ ended: number }>('/monitor/online/forceLogout', { sessionIds: [sessionId] }),
    onSuccess: () => client.invalidateQueries({ queryKey: monitorKey(tenantId) }),
  });
}
