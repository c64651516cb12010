import { Layout, Menu } from 'antd';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { findPageByPath } from '@kayuh/contract/menus/index';
import type { MenuNode } from '@kayuh/contract/api/system';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../lib/i18n';
import { PageIcon } from '../../shared/PageIcon';
import { useConfigStore } from '../../stores/configStore';
import { visiblePages } from './menuTree';

interface SideMenuProps {
  module: ModuleDef;
  /** The module's pages for this user (getMenu); empty when that call failed. */
  pages: MenuNode[];
  activePath: string;
  onOpen: (path: string) => void;
}

/**
 * A click with a modifier (new tab, new window) is the browser's; a plain one is the menu's (onClick below), so the
 * link itself does nothing then.
 */
function plainClickOnly(event: MouseEvent<HTMLAnchorElement>) {
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) event.stopPropagation();
  else event.preventDefault();
}

export function SideMenu({ module, pages, activePath, onOpen }: SideMenuProps) {
  const t = useT();
  const isCollapse = useConfigStore((s) => s.isCollapse);
  // Each item is a real link (open in a new tab, copy the address); a plain click stays in this tab and returns to
  // the page's last filters. Every item has an icon, so the collapsed menu shows icons with the names as tooltips.
  const items = visiblePages(pages).map((node) => ({
    key: node.url,
    label: (
      <Link to={node.url} onClick={plainClickOnly}>
        {t(node.menuName)}
      </Link>
    ),
    icon: <PageIcon page={findPageByPath(node.url)?.page.page ?? ''} />,
  }));
  return (
    <Layout.Sider width={232} collapsedWidth={64} collapsed={isCollapse} trigger={null} theme="light" className="kayuh-sider">
      <nav aria-label={t('shell.sideMenu.label', { module: t(module.title) })} className="kayuh-sider-nav">
        <Menu mode="inline" items={items} selectedKeys={[activePath]} onClick={({ key }) => onOpen(key)} />
      </nav>
    </Layout.Sider>
  );
}
