import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BELL_LIST_SIZE, STAFF_NOTICE_API, type StaffNotification } from '@kayuh/contract/api/staffNotice';
import { get, post, postPage } from '../../lib/http';

/** Every query of the signed-in user's notifications sits under this key. */
export const STAFF_NOTICE_KEY = ['staffNotice'] as const;
const unreadKey = [...STAFF_NOTICE_KEY, 'unreadCount'] as const;
const recentKey = [...STAFF_NOTICE_KEY, 'recent'] as const;

/** The bell's badge; silent like the spec's other counters (a failure keeps the last count). */
export const useUnreadCount = () =>
  useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => get<number>(`${STAFF_NOTICE_API}/unreadCount`, undefined, { signal, silent: true }),
    staleTime: Infinity,
  });

/** The newest notifications, read when the bell opens. */
export const useRecentNotices = (enabled: boolean) =>
  useQuery({
    queryKey: recentKey,
    queryFn: ({ signal }) => postPage<StaffNotification>(`${STAFF_NOTICE_API}/mine`, { pageSize: BELL_LIST_SIZE }, { signal, silent: true }),
    enabled,
    staleTime: Infinity,
  });

/** A push arrived: the badge counts it at once and the list is read again when next shown. */
export function countPushed(client: QueryClient): void {
  client.setQueryData<number>(unreadKey, (count) => (count ?? 0) + 1);
  void client.invalidateQueries({ queryKey: recentKey });
}

/** The link is (back) up: whatever arrived while the tab was closed or reconnecting is read again. */
export const rereadNotices = (client: QueryClient) => client.invalidateQueries({ queryKey: STAFF_NOTICE_KEY });

export const markNoticesRead = (ids: number[]) => post<{ updated: number }>(`${STAFF_NOTICE_API}/read`, { ids });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') => (ids === 'all' ? post<{ updated: number }>(`${STAFF_NOTICE_API}/readAll`, {}) : markNoticesRead(ids)),
    onSettled: () => rereadNotices(client),
  });
}
