import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { bindNavigator } from '../lib/navigation';
import { ok, page, type Handler } from './api';
import { city, fullMenuTree, moduleMenu } from './session';

/** The real route table in a memory router, wired like main.tsx (the catalogue is loaded by the test). */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  bindNavigator((to, opts) => router.navigate(to, opts));
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}

/** What the server answers a signed-in user with every page (menus, cities, tenants). */
export function shellApi(tree = fullMenuTree()): Record<string, Handler> {
  return {
    'GET /system/menu/getMenuForUserId': () => ok(tree),
    'GET /system/menu/getMenu': (_body, { url }) => ok(moduleMenu(tree, url.searchParams.get('type') ?? '')),
    'POST /system/city/list': () => page([city(1, 'All cities'), city(3101, 'Jakarta'), city(3102, 'Bandung')]),
    'GET /system/tenant/options': () =>
      ok([
        { value: 2, label: 'KitaBike' },
        { value: 1, label: 'Kayuh' },
      ]),
    // No tour and no open alarm unless a test says otherwise.
    'POST /operate/admin/tenantGuide/getGuideByTenantId': () => ok([]),
    'POST /monitor-center/alarm/getAlarmCount': () => ok(0),
    'GET /message/staffNotice/unreadCount': () => ok(0),
  };
}
