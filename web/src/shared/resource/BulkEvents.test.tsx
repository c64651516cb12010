import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postResource } from '@kayuh/contract/resources/post';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { tr } from '../../lib/i18n';
import { mockApi, ok, page } from '../../testing/api';
import { loadTestCatalogue } from '../../testing/catalogue';
import { renderApp, shellApi } from '../../testing/renderApp';
import { bodiesTo, dictApi, findRow, postRow, renderResource } from '../../testing/resource';
import { fullMenuTree, operator, resetApp, signIn, superAdmin } from '../../testing/session';
import type { MenuNode } from '@kayuh/contract/api/system';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(() => {
  cleanup();
  resetApp();
});

/** Jobs that may be disabled and enabled on a selection. */
const bulkPosts: ResourceDef = {
  ...postResource,
  transitions: [
    { name: 'disable', field: 'status', from: ['0'], to: '1', action: 'edit', bulk: true },
    {
      name: 'enable',
      field: 'status',
      from: ['1'],
      to: '0',
      action: 'edit',
      bulk: true,
      payload: [{ name: 'remark', type: 'textarea', required: true, max: 20 }],
    },
  ],
};
/** Two pages of jobs, two rows each. */
const pages = (body: unknown) => {
  const pageNum = Number((body as { pageNum?: number }).pageNum ?? 1);
  return page(pageNum === 1 ? [postRow(1, { version: 7 }), postRow(2, { status: '1' })] : [postRow(3, { version: 4 })], 3);
};
const pick = async (code: string) => fireEvent.click(within(await findRow(code)).getByRole('checkbox'));
const bulkButton = (event: string, count: number) =>
  screen.getByRole('button', { name: tr('engine.bulk.button', { action: tr(`transition.${event}`), count }) });
const withoutPerms = (nodes: MenuNode[], perms: string[]): MenuNode[] =>
  nodes.filter((node) => !perms.includes(node.perms ?? '')).map((node) => ({ ...node, children: withoutPerms(node.children, perms) }));

describe('bulk events on a selection', () => {
  it('fires the event on the rows picked across pages, each at its version, and says what became of each', async () => {
    const calls = mockApi({
      ...dictApi(),
      'POST /system/post/list': pages,
      'POST /system/post/disable/bulk': () =>
        ok({
          done: 2,
          refused: 1,
          results: [
            { id: 1, code: 1000, msg: 'Berhasil', version: 8 },
            { id: 2, code: 2004, msg: '“Nonaktifkan” tidak dapat dilakukan: statusnya sekarang Nonaktif' },
            { id: 3, code: 1000, msg: 'Berhasil', version: 5 },
          ],
        }),
    });
    renderResource(bulkPosts, '/configure/post?pageSize=2');
    await pick('OPS_1');
    await pick('OPS_2');
    expect(bulkButton('disable', 2)).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await pick('OPS_3');
    expect(screen.getByText(tr('engine.selectedCount', { count: 3 }))).toBeTruthy();

    fireEvent.click(bulkButton('disable', 3));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(tr('engine.bulk.confirm', { action: tr('transition.disable'), count: 3 }))).toBeTruthy();
    expect(bodiesTo(calls, '/system/post/disable/bulk')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: tr('transition.disable') }));

    const outcome = await screen.findByRole('dialog');
    expect(bodiesTo(calls, '/system/post/disable/bulk')).toEqual([
      {
        items: [
          { id: 1, version: 7 },
          { id: 2, version: 1 },
          { id: 3, version: 4 },
        ],
      },
    ]);
    expect(within(outcome).getByText(tr('engine.bulk.summary', { done: 2, refused: 1 }))).toBeTruthy();
    expect(within(outcome).getByText('Operator 2')).toBeTruthy();
    expect(within(outcome).getByText('“Nonaktifkan” tidak dapat dilakukan: statusnya sekarang Nonaktif')).toBeTruthy();
    expect(within(outcome).queryByText('Operator 1')).toBeNull();
    // The refused row stays picked; the changed ones leave the selection.
    expect(bulkButton('disable', 1)).toBeTruthy();
  });

  it("asks once for the event's payload, checked as the server will, and sends it with the rows", async () => {
    const calls = mockApi({
      ...dictApi(),
      'POST /system/post/list': pages,
      'POST /system/post/enable/bulk': () => ok({ done: 1, refused: 0, results: [{ id: 2, code: 1000, msg: 'Berhasil', version: 2 }] }),
    });
    renderResource(bulkPosts);
    await pick('OPS_2');
    fireEvent.click(bulkButton('enable', 1));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`${tr('transition.enable')} · ${tr('engine.selectedCount', { count: 1 })}`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: tr('transition.enable') }));
    expect(await within(dialog).findByText(tr('validation.required'))).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(tr('field.post.remark')), { target: { value: 'Shift kembali' } });
    fireEvent.click(within(dialog).getByRole('button', { name: tr('transition.enable') }));
    await waitFor(() => expect(bodiesTo(calls, '/system/post/enable/bulk')).toEqual([{ remark: 'Shift kembali', items: [{ id: 2, version: 1 }] }]));
    expect(await screen.findByText(tr('engine.bulk.summary', { done: 1, refused: 0 }))).toBeTruthy();
  });

  it('offers a bulk event only to those who may fire it, and no selection to those who may change nothing', async () => {
    signIn(operator);
    mockApi({
      ...shellApi(withoutPerms(fullMenuTree(), ['configure:editions:publish'])),
      ...dictApi(),
      'POST /system/appVersion/list': () => page([]),
    });
    renderApp('/configure/editions');
    expect(await screen.findByRole('button', { name: tr('engine.removeSelected', { count: 0 }) })).toBeTruthy();
    expect(screen.queryByRole('button', { name: tr('engine.bulk.button', { action: tr('transition.publish'), count: 0 }) })).toBeNull();
    cleanup();
    resetApp();

    loadTestCatalogue('ID');
    signIn(operator);
    mockApi({
      ...shellApi(withoutPerms(fullMenuTree(), ['configure:post:edit', 'configure:post:remove'])),
      ...dictApi(),
      'POST /system/post/list': pages,
    });
    renderResource(bulkPosts);
    expect(within(await findRow('OPS_1')).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /\(0\)/ })).toBeNull();
  });
});
