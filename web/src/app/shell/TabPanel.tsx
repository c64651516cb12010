import { Spin } from 'antd';
import { Suspense, useLayoutEffect, useRef, type ReactNode } from 'react';
import { PageErrorBoundary } from '../../shared/PageErrorBoundary';
import { TabLocationProvider } from '../../shared/tabs/tabLocation';

interface TabPanelProps {
  path: string;
  search: string;
  active: boolean;
  label: string;
  children: ReactNode;
}

/** What a panel shows while its page (or the menus deciding access to it) loads. */
export function PanelLoading() {
  return (
    <div className="kayuh-panel-loading">
      <Spin />
    </div>
  );
}

/**
 * One open tab's page in its own scroll container. Browsers may forget the scroll offset of a hidden
 * element, so the panel remembers it and puts it back when the tab is shown again.
 */
export function TabPanel({ path, search, active, label, children }: TabPanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  useLayoutEffect(() => {
    if (active && ref.current) ref.current.scrollTop = scrollTop.current;
  }, [active]);
  return (
    <div
      ref={ref}
      role="tabpanel"
      aria-label={label}
      className="kayuh-tab-panel"
      data-path={path}
      onScroll={(event) => {
        if (active) scrollTop.current = event.currentTarget.scrollTop;
      }}
    >
      <TabLocationProvider value={{ path, search, active }}>
        <PageErrorBoundary>
          <Suspense fallback={<PanelLoading />}>{children}</Suspense>
        </PageErrorBoundary>
      </TabLocationProvider>
    </div>
  );
}
