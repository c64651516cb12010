import { Result } from 'antd';
import { Activity } from 'react';
import { findPageByPath } from '@kayuh/contract/menus/index';
import type { ModuleDef, PageDef } from '@kayuh/contract/menus/types';
import { useT } from '../../lib/i18n';
import { canOpenPage } from '../../shared/permissions/canOpen';
import { useUserPerms } from '../../shared/permissions/useUserPerms';
import { useConfigStore } from '../../stores/configStore';
import { findMenuNode } from './menuTree';
import { pageComponentOf } from './pageRegistry';
import { PanelLoading, TabPanel } from './TabPanel';

interface TabPanelsProps {
  /** The page route being shown; null on routes outside the tabs (home). */
  activePath: string | null;
  currentSearch: string;
  /** Last query string of each tab, kept by the shell. */
  searches: ReadonlyMap<string, string>;
  menusReady: boolean;
}

/**
 * Every open tab stays mounted in its own <Activity>: hidden ones keep state, scroll and DOM. A page whose
 * menu says not to cache it (isCache '1') is dropped while hidden and so opens fresh.
 */
export function TabPanels({ activePath, currentSearch, searches, menusReady }: TabPanelsProps) {
  const t = useT();
  const tagsList = useConfigStore((s) => s.tagsList);
  const menuList = useConfigStore((s) => s.menuList);
  const { perms } = useUserPerms();
  const paths = tagsList.map((tab) => tab.path);
  if (activePath && !paths.includes(activePath)) paths.push(activePath);
  return paths.map((path) => {
    const found = findPageByPath(path);
    if (!found) return null;
    const active = path === activePath;
    const node = findMenuNode(menuList, path);
    const keepState = node ? node.isCache === '0' : found.page.keepState;
    if (!active && !keepState) return null;
    return (
      <Activity key={path} mode={active ? 'visible' : 'hidden'}>
        <TabPanel path={path} search={active ? currentSearch : (searches.get(path) ?? '')} active={active} label={t(found.page.title)}>
          {!menusReady ? <PanelLoading /> : canOpenPage(found.module, found.page, perms) ? <PageOf {...found} /> : <Forbidden />}
        </TabPanel>
      </Activity>
    );
  });
}

function PageOf({ module, page }: { module: ModuleDef; page: PageDef }) {
  const Page = pageComponentOf(module, page);
  return <Page module={module} page={page} />;
}

function Forbidden() {
  const t = useT();
  return <Result status="403" title={t('shell.forbidden.title')} subTitle={t('shell.forbidden.text')} />;
}
