import { useEffect, useState, type ReactNode } from 'react';
import { showStoredCatalogue, switchLanguage } from '../lib/language';
import { useConfigStore } from '../stores/configStore';

const RETRY_MAX_MS = 15_000;

/**
 * Spec §2: the app starts only after the catalogue of the stored language has loaded. A returning browser starts
 * with the copy it kept, while the server is asked again behind it (the texts update in place if they changed).
 */
export function CatalogueGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let alive = true;
    const load = () =>
      switchLanguage(useConfigStore.getState().lang).then(
        () => alive && setReady(true),
        // The client has already said why (network, status); keep trying while the server comes up.
        () => {
          if (alive) timer = setTimeout(load, Math.min(RETRY_MAX_MS, 1000 * 2 ** attempt++));
        },
      );
    void showStoredCatalogue().then(
      (shown) => alive && shown && setReady(true),
      () => undefined,
    );
    void load();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, []);
  if (ready) return children;
  return <FullPageSpinner />;
}

/** The same spinner index.html shows before any script runs (its CSS lives there), so nothing jumps. */
export function FullPageSpinner() {
  return (
    <div className="kayuh-boot" role="status" aria-busy="true" aria-label="Kayuh">
      <span className="kayuh-boot-spinner" />
    </div>
  );
}
