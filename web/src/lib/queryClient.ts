import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './session';

/**
 * The HTTP client already shows every failure once, so queries do not retry (a retry would toast again)
 * and do not refetch on focus (staff switch windows constantly).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Server data belongs to the user who fetched it; the next user starts empty.
onSessionEnd(() => queryClient.clear());
