import { ConfigProvider, message } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { bindNotifier } from '../lib/notify';
import { useCatalogueStore } from '../lib/i18n';
import { theme } from './theme';

/**
 * Hands a themed message API (not the context-less static one) to the HTTP client's toasts. The hook,
 * unlike antd's <App>, does not pull Modal and notification into the login route's bundle.
 */
function NotifierHost() {
  // Below the header, so a toast never covers the city selector or the tenant switcher.
  const [api, holder] = message.useMessage({ top: 64 });
  useEffect(() => {
    bindNotifier(api);
    return () => bindNotifier(null);
  }, [api]);
  return holder;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const locale = useCatalogueStore((s) => s.antdLocale);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <NotifierHost />
      {children}
    </ConfigProvider>
  );
}
