import { clearSession } from '../stores/session';
import { navigateTo } from './navigation';

const LOGIN_PATH = '/login';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Caches that belong to the signed-in user (server data) register here to be dropped when it ends. */
export function onSessionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ends the client session (spec §4): state emptied, cached server data dropped, back to the login page. */
export function endSession(): void {
  clearSession();
  for (const listener of listeners) listener();
  if (window.location.pathname !== LOGIN_PATH) navigateTo(LOGIN_PATH, { replace: true });
}
