import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSignIn, id, PASSWORD, screenshot, signIn } from '../support/console.ts';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const MQTT_PORT = PORT + 10_000;
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run simulate` for Denpasar (docs/simulator.md): its boxes sign in over MQTT with keys issued through the API,
 * a third of the bikes ride (ten times the pace), none loses an ack, and one locked bike is carried off at once.
 */
async function simulateDenpasar(): Promise<ChildProcess> {
  const args = ['--import', 'tsx', 'server/src/sim/main.ts', '--url', `http://127.0.0.1:${PORT}`, '--mqtt', `mqtt://127.0.0.1:${MQTT_PORT}`];
  args.push('--user', 'gowesbali.admin', '--password', PASSWORD, '--cities', '3001', '--speed', '10', '--riding', '0.3');
  args.push('--lost-acks', '0', '--offline', '0', '--illegal-move-after', '1');
  const sim = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  await new Promise<void>((resolve, reject) => {
    const hear = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('Simulating')) resolve();
    };
    sim.stdout!.on('data', hear);
    sim.stderr!.on('data', hear);
    sim.once('exit', (code) => reject(new Error(`the simulator stopped (${code}): ${said}`)));
  });
  return sim;
}

type MonitorVehicle = { vehicleId: number; vehicleNo: string; lat: number; lng: number; speedKph: number | null; lockState: number | null };

/** A Denpasar bike out riding, as the monitor's read says. */
async function ridingBike(request: APIRequestContext, headers: Record<string, string>): Promise<MonitorVehicle> {
  let bike: MonitorVehicle | undefined;
  await expect(async () => {
    const monitor = await (await request.get('/api/vehicle/monitor?cityCode=3001', { headers })).json();
    bike = (monitor.data.vehicles as MonitorVehicle[]).find((v) => v.lockState === 1 && (v.speedKph ?? 0) > 0);
    expect(bike).toBeDefined();
  }).toPass({ timeout: 30_000 });
  return bike!;
}

test('the simulated city moves on the monitor, a lock from the panel reaches the bike, and the illegal move raises an alarm', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const sim = await simulateDenpasar();
  try {
    // The API reads as the admin (the simulator is done with its session): the ops manager's is the browser's.
    const session = await apiSignIn(request, 'gowesbali.admin');
    const headers = { token: session.token, userid: String(session.userId) };
    const bike = await ridingBike(request, headers);

    await signIn(page, 'gowesbali.ops.denpasar');
    await page.goto('/vehicle_main/monitor');
    await page.getByRole('searchbox', { name: id('monitor.vehicleNo') }).fill(bike.vehicleNo);
    const marker = page.locator('.kayuh-map-point');
    await expect(marker).toHaveCount(1);
    await marker.click();
    const panel = page.locator('.leaflet-popup');
    await expect(panel).toContainText(bike.vehicleNo);
    await expect(panel).toContainText(id('dict.vehicle_telemetry_lock_state.1'));
    const first = await panel.innerText();

    // It rides on: the page reads its next frames by itself, and the panel says where it is now.
    await expect(async () => {
      await panel.locator('.leaflet-popup-close-button').click();
      await marker.click();
      expect(await panel.innerText({ timeout: 1_000 })).not.toBe(first);
    }).toPass({ timeout: 45_000 });
    await screenshot(page, 'live-monitor');

    // Locked from the panel: the simulated box hears it, acks, and the panel says so; it stops where it is.
    await panel.getByRole('button', { name: id('device.command.lock'), exact: true }).click();
    await expect(page.getByText(id('device.command.lock.done'))).toBeVisible();

    // The bike carried off while locked: the rule raises ILLEGAL_MOVE, the header lights, the list shows it.
    await expect(async () => {
      const list = await (await request.post('/api/alarm/alarm/list', { headers, data: { alarmCode: 'ILLEGAL_MOVE', pageSize: 1 } })).json();
      expect(list.rows).toHaveLength(1);
    }).toPass({ timeout: 60_000 });
    await page.goto('/alarm_main/alarm_list');
    await expect(
      page
        .locator('tr.ant-table-row')
        .filter({ hasText: id('dict.alarms_alarm_code.ILLEGAL_MOVE') })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: id('alarm.indicator.on') })).toBeVisible();
    await screenshot(page, 'alarm-illegal-move');

    // And the system locked it: its row on getMoveBikeLock.
    await page.goto('/log_main/getMoveBikeLock');
    await expect(page.locator('tr.ant-table-row').first()).toContainText(id('dict.illegal_move_locks_result.1'));
  } finally {
    sim.kill('SIGTERM');
  }
});
