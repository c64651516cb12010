import { AppstoreOutlined, MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Layout, Tooltip } from 'antd';
import { Link, useNavigate } from 'react-router';
import { helpModule } from '@kayuh/contract/menus/help';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../lib/i18n';
import { CitySelector } from '../../shared/CitySelector';
import { KayuhLogo } from '../../shared/KayuhLogo';
import { LanguageSwitch } from '../../shared/LanguageSwitch';
import { moduleEntry } from '../../shared/permissions/canOpen';
import { useUserPerms } from '../../shared/permissions/useUserPerms';
import { useConfigStore } from '../../stores/configStore';
import { AlarmIndicator } from '../alarm/AlarmIndicator';
import { LiveStatusDot } from '../live/LiveStatusDot';
import { NotificationBell } from '../live/NotificationBell';
import { TenantSwitcher } from './TenantSwitcher';
import { UserMenu } from './UserMenu';

/** Compact top bar: brand and module on the left, scope (tenant, city) and personal controls on the right. */
export function AppHeader({ module }: { module?: ModuleDef }) {
  const t = useT();
  const navigate = useNavigate();
  const isCollapse = useConfigStore((s) => s.isCollapse);
  const toggleCollapse = useConfigStore((s) => s.toggleCollapse);
  // Help is offered only to those who can open one of its pages.
  const menuList = useConfigStore((s) => s.menuList);
  const { perms } = useUserPerms();
  const helpEntry = moduleEntry(helpModule, menuList, perms);
  return (
    <Layout.Header className="kayuh-header">
      {module && (
        <Button
          type="text"
          aria-label={t(isCollapse ? 'shell.menu.expand' : 'shell.menu.collapse')}
          aria-expanded={!isCollapse}
          icon={isCollapse ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
          onClick={toggleCollapse}
        />
      )}
      <Link to="/" className="kayuh-brand" aria-label={t('shell.brand.home')}>
        <KayuhLogo />
        <span className="kayuh-brand-name">Kayuh</span>
      </Link>
      {module && <span className="kayuh-module-title">{t(module.title)}</span>}
      <div className="kayuh-header-spacer" />
      <div className="kayuh-header-tools">
        <TenantSwitcher />
        <CitySelector />
        <Tooltip title={t('shell.home')}>
          <Button type="text" aria-label={t('shell.home')} icon={<AppstoreOutlined aria-hidden />} onClick={() => navigate('/')} />
        </Tooltip>
        {helpEntry && (
          <Tooltip title={t('shell.help')}>
            <Button type="text" aria-label={t('shell.help')} icon={<QuestionCircleOutlined aria-hidden />} onClick={() => navigate(helpEntry)} />
          </Tooltip>
        )}
        <AlarmIndicator />
        <NotificationBell />
        <LanguageSwitch />
        <LiveStatusDot />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
