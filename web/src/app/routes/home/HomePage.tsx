import { useIsFetching } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { MODULES } from '@kayuh/contract/menus/index';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../../lib/i18n';
import { ModuleIcon } from '../../../shared/ModuleIcon';
import { PageHeader } from '../../../shared/PageHeader';
import { moduleEntry } from '../../../shared/permissions/canOpen';
import { useUserPerms } from '../../../shared/permissions/useUserPerms';
import { useConfigStore } from '../../../stores/configStore';
import { useUserStore } from '../../../stores/userStore';
import { HomeFigures } from './HomeFigures';

/** The home (/ and /home): today's figures of the selected city, then one tile per module the user's menu holds; help is in the header. */
export default function HomePage() {
  const t = useT();
  const name = useUserStore((s) => s.userInfo?.nickName ?? '');
  const menuList = useConfigStore((s) => s.menuList);
  const loading = useIsFetching({ queryKey: ['menu', 'user'] }) > 0;
  const { perms } = useUserPerms();
  // A module is offered only where the user can open something in it; its tile opens the first such page.
  const modules = MODULES.filter((module) => module.icon)
    .map((module) => ({ module, entry: moduleEntry(module, menuList, perms) }))
    .filter((tile): tile is { module: ModuleDef; entry: string } => tile.entry !== null);
  return (
    <>
      <PageHeader title={t('shell.homePage.title', { name })} description={t('shell.homePage.subtitle')} />
      <HomeFigures />
      {modules.length === 0 && loading && <Skeleton active paragraph={{ rows: 6 }} />}
      {modules.length === 0 && !loading && <Empty description={t('shell.homePage.empty')} />}
      <nav aria-label={t('shell.homePage.modules')}>
        <ul className="kayuh-card-grid" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {modules.map(({ module, entry }) => (
            <li key={module.key}>
              <Link to={entry} className="kayuh-tile">
                <span className="kayuh-tile-icon">
                  <ModuleIcon icon={module.icon} />
                </span>
                <span>
                  <span className="kayuh-tile-title" style={{ display: 'block' }}>
                    {t(module.title)}
                  </span>
                  <span className="kayuh-tile-desc" style={{ display: 'block' }}>
                    {t(`${module.title}.desc`)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
