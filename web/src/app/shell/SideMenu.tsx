import { HomeOutlined } from '@ant-design/icons';
import { Layout, Menu } from 'antd';
import type { MenuNode } from '@kayuh/contract/api/system';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';
import { visiblePages } from './menuTree';

interface SideMenuProps {
  module: ModuleDef;
  /** The module's pages for this user (getMenu); empty when that call failed. */
  pages: MenuNode[];
  activePath: string;
  onOpen: (path: string) => void;
}

export function SideMenu({ module, pages, activePath, onOpen }: SideMenuProps) {
  const t = useT();
  const isCollapse = useConfigStore((s) => s.isCollapse);
  const items = visiblePages(pages).map((node) => ({
    key: node.url,
    label: t(node.menuName),
    icon: node.url === module.basePath ? <HomeOutlined aria-hidden /> : undefined,
  }));
  return (
    <Layout.Sider width={232} collapsedWidth={64} collapsed={isCollapse} trigger={null} theme="light" className="kayuh-sider">
      <nav aria-label={t('shell.sideMenu.label', { module: t(module.title) })} className="kayuh-sider-nav">
        <Menu mode="inline" items={items} selectedKeys={[activePath]} onClick={({ key }) => onOpen(key)} />
      </nav>
    </Layout.Sider>
  );
}
