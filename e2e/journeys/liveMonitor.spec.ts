import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { connectAsync, type MqttClient } from 'mqtt';
import { apiSignIn, id, screenshot, signIn } from '../support/console.ts';

const MQTT_PORT = Number(process.env.E2E_PORT ?? 8181) + 10_000;

/** A vehicle's IoT box as its maker builds it (docs/iot.md): signs in with its key, reports, acks its commands. */
async function device(imei: string, key: string) {
  const client: MqttClient = await connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, {
    username: imei,
    password: key,
    clientId: `e2e-${randomBytes(4).toString('hex')}`,
    reconnectPeriod: 0,
  });
  const heard: string[] = [];
  await client.subscribeAsync(`v1/${imei}/cmd`, { qos: 1 });
  client.on('message', (_topic, payload) => {
    const cmd = JSON.parse(payload.toString()) as { commandNo: string; command: string };
    heard.push(cmd.command);
    void client.publishAsync(`v1/${imei}/ack`, JSON.stringify({ commandNo: cmd.commandNo, result: 'ok' }), { qos: 1 });
  });
  const report = (at: { lat: number; lng: number }, speedKph: number, lockState: number) =>
    client.publishAsync(
      `v1/${imei}/telemetry`,
      JSON.stringify({ msgType: 2, reportedAt: new Date().toISOString(), ...at, gpsValid: true, speedKph, soc: 64, lockState, alarmBits: 0 }),
      { qos: 1 },
    );
  return { client, heard, report };
}

test('the monitor follows a riding bike without a reload, and a lock from its panel reaches the box', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await apiSignIn(request, 'gowesbali.ops.denpasar');
  const headers = { token: session.token, userid: String(session.userId) };
  const monitor = await (await request.get('/api/vehicle/monitor?cityCode=3001', { headers })).json();
  const bike = (monitor.data.vehicles as Array<{ vehicleId: number; vehicleNo: string; lat: number; lng: number }>)[0]!;
  const issued = await (await request.post('/api/vehicle/vehicle/deviceKey', { headers, data: { vehicleId: bike.vehicleId } })).json();
  const box = await device(issued.data.imei, issued.data.deviceKey);
  try {
    await box.report({ lat: bike.lat, lng: bike.lng }, 14, 1);

    await signIn(page, 'gowesbali.ops.denpasar');
    await page.goto('/vehicle_main/monitor');
    await page.getByRole('searchbox', { name: id('monitor.vehicleNo') }).fill(bike.vehicleNo);
    await expect(page.getByText(id('monitor.shown', { shown: 1, total: monitor.data.vehicles.length }), { exact: false })).toBeVisible();
    const marker = page.locator('.kayuh-map-point');
    await expect(marker).toHaveCount(1);
    await marker.click();
    const panel = page.locator('.leaflet-popup');
    await expect(panel).toContainText(bike.vehicleNo);
    await expect(panel).toContainText('14 km/h');

    // It rides on: the page reads the new frame by itself.
    await panel.locator('.leaflet-popup-close-button').click();
    await box.report({ lat: bike.lat + 0.002, lng: bike.lng }, 21, 1);
    await expect(async () => {
      await marker.click();
      await expect(panel).toContainText('21 km/h', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await screenshot(page, 'live-monitor');

    // Locked from the panel: the box hears it, acks, and the panel says so.
    await panel.getByRole('button', { name: id('device.command.lock'), exact: true }).click();
    await expect(page.getByText(id('device.command.lock.done'))).toBeVisible();
    expect(box.heard).toEqual(['lock']);
  } finally {
    await box.client.endAsync(true);
  }
});
