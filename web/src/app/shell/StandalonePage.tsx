import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { Suspense } from 'react';
import { Link } from 'react-router';
import type { ModuleDef, PageDef } from '@kayuh/contract/menus/types';
import '../../lib/dayjsLocale';
import { queryClient } from '../../lib/queryClient';
import { KayuhLogo } from '../../shared/KayuhLogo';
import { LanguageSwitch } from '../../shared/LanguageSwitch';
import { PageErrorBoundary } from '../../shared/PageErrorBoundary';
import { pageComponentOf } from './pageRegistry';
import './shell.css';

/** A noLogin page (operation_tool) opened without a session: no menus, just the page. */
export default function StandalonePage({ module, page }: { module: ModuleDef; page: PageDef }) {
  const Page = pageComponentOf(module, page);
  return (
    <QueryClientProvider client={queryClient}>
      <Layout className="kayuh-app">
        <Layout.Header className="kayuh-header">
          <Link to="/login" className="kayuh-brand">
            <KayuhLogo />
            <span className="kayuh-brand-name">Kayuh</span>
          </Link>
          <div className="kayuh-header-spacer" />
          <LanguageSwitch />
        </Layout.Header>
        <Layout.Content className="kayuh-content">
          <main className="kayuh-panels">
            <div className="kayuh-tab-panel">
              <PageErrorBoundary>
                <Suspense fallback={null}>
                  <Page module={module} page={page} />
                </Suspense>
              </PageErrorBoundary>
            </div>
          </main>
        </Layout.Content>
      </Layout>
    </QueryClientProvider>
  );
}
