import dayjs from 'dayjs';
import { postPage } from '../../../lib/http';
import type { SearchValues } from '../../../shared/tabs/tabLocation';

/** A staff sign-in as /system/logininfor/list answers it (DOMAIN login_logs). */
export interface LoginLogRow {
  infoId: number;
  userName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  /** '0' success, '1' failure. */
  status: '0' | '1';
  msg: string;
  loginTime: string;
}

export interface LoginJournalFilters {
  userName?: string;
  ipaddr?: string;
  status?: '0' | '1';
  /** Calendar days (YYYY-MM-DD) in the URL; whole days in the request. */
  beginTime?: string;
  endTime?: string;
}

export interface LoginJournalState extends LoginJournalFilters {
  pageNum: number;
  pageSize: number;
}

const DEFAULT_PAGE_SIZE = 20;
const positive = (value: string | null, fallback: number) => (Number(value) > 0 ? Math.floor(Number(value)) : fallback);
const text = (value: string | null) => value?.trim() || undefined;

/** The list state lives in the URL, so it survives a reload and can be shared. */
export function stateFromParams(params: URLSearchParams): LoginJournalState {
  const status = params.get('status');
  return {
    pageNum: positive(params.get('pageNum'), 1),
    pageSize: positive(params.get('pageSize'), DEFAULT_PAGE_SIZE),
    userName: text(params.get('userName')),
    ipaddr: text(params.get('ipaddr')),
    status: status === '0' || status === '1' ? status : undefined,
    beginTime: text(params.get('beginTime')),
    endTime: text(params.get('endTime')),
  };
}

export const stateToParams = (state: LoginJournalState): SearchValues => ({ ...state });

export function requestBody(state: LoginJournalState) {
  return {
    ...state,
    beginTime: state.beginTime ? dayjs(state.beginTime).startOf('day').toISOString() : undefined,
    endTime: state.endTime ? dayjs(state.endTime).endOf('day').toISOString() : undefined,
  };
}

export const loginJournalQuery = (state: LoginJournalState, tenantId: number | null) => ({
  queryKey: ['configure', 'login_journal', tenantId, state] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => postPage<LoginLogRow>('/system/logininfor/list', requestBody(state), { signal }),
});
