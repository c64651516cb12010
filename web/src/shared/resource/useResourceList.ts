import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { useConfigStore } from '../../stores/configStore';
import { useTabSearchParams } from '../tabs/tabLocation';
import { requestBody, stateFromParams, stateToParams, type Filters, type ListState } from './listState';
import { listQuery } from './resourceApi';

/**
 * A resource list bound to its tab's URL: reading the state, paging, sorting and searching all go
 * through the query string, and the server list follows it (kept on screen while the next page loads).
 */
export function useResourceList(r: ResourceDef) {
  const [params, setParams] = useTabSearchParams();
  const state = useMemo(() => stateFromParams(r, params), [r, params]);
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const body = useMemo(() => requestBody(r, state, cityCode), [r, state, cityCode]);
  const query = useQuery({ ...listQuery(r, body, tenantId), placeholderData: keepPreviousData });

  const go = useCallback((next: Partial<ListState>) => setParams(stateToParams({ ...state, ...next })), [state, setParams]);
  const search = useCallback((filters: Filters) => go({ filters, pageNum: 1 }), [go]);
  // A reset clears the filters; the page size and the sort are how the user likes to read, so they stay.
  const reset = useCallback(
    () => setParams({ pageSize: state.pageSize, orderByColumn: state.orderByColumn, isAsc: state.isAsc }),
    [setParams, state],
  );
  /** What an export sends: the list's filters and sort, without the paging. */
  const exportBody = useMemo(() => {
    const { pageNum: _pageNum, pageSize: _pageSize, ...rest } = body;
    return rest;
  }, [body]);
  return { state, query, go, search, reset, exportBody };
}
