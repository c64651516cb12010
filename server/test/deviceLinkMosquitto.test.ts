import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code } from '@kayuh/contract/codes';
import { deviceTopics } from '@kayuh/contract/api/device';
import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { vehicleTelemetry, vehicles } from '../src/db/schema.ts';
import { hashDeviceKey } from '../src/platform/devices/deviceKeys.ts';
import { DeviceLinkStartError, ExternalBroker } from '../src/platform/devices/externalBroker.ts';
import { MosquittoPasswords } from '../src/platform/devices/mosquittoPasswords.ts';
import { BROKER, issueKey, useDeviceBroker } from './deviceBroker.ts';
import { createTestApp, useTestApp, type TestApp } from './harness.ts';
import { SERVER_USER } from './mosquitto.ts';

/**
 * What only an external broker has (docs/mosquitto.md): the password file the server keeps, several instances sharing
 * the boxes' traffic, a broker that restarts or is not there. Runs with TEST_MOSQUITTO=1 (CI's Mosquitto step).
 */
const broker = useDeviceBroker();
const t = useTestApp(() => ({ deviceCommandTimeoutMs: 1_500, ...broker.appOptions() }));
let second: TestApp;
beforeAll(async () => {
  if (BROKER !== 'mosquitto') return;
  await broker.start(t);
  second = await createTestApp({ database: t.database, deviceCommandTimeoutMs: 1_500, ...broker.appOptions() });
  await second.services.devices.start();
});
afterAll(async () => {
  await second?.close();
});

const since = new Date();
const framesOf = (vehicleId: number) =>
  t.database.db
    .select()
    .from(vehicleTelemetry)
    .where(and(eq(vehicleTelemetry.vehicleId, vehicleId), gte(vehicleTelemetry.receivedAt, since)));
const frame = (minutesAgo: number, soc = 64) => ({
  msgType: 2,
  reportedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  lat: -6.1754,
  lng: 106.8272,
  gpsValid: true,
  lockState: 0,
  soc,
  alarmBits: 0,
});
const flushed = async (check: () => Promise<void>, timeout = 5_000) =>
  vi.waitFor(
    async () => {
      await Promise.all([t.services.devices.flush(), second.services.devices.flush()]);
      await check();
    },
    { timeout, interval: 50 },
  );
const passwordLines = () => fs.readFileSync(broker.mosquitto!.passwordFile, 'utf8').trimEnd().split('\n');

