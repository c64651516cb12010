import { RightOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { Link } from 'react-router';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../../lib/i18n';
import { ModuleIcon } from '../../../shared/ModuleIcon';
import { PageHeader } from '../../../shared/PageHeader';
import { visiblePages } from '../../shell/menuTree';
import { useModuleMenu } from '../../shell/useShellData';

/** A module's Home: what the module is for and the pages this user can open in it. */
export default function ModuleIndexPage({ module }: { module: ModuleDef }) {
  const t = useT();
  const pages = visiblePages(useModuleMenu(module.key)).filter((node) => node.url !== module.basePath);
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
      {pages.length === 0 ? (
        <Empty description={t('shell.moduleIndex.empty')} />
      ) : (
        <nav aria-label={t('shell.moduleIndex.pages', { module: t(module.title) })}>
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
