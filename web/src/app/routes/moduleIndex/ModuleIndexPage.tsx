import { RightOutlined } from '@ant-design/icons';
import { Empty, Skeleton, Typography } from 'antd';
import { Suspense } from 'react';
import { Link } from 'react-router';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../../lib/i18n';
import { ModuleIcon } from '../../../shared/ModuleIcon';
import { PageErrorBoundary } from '../../../shared/PageErrorBoundary';
import { PageHeader } from '../../../shared/PageHeader';
import { canOpenPath } from '../../../shared/permissions/canOpen';
import { useUserPerms } from '../../../shared/permissions/useUserPerms';
import { visiblePages } from '../../shell/menuTree';
import { useModuleMenu } from '../../shell/useShellData';
import { dashboardOf } from './dashboards';

/** A module's Home: what the module is for, its dashboard when it has one, and the pages this user can open in it. */
export default function ModuleIndexPage({ module }: { module: ModuleDef }) {
  const t = useT();
  const { perms } = useUserPerms();
  const pages = visiblePages(useModuleMenu(module.key)).filter((node) => node.url !== module.basePath);
  const Dashboard = canOpenPath(module.basePath, perms) ? dashboardOf(module.key) : undefined;
  const pagesLabel = t('shell.moduleIndex.pages', { module: t(module.title) });
  return (
    <>
      <PageHeader
        title={
          <>
            <ModuleIcon icon={module.icon} style={{ color: 'var(--ant-color-primary)', marginRight: 10 }} />
            {t(module.title)}
          </>
        }
        description={t(`${module.title}.desc`)}
      />
      {Dashboard && (
        // A dashboard that fails says so in its place; the tiles below still lead to every page.
        <PageErrorBoundary>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} style={{ marginBottom: 24 }} />}>
            <Dashboard module={module} />
          </Suspense>
        </PageErrorBoundary>
      )}
      {pages.length === 0 ? (
        <Empty description={t('shell.moduleIndex.empty')} />
      ) : (
        <nav aria-label={pagesLabel}>
          {Dashboard && (
            <Typography.Title level={2} style={{ fontSize: 16, margin: '0 0 12px' }}>
              {pagesLabel}
            </Typography.Title>
          )}
          <ul className="kayuh-card-grid" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {pages.map((node) => (
              <li key={node.url}>
                <Link to={node.url} className="kayuh-tile" style={{ alignItems: 'center' }}>
                  <span className="kayuh-tile-title" style={{ flex: 1, margin: 0 }}>
                    {t(node.menuName)}
                  </span>
                  <RightOutlined aria-hidden style={{ color: 'rgba(0,0,0,0.45)' }} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}
