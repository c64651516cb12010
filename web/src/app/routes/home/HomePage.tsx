import { useIsFetching } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { MODULES } from '@kayuh/contract/menus/index';
import { useT } from '../../../lib/i18n';
import { ModuleIcon } from '../../../shared/ModuleIcon';
import { PageHeader } from '../../../shared/PageHeader';
import { useConfigStore } from '../../../stores/configStore';
import { useUserStore } from '../../../stores/userStore';

/** The home menu (/ and /home): one tile per module the user's menu holds; help is in the header. */
export default function HomePage() {
  const t = useT();
  const name = useUserStore((s) => s.userInfo?.nickName ?? '');
  const menuList = useConfigStore((s) => s.menuList);
  const loading = useIsFetching({ queryKey: ['menu', 'user'] }) > 0;
  const present = new Set(menuList.filter((node) => node.menuType === 'M').map((node) => node.moduleKey));
  const modules = MODULES.filter((module) => module.icon && present.has(module.key));
  return (
    <>
      <PageHeader title={t('shell.homePage.title', { name })} description={t('shell.homePage.subtitle')} />
      {modules.length === 0 && loading && <Skeleton active paragraph={{ rows: 6 }} />}
      {modules.length === 0 && !loading && <Empty description={t('shell.homePage.empty')} />}
      <nav aria-label={t('shell.homePage.modules')}>
        <ul className="kayuh-card-grid" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {modules.map((module) => (
            <li key={module.key}>
              <Link to={module.basePath} className="kayuh-tile">
                <span className="kayuh-tile-icon"><ModuleIcon icon={module.icon} /></span>
                <span>
                  <span className="kayuh-tile-title" style={{ display: 'block' }}>{t(module.title)}</span>
                  <span className="kayuh-tile-desc" style={{ display: 'block' }}>{t(`${module.title}.desc`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