describe.runIf(BROKER === 'mosquitto')('the device link on Mosquitto', () => {
  it("keeps the password file: every live vehicle's key and its own line, written again when a key is issued", async () => {
    const keyed = await t.database.db
      .select({ imei: vehicles.imei, hash: vehicles.deviceKeyHash })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, 2)));
    const before = passwordLines();
    expect(before.at(-1)).toMatch(new RegExp(`^${SERVER_USER}:\\$7\\$101\\$`));
    for (const row of keyed.filter((r) => r.hash)) expect(before).toContain(`${row.imei}:${row.hash}`);

    const issued = await issueKey(second, 20);
    const [row] = await t.database.db.select({ hash: vehicles.deviceKeyHash }).from(vehicles).where(eq(vehicles.id, issued.vehicle.id));
    expect(passwordLines()).toContain(`${issued.imei}:${row!.hash}`);
    expect(passwordLines()).toHaveLength(before.length + (before.some((l) => l.startsWith(`${issued.imei}:`)) ? 0 : 1));
    // The file Mosquitto now reads lets the box in with the key just issued.
    expect((await broker.connect(issued.imei, issued.key)).connected).toBe(true);
  });

  it('writes a key changed elsewhere (another instance, an edit) at its next look at the database', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-passwd-')), 'passwd');
    const passwords = new MosquittoPasswords({
      db: t.database.db,
      log: t.app.log,
      file,
      server: { user: 'srv', hash: await hashDeviceKey('x') },
      syncMs: 100,
    });
    await passwords.sync();
    passwords.watch();
    try {
      const { vehicle, imei } = await issueKey(t, 21);
      const elsewhere = await hashDeviceKey('issued elsewhere');
      await t.database.db.update(vehicles).set({ deviceKeyHash: elsewhere }).where(eq(vehicles.id, vehicle.id));
      await vi.waitFor(() => expect(fs.readFileSync(file, 'utf8')).toContain(`${imei}:${elsewhere}\n`), { timeout: 3_000 });
      expect(fs.statSync(file).mode & 0o777).toBe(0o640);
      expect(fs.readdirSync(path.dirname(file))).toEqual(['passwd']);
    } finally {
      passwords.stop();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('shares the frames between two instances, each frame handled once', async () => {
    const { vehicle, imei, key } = await issueKey(t, 22);
    const heard = [0, 0];
    t.services.devices.listen('telemetry', async (m) => void (m.imei === imei && heard[0]!++));
    second.services.devices.listen('telemetry', async (m) => void (m.imei === imei && heard[1]!++));
    const client = await broker.connect(imei, key);
    for (let i = 0; i < 40; i++) await client.publishAsync(deviceTopics(imei).telemetry, JSON.stringify(frame(40 - i)), { qos: 1 });
    await flushed(async () => expect(await framesOf(vehicle.id)).toHaveLength(40));
    expect(heard[0]! + heard[1]!).toBe(40);
    expect(heard[0]).toBeGreaterThan(0);
    expect(heard[1]).toBeGreaterThan(0);
    expect(new Set((await framesOf(vehicle.id)).map((f) => f.reportedAt.getTime())).size).toBe(40);
  });

  it('gives no frame to a box that joins a share group it can name', async () => {
    const spy = await issueKey(t, 23);
    const { vehicle, imei, key } = await issueKey(t, 24);
    const thief = await broker.connect(spy.imei, spy.key, { protocolVersion: 5 });
    for (const group of ['kayuh', 'kayuh-server', SERVER_USER]) await thief.subscribeAsync(`$share/${group}/v1/+/telemetry`, { qos: 1 });
    const client = await broker.connect(imei, key);
    for (let i = 0; i < 20; i++) await client.publishAsync(deviceTopics(imei).telemetry, JSON.stringify(frame(20 - i)), { qos: 1 });
    await flushed(async () => expect(await framesOf(vehicle.id)).toHaveLength(20));
  });

  it('answers a command sent by either instance when its box acks it, not at the timeout', async () => {
    const { vehicle, imei, key } = await issueKey(t, 25);
    const client = await broker.connect(imei, key);
    await client.subscribeAsync(deviceTopics(imei).cmd, { qos: 1 });
    client.on('message', (_topic, payload) => {
      const { commandNo } = JSON.parse(payload.toString()) as { commandNo: string };
      void client.publishAsync(deviceTopics(imei).ack, JSON.stringify({ commandNo, result: 'ok' }), { qos: 1 });
    });
    // Not in turns: a broker dealing the acks out in turns would otherwise happen to hand each to its sender.
    for (const [i, app] of [t, t, second, second, t, second, second, t].entries()) {
      const started = Date.now();
      const res = await app.call('POST', '/api/vehicle/vehicle/command', {
        headers: await app.signIn('kitabike.admin'),
        body: { vehicleId: vehicle.id, command: i % 2 ? 'lock' : 'unlock' },
      });
      expect(res.code, JSON.stringify(res)).toBe(Code.ok);
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });

  it('rides out a broker restart: a command while it is gone answers 2009 at once, frames flow again after', async () => {
    const { vehicle, imei, key } = await issueKey(t, 26);
    const mosquitto = broker.mosquitto!;
    await mosquitto.stop();
    await vi.waitFor(() => expect(t.services.devices.isConnected(imei)).toBe(false));
    const started = Date.now();
    const res = await t.call('POST', '/api/vehicle/vehicle/command', {
      headers: await t.signIn('kitabike.admin', { lang: 'EN' }),
      body: { vehicleId: vehicle.id, command: 'lock' },
    });
    expect(res).toMatchObject({ code: Code.deviceTimeout, msg: "This vehicle's IoT box is not connected; the command was not sent" });
    expect(Date.now() - started).toBeLessThan(1_000);

    await mosquitto.run();
    await vi.waitFor(() => expect([t, second].map((app) => app.services.devices.isConnected(imei))).toEqual([undefined, undefined]), {
      timeout: 10_000,
    });
    const client = await broker.connect(imei, key);
    for (let i = 0; i < 4; i++) await client.publishAsync(deviceTopics(imei).telemetry, JSON.stringify(frame(4 - i)), { qos: 1 });
    await flushed(async () => expect(await framesOf(vehicle.id)).toHaveLength(4));
  });

  it('starts clearly or not at all: a broker starting beside it is waited for; one not there, or refusing it, stops the start', async () => {
    const mosquitto = broker.mosquitto!;
    const wrong = new URL(mosquitto.serverUrl);
    wrong.password = 'not-the-password';
    const refusedAt = Date.now();
    await expect(ExternalBroker.start({ url: wrong.toString(), log: t.app.log })).rejects.toThrow(
      new DeviceLinkStartError(
        `MQTT_URL: the broker at mqtt://${SERVER_USER}@127.0.0.1:${mosquitto.port} refused the server (Connection refused: Not authorized)`,
      ),
    );
    expect(Date.now() - refusedAt).toBeLessThan(2_000);

    await mosquitto.stop();
    await expect(ExternalBroker.start({ url: mosquitto.serverUrl, log: t.app.log, firstConnectMs: 1_000 })).rejects.toThrow(
      /^MQTT_URL: the broker at mqtt:\/\/kayuh-server@127\.0\.0\.1:\d+ did not answer within 1 s \(ECONNREFUSED\)$/,
    );
    const starting = ExternalBroker.start({ url: mosquitto.serverUrl, log: t.app.log, firstConnectMs: 10_000, reconnectMs: 200 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    await mosquitto.run();
    const link = await starting;
    expect(link.isConnected()).toBeUndefined();
    await link.close();
  });
});
