import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { findPageByPath } from '@kayuh/contract/menus/index';
import '../../lib/dayjsLocale';
import { useT } from '../../lib/i18n';
import { queryClient } from '../../lib/queryClient';
import { useConfigStore } from '../../stores/configStore';
import { LiveLink } from '../live/LiveLink';
import { TourGuide } from '../tour/TourGuide';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import { TabPanels } from './TabPanels';
import { TabsBar } from './TabsBar';
import { useCityList, useModuleMenu, useRouteFlags, useSideMenuState, useUserMenus } from './useShellData';
import './shell.css';

/**
 * The signed-in console: header, the current module's side menu, the open tabs and their pages.
 * One shell for all modules, so tabs of different modules live side by side (spec §2).
 */
export default function AppShell() {
  // Server data is only fetched once signed in, so the login route does not carry the query client.
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const found = findPageByPath(location.pathname);
  const module = found?.module;
  const { ready } = useUserMenus();
  useCityList();
  useRouteFlags(found?.page.path ?? location.pathname);
  const sidePages = useModuleMenu(module?.key);
  useSideMenuState(module?.key, sidePages);

  const openTag = useConfigStore((s) => s.openTag);
  useEffect(() => {
    if (found) openTag({ title: found.page.title, path: found.page.path });
  }, [found, openTag]);

  // The browser tab, history and bookmarks name the page: "Manajemen Peran · Kayuh".
  const t = useT();
  const pageTitle = found ? t(found.page.title) : '';
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · Kayuh` : 'Kayuh';
  }, [pageTitle]);

  // Each tab returns to the query string it had (its filters and page live there).
  const searches = useRef(new Map<string, string>());
  useEffect(() => {
    if (found) searches.current.set(found.page.path, location.search);
  }, [found, location.search]);
  const openPath = useCallback((path: string) => navigate(path + (searches.current.get(path) ?? '')), [navigate]);
  const goHome = useCallback(() => navigate('/'), [navigate]);

  return (
    <Layout className="kayuh-app">
      <AppHeader module={module} />
      <Layout hasSider={Boolean(module)} className="kayuh-body">
        {module && <SideMenu module={module} pages={sidePages} activePath={found.page.path} onOpen={openPath} />}
        <Layout.Content className="kayuh-content">
          {module && <TabsBar activePath={found.page.path} onOpen={openPath} onEmpty={goHome} />}
          <main className="kayuh-panels" id="main">
            {!module && (
              <div className="kayuh-tab-panel">
                <Outlet />
              </div>
            )}
            <TabPanels activePath={found?.page.path ?? null} currentSearch={location.search} searches={searches.current} menusReady={ready} />
          </main>
        </Layout.Content>
      </Layout>
      <LiveLink />
      <TourGuide />
    </Layout>
  );
}
