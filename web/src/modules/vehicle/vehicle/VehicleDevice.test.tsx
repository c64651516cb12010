import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, ok, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, dictApi, findRow } from '../../../testing/resource';
import { fullMenuTree, resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(() => resetApp());

const vehicle = {
  vehicleId: 7,
  vehicleNo: 'KB-JKT-000007',
  imei: '864732042000071',
  cityCode: 3101,
  modelId: 1,
  opState: '20',
  usageMode: '1',
  version: 0,
};
const api = () => ({
  ...shellApi(fullMenuTree()),
  ...dictApi({ vehicles_op_state: ['20'], vehicles_usage_mode: ['1'] }),
  'POST /vehicle/vehicle/list': () => page([vehicle]),
  'POST /vehicle/vehicle/deviceKey': () => ok({ vehicleId: 7, imei: vehicle.imei, deviceKey: 'k3y-sh0wn-0nce', issuedAt: '2026-11-26T07:00:00Z' }),
  'POST /vehicle/vehicle/command': () => ok({ commandNo: 'CMD26112600000001', command: 'lock', latencyMs: 412 }),
});

/** A row action from the row's More menu. */
async function rowAction(title: string) {
  fireEvent.click(within(await findRow('KB-JKT-000007')).getByRole('button', { name: /Lainnya/ }));
  await waitFor(() => expect(screen.getAllByRole('menu')).toBeTruthy());
  fireEvent.click(within(screen.getAllByRole('menu').at(-1)!).getByText(title));
}

describe("a vehicle's IoT box", { timeout: 60_000 }, () => {
  it('gets a new key, said to replace the old one, then shown once with the IMEI to sign in with', async () => {
    const calls = mockApi(api());
    renderApp('/vehicle_main/vehicle');
    await rowAction(tr('device.key.title'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(tr('device.key.explain', { imei: vehicle.imei }))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: tr('device.key.issue') }));
    expect(await within(dialog).findByText('k3y-sh0wn-0nce')).toBeTruthy();
    expect(within(dialog).getByText(tr('device.key.once'))).toBeTruthy();
    expect(within(dialog).getByText(vehicle.imei)).toBeTruthy();
    expect(bodiesTo(calls, '/vehicle/vehicle/deviceKey')).toEqual([{ vehicleId: 7 }]);
  });

  it('is locked from the row, and says so once the box has acked', async () => {
    const calls = mockApi(api());
    renderApp('/vehicle_main/vehicle');
    await rowAction(tr('device.command.lock'));
    expect(await screen.findByText(tr('device.command.lock.done'))).toBeTruthy();
    expect(bodiesTo(calls, '/vehicle/vehicle/command')).toEqual([{ vehicleId: 7, command: 'lock' }]);
  });
});
