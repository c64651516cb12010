import { deviceTopics } from '@kayuh/contract/api/device';
import { expect, type APIRequestContext } from '@playwright/test';
import mqtt from 'mqtt';

/** The console's embedded MQTT broker, beside its HTTP port (playwright.config.ts). */
const MQTT_URL = `mqtt://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 10_000}`;

/**
 * An IoT box for a journey (docs/iot.md): a key issued from the vehicle page through the API, signed in to the
 * broker, answering every command `ok`, and reporting frames where the journey puts the bike.
 */
export async function bikeBox(request: APIRequestContext, admin: Record<string, string>, vehicleId: number) {
  const issued = (await (await request.post('/api/vehicle/vehicle/deviceKey', { headers: admin, data: { vehicleId } })).json()).data as {
    imei: string;
    deviceKey: string;
  };
  const client = await mqtt.connectAsync(MQTT_URL, { username: issued.imei, password: issued.deviceKey, reconnectPeriod: 0 });
  const topics = deviceTopics(issued.imei);
  const heard: string[] = [];
  await client.subscribeAsync(topics.cmd, { qos: 1 });
  client.on('message', (_topic, payload) => {
    const cmd = JSON.parse(payload.toString()) as { commandNo: string; command: string };
    heard.push(cmd.command);
    void client.publishAsync(topics.ack, JSON.stringify({ commandNo: cmd.commandNo, result: 'ok' }), { qos: 1 });
  });
  /** A frame at a point, locked or riding, with its pack's charge, and waits until the console has it as the bike's live status. */
  const report = async (at: { lat: number; lng: number }, lockState: 0 | 1, soc = 72) => {
    const reportedAt = new Date().toISOString();
    const frame = { msgType: 2, reportedAt, ...at, gpsValid: true, lockState, soc, batteryVoltageMv: 51_200, gsmSignal: 24, alarmBits: 0 };
    await client.publishAsync(topics.telemetry, JSON.stringify(frame), { qos: 1 });
    await expect(async () => {
      const monitor = await (await request.get('/api/vehicle/monitor?cityCode=2001', { headers: admin })).json();
      const live = (monitor.data.vehicles as Array<{ vehicleId: number; lat: number; lng: number; soc: number }>).find(
        (v) => v.vehicleId === vehicleId,
      );
      expect(live).toMatchObject({ lat: at.lat, lng: at.lng, soc });
    }).toPass({ timeout: 15_000 });
  };
  // Closed at once: a graceful end waits for the broker's acks of messages still in flight, and may wait for ever.
  return { imei: issued.imei, heard, report, close: () => client.endAsync(true) };
}
