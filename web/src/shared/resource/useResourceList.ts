import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { useConfigStore } from '../../stores/configStore';
import { useTabSearchParams, type SearchValues } from '../tabs/tabLocation';
import { requestBody, stateFromParams, stateToParams, type Filters, type ListState } from './listState';
import { listQuery } from './resourceApi';
import type { ResourceExtras } from './resourceExtras';

export interface ListOptions {
  /** Keep the state in the component rather than the tab's URL (a list inside a drawer). */
  local?: boolean;
  /** Filters always applied and never shown in the search form (a run log's task). */
  fixed?: Filters;
  live?: ResourceExtras['live'];
}

/** The same contract as useTabSearchParams, held in component state. */
function useLocalSearchParams(): [URLSearchParams, (values: SearchValues) => void] {
  const [params, setParams] = useState(() => new URLSearchParams());
  const set = useCallback((values: SearchValues) => {
    const next = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) {
      if (value !== undefined && value !== null && value !== '') next.set(name, String(value));
    }
    setParams(next);
  }, []);
  return [params, set];
}

/**
 * A resource list bound to its tab's URL (or, `local`, to the component): reading the state, paging, sorting
 * and searching all go through the query string, and the server list follows it (kept on screen while the
 * next page loads).
 */
export function useResourceList(r: ResourceDef, options: ListOptions = {}) {
  const { local, fixed, live } = options;
  const inTab = useTabSearchParams();
  const inComponent = useLocalSearchParams();
  const [params, setParams] = local ? inComponent : inTab;
  const fixedKey = JSON.stringify(fixed ?? {});
  const state = useMemo(() => {
    const read = stateFromParams(r, params);
    return { ...read, filters: { ...read.filters, ...(JSON.parse(fixedKey) as Filters) } };
  }, [r, params, fixedKey]);
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const body = useMemo(() => requestBody(r, state, cityCode), [r, state, cityCode]);
  const query = useQuery({
    ...listQuery(r, body, tenantId),
    placeholderData: keepPreviousData,
    refetchInterval: live ? (q) => (live.when(q.state.data?.rows ?? []) ? live.intervalMs : false) : undefined,
  });

  // A cursor-paged list remembers where the pages before this one started, so Previous goes back; a new search,
  // sort or page size starts again from the first page.
  const trail = useRef<Array<string | undefined>>([]);
  const go = useCallback(
    (next: Partial<ListState>) => {
      if (!('cursor' in next)) trail.current = [];
      setParams(stateToParams({ ...state, cursor: undefined, ...next }));
    },
    [state, setParams],
  );
  const search = useCallback((filters: Filters) => go({ filters, pageNum: 1 }), [go]);
  // A reset clears the filters; the page size and the sort are how the user likes to read, so they stay.
  const reset = useCallback(() => {
    trail.current = [];
    setParams({ pageSize: state.pageSize, orderByColumn: state.orderByColumn, isAsc: state.isAsc });
  }, [setParams, state]);
  const nextCursor = query.data?.nextCursor ?? null;
  const cursorPages = {
    hasPrevious: trail.current.length > 0 || Boolean(state.cursor),
    hasNext: Boolean(nextCursor),
    next: () => {
      if (!nextCursor) return;
      trail.current = [...trail.current, state.cursor];
      go({ cursor: nextCursor });
    },
    previous: () => {
      const before = trail.current.at(-1);
      trail.current = trail.current.slice(0, -1);
      go({ cursor: before });
    },
    first: () => {
      trail.current = [];
      go({ cursor: undefined });
    },
  };
  /** What an export sends: the list's filters and sort, without the paging. */
  const exportBody = useMemo(() => {
    const { pageNum: _pageNum, pageSize: _pageSize, cursor: _cursor, ...rest } = body;
    return rest;
  }, [body]);
  return { state, query, go, search, reset, exportBody, cursorPages };
}
