import { MONITOR_COMMAND_PATH, MONITOR_PATH, type MonitorAnswer, type MonitorVehicle } from '@kayuh/contract/api/vehicleMonitor';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { setUpMapPageTests } from '../../../shared/map/mapTesting';
import { mockApi, ok } from '../../../testing/api';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { dictApi } from '../../../testing/resource';

setUpMapPageTests(() => import('./MonitorPage'));

const vehicle = (vehicleId: number, opState: number, soc: number, isOnline: boolean, lat: number): MonitorVehicle => ({
  vehicleId,
  vehicleNo: `KB-JKT-${String(vehicleId).padStart(6, '0')}`,
  lat,
  lng: 106.8272,
  opState,
  soc,
  speedKph: 0,
  lockState: 0,
  isOnline,
  modelId: 1,
  lastReportedAt: '2026-11-26T03:00:00Z',
});
// Kilometres apart: each shows by itself.
const answer: MonitorAnswer = {
  vehicles: [vehicle(1, 20, 90, true, -6.15), vehicle(2, 50, 12, true, -6.2), vehicle(3, 20, 60, false, -6.25)],
  models: [{ modelId: 1, name: 'Kayuh City 2' }],
  readAt: '2026-11-26T03:00:05Z',
};
const points = () => [...document.querySelectorAll<HTMLElement>('.kayuh-map-point')];

describe('the live monitor', () => {
  it('places the city’s vehicles, narrows them by link, and locks one from its panel', async () => {
    const calls = mockApi({
      ...shellApi(),
      ...dictApi({ vehicles_op_state: ['20', '50'], vehicle_telemetry_lock_state: ['0', '1', '2'] }),
      [`GET ${MONITOR_PATH}`]: () => ok(answer),
      [`POST ${MONITOR_COMMAND_PATH}`]: () => ok({ commandNo: 'CMD1', command: 'lock', latencyMs: 420 }),
    });
    renderApp('/vehicle_main/monitor');
    await screen.findByText(tr('monitor.shown', { shown: 3, total: 3 }), { exact: false });
    await waitFor(() => expect(points()).toHaveLength(3), { timeout: 8000 });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: tr('monitor.link') }));
    fireEvent.click(await screen.findByTitle(tr('monitor.offline')));
    await screen.findByText(tr('monitor.shown', { shown: 1, total: 3 }), { exact: false });
    await waitFor(() => expect(points()).toHaveLength(1));

    fireEvent.click(points()[0]!);
    const panel = await screen.findByText('KB-JKT-000003');
    const popup = panel.closest('.leaflet-popup') as HTMLElement;
    expect(within(popup).getByText(tr('monitor.offline'))).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: tr('device.command.lock') }));
    await screen.findByText(tr('device.command.lock.done'));
    expect(calls.find((c) => c.path === MONITOR_COMMAND_PATH)?.body).toEqual({ vehicleId: 3, command: 'lock' });
  });
});
