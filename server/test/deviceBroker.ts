import { randomBytes } from 'node:crypto';
import { Code } from '@kayuh/contract/codes';
import { and, eq } from 'drizzle-orm';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect } from 'vitest';
import { vehicles } from '../src/db/schema.ts';
import type { TestApp, TestAppOptions } from './harness.ts';
import { TestMosquitto } from './mosquitto.ts';

/** The broker the device-link tests run on: the embedded one, or Mosquitto with TEST_MOSQUITTO=1 (docs/mosquitto.md). */
export const BROKER: 'embedded' | 'mosquitto' = process.env.TEST_MOSQUITTO === '1' ? 'mosquitto' : 'embedded';

/**
 * The device link of a test file on BROKER: with Mosquitto, its own process started before the test app (whose
 * options then come from appOptions()) and stopped after it; devices connect where `url` says, and the clients made
 * with connect() end with the file.
 */
export function useDeviceBroker() {
  let mosquitto: TestMosquitto | undefined;
  let url: string | undefined;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    if (BROKER === 'mosquitto') mosquitto = await TestMosquitto.start();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await mosquitto?.close();
  });
  return {
    /** The options that put a test app's device link on this broker (none for the embedded one). */
    appOptions: (): TestAppOptions => (mosquitto ? mosquitto.appOptions : {}),
    /** Starts an app's device link: the embedded broker on a free port, or its client of Mosquitto. */
    async start(app: TestApp): Promise<void> {
      await app.services.devices.start(0);
      url ??= mosquitto ? mosquitto.deviceUrl : `mqtt://127.0.0.1:${app.services.devices.port}`;
    },
    get mosquitto(): TestMosquitto | undefined {
      return mosquitto;
    },
    /** A device signed in with its IMEI and key (MQTT 3.1.1 unless told), not reconnecting by itself. */
    async connect(imei: string, key: string, extra: IClientOptions = {}): Promise<MqttClient> {
      if (!url) throw new Error('start the device link first');
      const client = await connectAsync(url, {
        username: imei,
        password: key,
        clientId: `test-${randomBytes(4).toString('hex')}`,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
        ...extra,
      });
      clients.push(client);
      return client;
    },
  };
}

/** A key issued from the vehicle page for the nth in-service Jakarta vehicle with an IoT box, and the vehicle. */
export async function issueKey(app: TestApp, nth = 0) {
  const admin = await app.signIn('kitabike.admin');
  const [vehicle] = await app.database.db
    .select({ id: vehicles.id, imei: vehicles.imei, tenantId: vehicles.tenantId, vehicleNo: vehicles.vehicleNo })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, 2), eq(vehicles.cityCode, 2001), eq(vehicles.opState, 20)))
    .orderBy(vehicles.id)
    .offset(nth)
    .limit(1);
  const res = await app.call('POST', '/api/vehicle/vehicle/deviceKey', { headers: admin, body: { vehicleId: vehicle!.id } });
  expect(res.code, JSON.stringify(res)).toBe(Code.ok);
  expect(res.data).toMatchObject({ vehicleId: vehicle!.id, imei: vehicle!.imei });
  return { vehicle: vehicle!, imei: res.data.imei as string, key: res.data.deviceKey as string };
}
