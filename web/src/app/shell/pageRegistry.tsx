import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModuleDef, PageDef } from '@kayuh/contract/menus/types';
import type { PageProps } from '../../shared/pageProps';
type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

/** Pages built in this version, by route; each is its own chunk. */
const BUILT: Record<string, PageComponent> = {
  '/configure/personal_info': lazy(() => import('../../modules/configure/personal_info/PersonalInfoPage')),
  '/configure/changePwd': lazy(() => import('../../modules/configure/changePwd/ChangePasswordPage')),
  '/configure/login_journal': lazy(() => import('../../modules/configure/login_journal/LoginJournalPage')),
};

const ModuleIndexPage: PageComponent = lazy(() => import('../routes/moduleIndex/ModuleIndexPage'));
const NotBuiltPage: PageComponent = lazy(() => import('../../shared/NotBuiltPage'));

/** A module's first page is its index; a page without a build says so instead of showing invented data. */
export function pageComponentOf(module: ModuleDef, page: PageDef): PageComponent {
  if (BUILT[page.path]) return BUILT[page.path]!;
  if (page.path === module.basePath) return ModuleIndexPage;
  return NotBuiltPage;
}
