import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Key } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '@kayuh/contract/api/system';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { AppProvider } from '../../app/provider';
import { mockApi, ok } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { fullMenuTree, resetApp, signIn, superAdmin } from '../../testing/session';
import { CheckTreeInput } from './TreeInputs';

const menus: FieldDef = { name: 'menuIds', type: 'idList', virtual: true, tree: true, ref: { resource: 'menu', labelField: 'menuName' } };

beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
  mockApi({ 'GET /system/menu/treeselect': () => ok(fullMenuTree()) });
});
// Unmount first, so nothing left mounted refetches through the real fetch once the mocks are gone.
afterEach(() => {
  cleanup();
  resetApp();
});

function renderTree(initial: Key[] = []) {
  const changes: Key[][] = [];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppProvider>
        <CheckTreeInput field={menus} value={initial} onChange={(keys) => changes.push(keys)} />
      </AppProvider>
    </QueryClientProvider>,
  );
  return changes;
}

describe("a role's menu tree", () => {
  it('selects every menu, and none, in one click', async () => {
    const changes = renderTree();
    await screen.findByText('System Management');
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    const count = (nodes: MenuNode[]): number => nodes.reduce((n, node) => n + 1 + count(node.children), 0);
    expect(changes.at(-1)).toHaveLength(count(fullMenuTree()));
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect(changes.at(-1)).toEqual([]);
  });

  it('finds a page by name, opening its module, and expands and collapses everything', async () => {
    renderTree();
    await screen.findByText('System Management');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(screen.queryByText('Download Center')).toBeNull());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the tree' }), { target: { value: 'download' } });
    const hit = await screen.findByText('Download Center');
    expect(hit.tagName).toBe('MARK');
    expect(screen.getByText('1 found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(screen.queryByText('Download Center')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    const tree = screen.getByRole('tree');
    expect(await within(tree).findAllByText('Download Center')).not.toHaveLength(0);
  });
});
