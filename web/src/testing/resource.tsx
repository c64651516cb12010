import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { AppProvider } from '../app/provider';
import { queryClient } from '../lib/queryClient';
import ResourcePage from '../shared/resource/ResourcePage';
import { page, type Handler } from './api';

/** A job (post) row as POST /system/post/list answers it. */
export const postRow = (postId: number, extra: Record<string, unknown> = {}) => ({
  postId,
  postCode: `OPS_${postId}`,
  postName: `Operator ${postId}`,
  postSort: postId,
  status: '0',
  remark: '',
  version: 1,
  tenantId: 2,
  createdAt: '2026-03-01T01:02:03Z',
  updatedAt: '2026-03-02T01:02:03Z',
  ...extra,
});

/** A dept row as POST /system/dept/list answers it, and a small tree of them (three levels under the root). */
export const deptRow = (deptId: number, parentId: number, deptName: string) => ({
  deptId,
  parentId,
  deptName,
  ancestors: '',
  kind: '1',
  orderNum: 0,
  leader: '',
  status: '0',
  version: 1,
  tenantId: 2,
});
export const depts = [
  deptRow(1, 0, 'Kantor Pusat'),
  deptRow(100, 1, 'KitaBike'),
  deptRow(3101, 100, 'Jakarta'),
  deptRow(310101, 3101, 'Shift Malam'),
  deptRow(3102, 100, 'Bandung'),
];

/**
 * The dictionaries the declared resources use, as /system/dict/data/list answers (labels are i18n keys);
 * `more` adds dictionaries by type, as their values.
 */
export const dictApi = (more: Record<string, string[]> = {}): Record<string, Handler> => ({
  'POST /system/dict/data/list': (body) => {
    const type = (body as { dictType: string }).dictType;
    const entries: Record<string, Array<[string, string]>> = {
      sys_normal_disable: [
        ['0', 'success'],
        ['1', 'danger'],
      ],
      ...Object.fromEntries(Object.entries(more).map(([name, values]) => [name, values.map((value): [string, string] => [value, 'default'])])),
    };
    return page(
      (entries[type] ?? []).map(([dictValue, listClass], dictSort) => ({ dictValue, dictLabel: `dict.${type}.${dictValue}`, listClass, dictSort })),
    );
  },
});

/** One resource page alone in a memory router (no shell), for declarations that are not in RESOURCES. */
export function renderResource(resource: ResourceDef, path = '/configure/post') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <QueryClientProvider client={queryClient}>
            <ResourcePage resource={resource} />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}

/** The table row that shows a text (e.g. a job code). */
export async function findRow(text: string): Promise<HTMLElement> {
  const cell = await within(await screen.findByRole('table')).findByText(text);
  return cell.closest('tr')!;
}

/** The request bodies sent to a path, oldest first. */
export const bodiesTo = (calls: Array<{ path: string; body: unknown }>, path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.body as Record<string, unknown>);
