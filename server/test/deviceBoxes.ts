import { randomBytes } from 'node:crypto';
import { Code } from '@kayuh/contract/codes';
import { deviceTopics } from '@kayuh/contract/api/device';
import { and, eq } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { vehicleLiveStatus, vehicles } from '../src/db/schema.ts';
import type { useTestApp } from './harness.ts';

type TestApp = ReturnType<typeof useTestApp>;

/**
 * IoT boxes for a test file (docs/iot.md): the device link started on a free port, Jakarta vehicles given keys from
 * the vehicle page, and MQTT clients signed in with them (ended after the file).
 */
export function useDeviceBoxes(t: TestApp) {
  let port: number;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    await t.services.devices.start(0);
    port = t.services.devices.port!;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });

  const connect = async (imei: string, key: string) => {
    const client = await connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: imei,
      password: key,
      clientId: `test-${randomBytes(4).toString('hex')}`,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    clients.push(client);
    return client;
  };

  /** A key issued from the vehicle page for the nth in-service Jakarta vehicle with an IoT box, and the vehicle. */
  const issuedKey = async (nth = 0) => {
    const admin = await t.signIn('kitabike.admin');
    const [vehicle] = await t.database.db
      .select({ id: vehicles.id, imei: vehicles.imei, tenantId: vehicles.tenantId, vehicleNo: vehicles.vehicleNo })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, 2), eq(vehicles.cityCode, 2001), eq(vehicles.opState, 20)))
      .orderBy(vehicles.id)
      .offset(nth)
      .limit(1);
    const res = await t.call('POST', '/api/vehicle/vehicle/deviceKey', { headers: admin, body: { vehicleId: vehicle!.id } });
    expect(res.code, JSON.stringify(res)).toBe(Code.ok);
    return { vehicle: vehicle!, imei: res.data.imei as string, key: res.data.deviceKey as string };
  };

  /** A box signed in for the nth vehicle, which answers each command as `answer` says (undefined: not at all). */
  const box = async (
    nth: number,
    answer: (command: string) => { result: 'ok' | 'failed'; reason?: string } | undefined = () => ({ result: 'ok' }),
  ) => {
    const issued = await issuedKey(nth);
    // A box just fitted: no report of the demo's (a few seconds to minutes old) stands before this test's frames.
    await t.database.db.delete(vehicleLiveStatus).where(eq(vehicleLiveStatus.vehicleId, issued.vehicle.id));
    const client = await connect(issued.imei, issued.key);
    const topics = deviceTopics(issued.imei);
    const heard: Array<{ commandNo: string; command: string }> = [];
    await client.subscribeAsync(topics.cmd, { qos: 1 });
    client.on('message', (_topic, payload) => {
      const cmd = JSON.parse(payload.toString()) as { commandNo: string; command: string };
      heard.push(cmd);
      const reply = answer(cmd.command);
      if (reply) void client.publishAsync(topics.ack, JSON.stringify({ commandNo: cmd.commandNo, ...reply }), { qos: 1 });
    });
    /** Sends a frame and waits until it is the vehicle's live status (frames 5 minutes apart are not one batch). */
    const report = async (f: { reportedAt: string }) => {
      await client.publishAsync(topics.telemetry, JSON.stringify(f), { qos: 1 });
      await settled(async () => {
        const [live] = await t.database.db
          .select({ at: vehicleLiveStatus.lastReportedAt })
          .from(vehicleLiveStatus)
          .where(eq(vehicleLiveStatus.vehicleId, issued.vehicle.id));
        expect(live?.at.toISOString()).toBe(new Date(f.reportedAt).toISOString());
      });
    };
    return { ...issued, client, heard, report };
  };

  /** Waits until the ingest has written what it heard and the check holds. */
  const settled = (check: () => Promise<void>, timeout = 5_000) =>
    vi.waitFor(
      async () => {
        await t.services.devices.flush();
        await check();
      },
      { timeout, interval: 50 },
    );

  return { connect, issuedKey, box, settled };
}

/** Monas, inside Jakarta's demo service area. */
export const MONAS = { lat: -6.1754, lng: 106.8272 };

/** A parked (locked) frame at Monas unless told otherwise, `minutesAgo` old. */
export const parkedFrame = (extra: Record<string, unknown> = {}, minutesAgo = 1) => ({
  msgType: 2,
  reportedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  ...MONAS,
  gpsValid: true,
  lockState: 0,
  soc: 64,
  batteryVoltageMv: 51_200,
  gsmSignal: 24,
  alarmBits: 0,
  ...extra,
});
