import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { MODULES } from '@kayuh/contract/menus/index';
import { FullPageSpinner } from './CatalogueGate';
import { GuestOnly, RequireAuth } from './guards';

const LoginPage = lazy(() => import('./routes/login/LoginPage'));
const HomePage = lazy(() => import('./routes/home/HomePage'));
const NotFoundPage = lazy(() => import('./routes/NotFoundPage'));
const RouteError = lazy(() => import('./RouteError'));

/** A page route's own element: the shell renders the page itself, inside the page's tab. */
const TabSlot = () => null;

const suspended = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

/**
 * Page routes carry no element: the shell renders every open tab itself (one <Activity> each) and only
 * reads from the match which page is active. Each module is a pathless layout route, so its pages keep
 * the spec's absolute paths while sharing one shell (tabs survive a module switch).
 */
const moduleRoutes: RouteObject[] = MODULES.map((module) => ({
  id: `module:${module.key}`,
  handle: { moduleKey: module.key },
  children: [
    // Case-sensitive like the menu catalogue: '/ticket/create' is not a page, so it gets the 404.
    ...module.pages.map((page) => ({ path: page.path, caseSensitive: true, Component: TabSlot })),
    // The message record lives under /news_main (spec §2); the prefix alone opens it.
    ...(module.key === 'message' ? [{ path: '/news_main', element: <Navigate to="/news_main/record" replace /> }] : []),
  ],
}));

export const routes: RouteObject[] = [
  { path: '/login', element: <GuestOnly>{suspended(<LoginPage />)}</GuestOnly>, errorElement: suspended(<RouteError />) },
  {
    element: <RequireAuth />,
    errorElement: suspended(<RouteError />),
    children: [{ path: '/', element: suspended(<HomePage />) }, { path: '/home', element: suspended(<HomePage />) }, ...moduleRoutes],
  },
  { path: '*', element: suspended(<NotFoundPage />) },
];
