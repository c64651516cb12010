import type { MenuNode } from '@kayuh/contract/api/system';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, ok, page, type Handler } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, dictApi, findRow } from '../../../testing/resource';
import { fullMenuTree, operator, resetApp, signIn, superAdmin } from '../../../testing/session';

const createObjectURL = URL.createObjectURL;
beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  resetApp();
  URL.createObjectURL = createObjectURL;
  vi.restoreAllMocks();
});

const vehicle = (vehicleId: number, vehicleNo: string) => ({
  vehicleId,
  vehicleNo,
  cityCode: 3101,
  modelId: 1,
  opState: '10',
  usageMode: '1',
  version: 0,
});
const api = (more: Record<string, Handler> = {}, tree = fullMenuTree()) => ({
  ...shellApi(tree),
  ...dictApi({ vehicles_op_state: ['10'], vehicles_usage_mode: ['1'], batteries_state: ['10'], batteries_health: ['0'] }),
  'POST /vehicle/vehicle/list': () => page([vehicle(7, 'KB-JKT-000007'), vehicle(8, 'KB-JKT-000008')]),
  'POST /operations/battery/list': () => page([]),
  ...more,
});
const withoutPerms = (nodes: MenuNode[], perms: string[]): MenuNode[] =>
  nodes.filter((node) => !perms.includes(node.perms ?? '')).map((node) => ({ ...node, children: withoutPerms(node.children, perms) }));
const file = (status: number, type: string) => () => new Response('bytes', { status, headers: { 'content-type': type } });

/** Opens Import, picks a file and sends it. */
async function importFile(name = 'vehicles.xlsx') {
  fireEvent.click(screen.getByRole('button', { name: tr('fleetImport.import') }));
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, {
      target: { files: [new File(['xlsx'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })] },
    });
  });
  fireEvent.click(within(dialog).getByRole('button', { name: tr('fleetImport.upload') }));
  return dialog;
}

// A whole console page per test, with dialogs: slower than the usual component test on a busy machine.
describe('vehicles: import from an xlsx and QR labels', { timeout: 60_000 }, () => {
  it('downloads the template, shows every refused cell in a table, then the count of an accepted file', async () => {
    let answer = 0;
    const forms: FormData[] = [];
    const calls = mockApi(
      api({
        'GET /vehicle/vehicle/importTemplate': file(200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
        'POST /vehicle/vehicle/import': (_body, { init }) => {
          forms.push(init.body as FormData);
          answer += 1;
          return answer === 1
            ? {
                code: 2001,
                msg: 'Berkas memiliki 1 kesalahan; tidak ada yang diimpor',
                data: { errorCount: 1, rowErrors: [{ row: 28, field: 'modelId', column: 'Model', message: 'Kode model "NO-SUCH" tidak dikenal' }] },
              }
            : ok({ added: 50 });
        },
      }),
    );
    renderApp('/vehicle_main/vehicle');
    await findRow('KB-JKT-000007');

    fireEvent.click(screen.getByRole('button', { name: tr('fleetImport.import') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: tr('fleetImport.downloadTemplate') }));
    await waitFor(() => expect(calls.some((c) => c.path === '/vehicle/vehicle/importTemplate')).toBe(true));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    fireEvent.click(within(dialog).getByRole('button', { name: tr('common.cancel') }));

    const refused = await importFile();
    expect(await within(refused).findByText(tr('fleetImport.refused', { count: 1 }))).toBeTruthy();
    const errorRow = (await within(refused).findByText('Kode model "NO-SUCH" tidak dikenal')).closest('tr')!;
    expect(within(errorRow).getByText('28')).toBeTruthy();
    expect(within(errorRow).getByText('Model')).toBeTruthy();
    expect((forms[0]!.get('file') as File).name).toBe('vehicles.xlsx');

    // The same dialog sends the fixed file.
    fireEvent.click(within(refused).getByRole('button', { name: tr('fleetImport.upload') }));
    expect(await within(refused).findByText(tr('fleetImport.added', { count: 50 }))).toBeTruthy();
    expect(forms).toHaveLength(2);
  });

  it('prints the labels of the selected vehicles as a PDF', async () => {
    const calls = mockApi(api({ 'POST /vehicle/vehicle/labels': file(200, 'application/pdf') }));
    renderApp('/vehicle_main/vehicle');
    const row = await findRow('KB-JKT-000008');
    const button = screen.getByRole('button', { name: tr('fleetImport.printLabels') });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(row).getByRole('checkbox'));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: tr('fleetImport.printLabels') }));
    expect(await within(dialog).findByText(tr('fleetImport.labelsReady', { count: 1 }))).toBeTruthy();
    expect(bodiesTo(calls, '/vehicle/vehicle/labels')).toEqual([{ vehicleIds: [8] }]);
  });

  it('offers Import and Print labels only with their rights', async () => {
    signIn(operator);
    mockApi(api({}, withoutPerms(fullMenuTree(), ['vehicle:vehicle:import', 'vehicle:vehicle:export'])));
    renderApp('/vehicle_main/vehicle');
    await findRow('KB-JKT-000007');
    expect(screen.queryByRole('button', { name: tr('fleetImport.import') })).toBeNull();
    expect(screen.queryByRole('button', { name: tr('fleetImport.printLabels') })).toBeNull();
  });

  it('imports batteries from the battery list, which prints no labels', async () => {
    mockApi(api({ 'POST /operations/battery/import': () => ok({ added: 3 }) }));
    renderApp('/operations/battery');
    await screen.findByRole('button', { name: tr('fleetImport.import') });
    expect(screen.queryByRole('button', { name: tr('fleetImport.printLabels') })).toBeNull();
    const dialog = await importFile('batteries.xlsx');
    expect(within(dialog).getByText(tr('fleetImport.importTitle', { resource: tr('resource.battery') }))).toBeTruthy();
    expect(await within(dialog).findByText(tr('fleetImport.added', { count: 3 }))).toBeTruthy();
  });
});
