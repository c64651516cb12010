import { deviceTopics } from '@kayuh/contract/api/device';
import { expect, type APIRequestContext } from '@playwright/test';
import mqtt from 'mqtt';

/** The console's embedded MQTT broker, beside its HTTP port (playwright.config.ts). */
const MQTT_URL = `mqtt://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 10_000}`;

export type Bay = { slotNo: number; state: string; batterySn: string | null; soc: number | null; doorOpen: boolean };
const STATES = ['empty', 'charging', 'full', 'fault', 'disabled'];

/**
 * A swap cabinet for a journey (docs/iot.md "Swap cabinets"): signed in with the key the console issued, opening every
 * door it is told to, and reporting its bays — as the console holds them (its bays list), changed as the journey says.
 */
export async function cabinetOnLink(request: APIRequestContext, staff: Record<string, string>, stationId: number, imei: string, key: string) {
  const client = await mqtt.connectAsync(MQTT_URL, { username: imei, password: key, reconnectPeriod: 0 });
  const topics = deviceTopics(imei);
  const opened: number[] = [];
  await client.subscribeAsync(topics.cmd, { qos: 1 });
  client.on('message', (_topic, payload) => {
    const cmd = JSON.parse(payload.toString()) as { commandNo: string; params: { slotNo: number } };
    opened.push(cmd.params.slotNo);
    void client.publishAsync(topics.ack, JSON.stringify({ commandNo: cmd.commandNo, result: 'ok' }), { qos: 1 });
  });
  const bays = async (): Promise<Bay[]> => {
    const rows = (await (await request.post('/api/merchant/cabinetSlot/list', { headers: staff, data: { stationId, pageSize: 60 } })).json())
      .rows as Array<{
      slotNo: number;
      state: string;
      batterySn: string | null;
      soc: number | null;
      doorOpen: boolean;
    }>;
    return rows.map((r) => ({ slotNo: r.slotNo, state: STATES[Number(r.state)]!, batterySn: r.batterySn, soc: r.soc, doorOpen: r.doorOpen }));
  };
  /** Reports every bay, changed by `change`, and waits until the console shows the report. */
  const report = async (change: (bays: Bay[]) => void = () => undefined) => {
    const now = await bays();
    change(now);
    const reportedAt = new Date().toISOString();
    await client.publishAsync(topics.cabinet, JSON.stringify({ reportedAt, slots: now }), { qos: 1 });
    await expect(async () => {
      const station = (await (await request.get(`/api/merchant/station/${stationId}`, { headers: staff })).json()).data as { lastReportedAt: string };
      expect(new Date(station.lastReportedAt).toISOString()).toBe(reportedAt);
    }).toPass({ timeout: 15_000 });
  };
  // Closed at once, as a box is (box.ts): a graceful end may wait for ever on an ack still in flight.
  return { opened, bays, report, close: () => client.endAsync(true) };
}
