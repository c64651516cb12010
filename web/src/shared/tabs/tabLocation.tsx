import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The location a tab's page lives at. A hidden tab keeps the query string it had when it was last active,
 * so its list state (filters, page) is not disturbed while another tab owns the URL.
 */
interface TabLocation {
  path: string;
  search: string;
  active: boolean;
}

const TabLocationContext = createContext<TabLocation | null>(null);

export function TabLocationProvider({ value, children }: { value: TabLocation; children: ReactNode }) {
  return <TabLocationContext.Provider value={value}>{children}</TabLocationContext.Provider>;
}

export type SearchValues = Record<string, string | number | null | undefined>;

/**
 * List state in the URL (react-admin's default): the page's query string, readable while hidden and
 * written only while the tab is active.
 */
export function useTabSearchParams(): [URLSearchParams, (values: SearchValues) => void] {
  const tab = useContext(TabLocationContext);
  const location = useLocation();
  const navigate = useNavigate();
  const search = tab ? tab.search : location.search;
  const pathname = tab ? tab.path : location.pathname;
  const active = tab?.active ?? true;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (values: SearchValues) => {
      if (!active) return;
      const next = new URLSearchParams();
      for (const [name, value] of Object.entries(values)) {
        if (value !== undefined && value !== null && value !== '') next.set(name, String(value));
      }
      const qs = next.toString();
      navigate({ pathname, search: qs ? `?${qs}` : '' }, { replace: true });
    },
    [active, navigate, pathname],
  );
  return [params, setParams];
}
