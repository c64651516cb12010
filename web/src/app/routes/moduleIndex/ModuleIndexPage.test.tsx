import type { MenuNode } from '@kayuh/contract/api/system';
import { configureModule } from '@kayuh/contract/menus/configure';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { tr, useT } from '../../../lib/i18n';
import { queryClient } from '../../../lib/queryClient';
import { useConfigStore } from '../../../stores/configStore';
import { mockApi } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { fullMenuTree, operator, resetApp, signIn } from '../../../testing/session';
import { AppProvider } from '../../provider';
import ModuleIndexPage from './ModuleIndexPage';

// Two modules with a dashboard of the test's own: System management's shows what it was given, Operations' breaks.
vi.mock('./dashboards', () => ({
  dashboardOf: (key: string) =>
    ({
      configure: ({ module }: { module: ModuleDef }) => <p>Dashboard of {useT()(module.title)}</p>,
      operations: () => {
        throw new Error('the dashboard broke');
      },
    })[key],
}));

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(operator);
});
afterEach(() => {
  // Unmounted before the query cache is cleared, so no mounted page asks again once fetch is real.
  cleanup();
  vi.restoreAllMocks();
  resetApp();
});

const tilesOf = (moduleKey: string) => screen.findByRole('navigation', { name: tr('shell.moduleIndex.pages', { module: tr(`menu.${moduleKey}`) }) });
const withoutPerm = (nodes: MenuNode[], perm: string): MenuNode[] =>
  nodes.filter((node) => node.perms !== perm).map((node) => ({ ...node, children: withoutPerm(node.children, perm) }));

describe("a module's Home", () => {
  it('shows the module dashboard above the tiles, which get a heading of their own', async () => {
    mockApi(shellApi());
    renderApp('/configure');
    const dashboard = await screen.findByText(`Dashboard of ${tr('menu.configure')}`);
    const tiles = await tilesOf('configure');
    expect(dashboard.compareDocumentPosition(tiles) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(tiles).getByRole('heading', { level: 2 }).textContent).toBe(tr('shell.moduleIndex.pages', { module: tr('menu.configure') }));
    expect(within(tiles).getByRole('link', { name: tr('menu.configure.user') })).toBeTruthy();
  });

  it('keeps the tiles when the dashboard fails, and says the dashboard failed in its place', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(shellApi());
    renderApp('/operations');
    expect(await screen.findByText(tr('shell.error.title'))).toBeTruthy();
    expect(within(await tilesOf('operations')).getAllByRole('link').length).toBeGreaterThan(0);
  });

  it('shows the tiles alone in a module without a dashboard', async () => {
    mockApi(shellApi());
    renderApp('/message_manager');
    const tiles = await tilesOf('message');
    expect(within(tiles).getAllByRole('link').length).toBeGreaterThan(0);
    expect(within(tiles).queryByRole('heading')).toBeNull();
    expect(screen.queryByText(/^Dashboard of/)).toBeNull();
  });

  it('shows no dashboard to a user who may not open the Home itself', async () => {
    const tree = withoutPerm(fullMenuTree(), 'configure:index:view');
    mockApi(shellApi(tree));
    useConfigStore.setState({ menuList: tree });
    render(
      <AppProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <ModuleIndexPage module={configureModule} />
          </MemoryRouter>
        </QueryClientProvider>
      </AppProvider>,
    );
    expect(within(await tilesOf('configure')).getByRole('link', { name: tr('menu.configure.user') })).toBeTruthy();
    expect(screen.queryByText(/^Dashboard of/)).toBeNull();
  });
});
