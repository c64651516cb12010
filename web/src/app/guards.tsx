import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { findPageByPath } from '@kayuh/contract/menus/index';
import { useToken } from '../lib/auth';
import { useUserStore } from '../stores/userStore';
import { FullPageSpinner } from './CatalogueGate';

const AppShell = lazy(() => import('./shell/AppShell'));
const StandalonePage = lazy(() => import('./shell/StandalonePage'));
const ForcedPasswordPage = lazy(() => import('./routes/login/ForcedPasswordPage'));

/** Where a signed-out visitor wanted to go, so the login can take them there. */
export type LoginState = { from?: string } | null;

/**
 * Spec §2/§4: every route but login and 404 needs a token; without one, /login. Pages flagged noLogin
 * (operation_tool, used by field technicians on their phones) open bare instead, with or without a session.
 */
export function RequireAuth() {
  const token = useToken();
  const mustChangePwd = useUserStore((s) => s.userInfo?.mustChangePwd === true);
  const location = useLocation();
  // Nothing else opens until the user has set their own password (the server refuses it too).
  if (token && mustChangePwd)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <ForcedPasswordPage />
      </Suspense>
    );
  // A noLogin page (the technicians' phone tool) is a page of its own, signed in or not: no menus, no tabs.
  const found = findPageByPath(location.pathname);
  if (found?.page.noLogin) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <StandalonePage module={found.module} page={found.page} />
      </Suspense>
    );
  }
  if (token)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AppShell />
      </Suspense>
    );
  const from = location.pathname + location.search;
  return <Navigate to="/login" replace state={{ from } satisfies LoginState} />;
}

/**
 * A token on /login goes to / (spec §4), or back to the page that sent the visitor here: signing in
 * only stores the session, and this guard does the navigation.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useToken();
  const from = (useLocation().state as LoginState)?.from;
  if (!token) return children;
  return <Navigate to={from && !from.startsWith('/login') ? from : '/'} replace />;
}
