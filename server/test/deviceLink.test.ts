import { Code } from '@kayuh/contract/codes';
import { deviceTopics } from '@kayuh/contract/api/device';
import { and, eq, gte } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { alarmEvents, alarms, iotCommands, productModels, vehicleLiveStatus, vehicleTelemetry, vehicles, zones } from '../src/db/schema.ts';
import { FrameRules } from '../src/modules/alarm/frameRules.ts';
import { BROKER, issueKey, useDeviceBroker } from './deviceBroker.ts';
import { parkedFrame } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';

/**
 * The device link (docs/iot.md): sign-in, topics, telemetry in, commands, alarm rules — on the embedded broker, or on
 * Mosquitto with the shipped configuration when TEST_MOSQUITTO=1 (docs/mosquitto.md says where the two differ).
 */
const broker = useDeviceBroker();
const t = useTestApp(() => ({ deviceCommandTimeoutMs: 1_500, ...broker.appOptions() }));
beforeAll(() => broker.start(t));
const connect = broker.connect;
/** A wrong IMEI or key, to an MQTT 3.1.1 client: CONNACK 4 (bad user name or password) from aedes, 5 (not authorised) from Mosquitto. */
const REFUSED = BROKER === 'embedded' ? /Bad username or password/i : /Not authorized/i;

/** A key issued from the vehicle page for the nth in-service Jakarta vehicle with an IoT box, and the vehicle. */
const issuedKey = (nth = 0) => issueKey(t, nth);

const frame = parkedFrame;

/** The frames a vehicle's box sent in these tests (the demo's history of a few vehicles is older). */
const since = new Date();
const framesOf = async (vehicleId: number) =>
  t.database.db
    .select()
    .from(vehicleTelemetry)
    .where(and(eq(vehicleTelemetry.vehicleId, vehicleId), gte(vehicleTelemetry.receivedAt, since)))
    .orderBy(vehicleTelemetry.reportedAt);

/** Waits until the ingest has written what it heard and the check holds. */
const settled = (check: () => Promise<void>) =>
  vi.waitFor(
    async () => {
      await t.services.devices.flush();
      await check();
    },
    { timeout: 5_000, interval: 50 },
  );

describe('a device', () => {
  it('signs in with its IMEI and the key issued for it, and not with another', async () => {
    const { imei, key } = await issuedKey(0);
    await expect(connect(imei, 'not-the-key')).rejects.toThrow(REFUSED);
    await expect(connect('123456789012345', key)).rejects.toThrow(REFUSED);
    const client = await connect(imei, key);
    expect(client.connected).toBe(true);
  });

  it('hears its own commands only, and cannot publish for another device', async () => {
    const mine = await issuedKey(1);
    const theirs = await issuedKey(2);
    const client = await connect(mine.imei, mine.key);
    const own = deviceTopics(mine.imei).cmd;
    expect((await client.subscribeAsync(own, { qos: 1 })).map((g) => g.qos)).toEqual([1]);
    const others = [deviceTopics(theirs.imei).cmd, 'v1/+/telemetry', 'v1/#', '$share/kayuh/v1/+/telemetry'];
    if (BROKER === 'embedded') {
      // Refused with 0x80 in the SUBACK; the connection stays.
      for (const topic of others) await expect(client.subscribeAsync(topic, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    } else {
      // Mosquitto's ACL file does not refuse a subscription: it checks each message as it would deliver it.
      for (const topic of others) await client.subscribeAsync(topic, { qos: 1 });
      const heard: string[] = [];
      client.on('message', (topic) => heard.push(topic));
      const other = await connect(theirs.imei, theirs.key);
      await other.publishAsync(deviceTopics(theirs.imei).telemetry, JSON.stringify(frame()), { qos: 1 });
      const command = (commandNo: string) => ({
        commandNo,
        command: 'ring' as const,
        params: null,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      });
      await t.services.devices.send(theirs.imei, command('CMD00000000000001'));
      await t.services.devices.send(mine.imei, command('CMD00000000000002'));
      await vi.waitFor(() => expect(heard).toContain(own));
      expect(new Set(heard)).toEqual(new Set([own]));
    }
    expect(client.connected).toBe(true);

    if (BROKER === 'embedded') {
      // The embedded broker ends the connection (MQTT 3.1.1 has no other way to refuse a publish).
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(deviceTopics(theirs.imei).telemetry, JSON.stringify(frame()), { qos: 1 });
      await closed;
    } else {
      // Mosquitto acks it (MQTT 3.1.1) and drops it; the connection stays, and its own frame after it is heard.
      await client.publishAsync(deviceTopics(theirs.imei).telemetry, JSON.stringify(frame({ soc: 7 })), { qos: 1 });
      await client.publishAsync(own, JSON.stringify({ commandNo: 'CMD0', command: 'unlock' }), { qos: 1 });
      await client.publishAsync(deviceTopics(mine.imei).telemetry, JSON.stringify(frame()), { qos: 1 });
      expect(client.connected).toBe(true);
      await settled(async () => expect(await framesOf(mine.vehicle.id)).toHaveLength(1));
    }
    await t.services.devices.flush();
    expect((await framesOf(theirs.vehicle.id)).map((f) => f.soc)).toEqual(BROKER === 'embedded' ? [] : [64]);
  });

  it.runIf(BROKER === 'mosquitto')(
    'on MQTT 5, is told it is not authorized (0x87): a wrong key in the CONNACK, a publish for another device in the PUBACK',
    async () => {
      const mine = await issuedKey(14);
      const theirs = await issuedKey(15);
      await expect(connect(mine.imei, 'not-the-key', { protocolVersion: 5 })).rejects.toMatchObject({ code: 0x87 });
      const client = await connect(mine.imei, mine.key, { protocolVersion: 5 });
      await expect(client.publishAsync(deviceTopics(theirs.imei).telemetry, JSON.stringify(frame()), { qos: 1 })).rejects.toMatchObject({
        code: 0x87,
      });
      await client.publishAsync(deviceTopics(mine.imei).telemetry, JSON.stringify(frame()), { qos: 1 });
      await settled(async () => expect(await framesOf(mine.vehicle.id)).toHaveLength(1));
      expect(await framesOf(theirs.vehicle.id)).toHaveLength(0);
    },
  );

  it('reports frames that land in the telemetry and the live status; a bad frame does not stop the good ones', async () => {
    const { vehicle, imei, key } = await issuedKey(3);
    const client = await connect(imei, key);
    const topic = deviceTopics(imei).telemetry;
    const root = await t.signIn('superadmin');
    const traffic = async () => (await t.call('GET', '/api/monitor/server', { headers: root })).data.devices;
    const before = await traffic();
    await client.publishAsync(topic, '{not json', { qos: 1 });
    await client.publishAsync(topic, JSON.stringify(frame({ soc: 140 })), { qos: 1 });
    await client.publishAsync(topic, JSON.stringify(frame({}, -60)), { qos: 1 });
    // A buffered batch: three frames, the middle one without its lock state.
    await client.publishAsync(
      topic,
      JSON.stringify([frame({ soc: 66 }, 3), { ...frame({}, 2), lockState: undefined }, frame({ soc: 65, speedKph: 0 }, 1)]),
      { qos: 1 },
    );
    await settled(async () => expect((await framesOf(vehicle.id)).map((f) => f.soc)).toEqual([66, 65]));
    // Each dropped frame is counted by its reason, on the platform's data monitoring page.
    const after = await traffic();
    expect(after.framesAccepted - before.framesAccepted).toBe(2);
    expect(after.dropped.malformed - before.dropped.malformed).toBe(1);
    expect(after.dropped.invalid - before.dropped.invalid).toBe(2);
    expect(after.dropped.future - before.dropped.future).toBe(1);

    const [live] = await t.database.db.select().from(vehicleLiveStatus).where(eq(vehicleLiveStatus.vehicleId, vehicle.id));
    expect(live).toMatchObject({ tenantId: 2, cityCode: 2001, soc: 65, isOnline: true, inServiceArea: true, lockState: 0, gsmSignal: 24 });
    expect(Number(live!.lat)).toBeCloseTo(-6.1754, 6);

    // An old frame sent late is kept in the history but does not move the vehicle back.
    await client.publishAsync(topic, JSON.stringify(frame({ soc: 90, lat: -6.2 }, 30)), { qos: 1 });
    await settled(async () => expect(await framesOf(vehicle.id)).toHaveLength(3));
    const [late] = await t.database.db.select().from(vehicleLiveStatus).where(eq(vehicleLiveStatus.vehicleId, vehicle.id));
    expect(late!.soc).toBe(65);
  });

  it('places each vehicle by its newest frame: the zone it stands in, and the range its charge gives', async () => {
    const { vehicle, imei, key } = await issuedKey(16);
    const client = await connect(imei, key);
    await client.publishAsync(deviceTopics(imei).telemetry, JSON.stringify(frame({ lat: -6.1767, lng: 106.8306, soc: 50 }, 0)), { qos: 1 });
    const [gambir] = await t.database.db
      .select({ id: zones.id })
      .from(zones)
      .where(and(eq(zones.tenantId, 2), eq(zones.name, 'Stasiun Gambir')));
    const [model] = await t.database.db
      .select({ maxRangeM: productModels.maxRangeM })
      .from(vehicles)
      .innerJoin(productModels, eq(productModels.id, vehicles.modelId))
      .where(eq(vehicles.id, vehicle.id));
    await settled(async () => {
      const [live] = await t.database.db.select().from(vehicleLiveStatus).where(eq(vehicleLiveStatus.vehicleId, vehicle.id));
      expect(live).toMatchObject({ soc: 50, inServiceArea: true, zoneId: gambir!.id, rangeM: Math.round(model!.maxRangeM! / 2) });
    });
    await client.endAsync();
  });

  it('loses its connection and its old key when a new key is issued', async () => {
    const first = await issuedKey(4);
    const client = await connect(first.imei, first.key);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const again = await issuedKey(4);
    await closed;
    await expect(connect(first.imei, first.key)).rejects.toThrow(REFUSED);
    expect((await connect(again.imei, again.key)).connected).toBe(true);
  });
});

describe('a command', () => {
  /** A box that carries out what it is told (or refuses with a reason), after a little while. */
  async function box(nth: number, answer: (command: string) => { result: 'ok' | 'failed'; reason?: string } | undefined) {
    const { vehicle, imei, key } = await issuedKey(nth);
    const client = await connect(imei, key);
    await client.subscribeAsync(deviceTopics(imei).cmd, { qos: 1 });
    client.on('message', (_topic, payload) => {
      const cmd = JSON.parse(payload.toString()) as { commandNo: string; command: string };
      const reply = answer(cmd.command);
      if (reply) setTimeout(() => client.publish(deviceTopics(imei).ack, JSON.stringify({ commandNo: cmd.commandNo, ...reply }), { qos: 1 }), 30);
    });
    return { vehicle, imei, client };
  }
  const send = async (vehicleId: number, command: string) =>
    t.call('POST', '/api/vehicle/vehicle/command', { headers: await t.signIn('kitabike.admin', { lang: 'EN' }), body: { vehicleId, command } });
  const rowsOf = (vehicleId: number) => t.database.db.select().from(iotCommands).where(eq(iotCommands.vehicleId, vehicleId)).orderBy(iotCommands.id);

  it('is answered once the box acks it, with its latency, and recorded', async () => {
    const { vehicle } = await box(5, () => ({ result: 'ok' }));
    const res = await send(vehicle.id, 'lock');
    expect(res.code, JSON.stringify(res)).toBe(Code.ok);
    expect(res.data).toMatchObject({ command: 'lock', commandNo: expect.stringMatching(/^CMD\d{14}$/) });
    expect(res.data.latencyMs).toBeGreaterThanOrEqual(0);
    const [row] = await rowsOf(vehicle.id);
    expect(row).toMatchObject({ commandNo: res.data.commandNo, command: 2, source: 2, result: 1, requestedByType: 1 });
    expect(row!.ackedAt).toBeInstanceOf(Date);
  });

  it('that the box refuses answers 2009 with its reason', async () => {
    const { vehicle } = await box(6, () => ({ result: 'failed', reason: 'lock jammed' }));
    const res = await send(vehicle.id, 'unlock');
    expect(res).toMatchObject({ code: Code.deviceTimeout, msg: 'The device could not carry out the command: lock jammed' });
    expect((await rowsOf(vehicle.id))[0]).toMatchObject({ result: 2, failReason: 'lock jammed' });
  });

  it('a lock that is never acked answers 2009 in time (the test waits 1.5 s, not 15), and a late ack changes nothing', async () => {
    let late: (() => void) | undefined;
    const { vehicle, imei, client } = await box(7, () => undefined);
    client.on('message', (_topic, payload) => {
      const { commandNo } = JSON.parse(payload.toString()) as { commandNo: string };
      late = () => client.publish(deviceTopics(imei).ack, JSON.stringify({ commandNo, result: 'ok' }), { qos: 1 });
    });
    const started = Date.now();
    const res = await send(vehicle.id, 'lock');
    expect(res.code).toBe(Code.deviceTimeout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(Date.now() - started).toBeLessThan(5_000);
    late!();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await rowsOf(vehicle.id))[0]).toMatchObject({ result: 3, ackedAt: null });
  });

  it('to a box that is not connected answers 2009 at once (embedded), or once it times out (Mosquitto)', async () => {
    const { vehicle } = await issuedKey(8);
    const started = Date.now();
    const res = await send(vehicle.id, 'lock');
    if (BROKER === 'embedded') {
      expect(res).toMatchObject({ code: Code.deviceTimeout, msg: "This vehicle's IoT box is not connected; the command was not sent" });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect((await rowsOf(vehicle.id))[0]).toMatchObject({ result: 3, failReason: 'offline' });
    } else {
      // The server cannot see Mosquitto's connections: the command is sent, and nobody acks it.
      expect(res.code).toBe(Code.deviceTimeout);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
      expect((await rowsOf(vehicle.id))[0]).toMatchObject({ result: 3, failReason: null });
    }
  });

  it("is not settled by another box's ack", async () => {
    const quiet = await box(9, () => undefined);
    const other = await box(10, () => undefined);
    quiet.client.on('message', (_topic, payload) => {
      const { commandNo } = JSON.parse(payload.toString()) as { commandNo: string };
      other.client.publish(deviceTopics(other.imei).ack, JSON.stringify({ commandNo, result: 'ok' }), { qos: 1 });
    });
    const res = await send(quiet.vehicle.id, 'lock');
    expect(res.code).toBe(Code.deviceTimeout);
    expect((await rowsOf(quiet.vehicle.id))[0]).toMatchObject({ result: 3 });
  });
});

describe('an alarm rule', () => {
  const alarmsOf = (vehicleId: number, alarmCode: string) =>
    t.database.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.targetId, vehicleId), eq(alarms.alarmCode, alarmCode)));

  it('raises LOW_SOC once the condition held past its hold time, once only, and recovers after its recover time', async () => {
    const { vehicle, imei, key } = await issuedKey(11);
    const client = await connect(imei, key);
    const report = async (soc: number, minutesAgo: number) => {
      await client.publishAsync(deviceTopics(imei).telemetry, JSON.stringify(frame({ soc }, minutesAgo)), { qos: 1 });
      await settled(async () => expect((await framesOf(vehicle.id)).at(-1)?.soc).toBe(soc));
    };
    // KitaBike's default: below 20% for 300 s (level 3), below 10% at level 2; normal again for 300 s to recover.
    await report(15, 20);
    await report(14, 16);
    expect(await alarmsOf(vehicle.id, 'LOW_SOC')).toHaveLength(0);
    await report(13, 14);
    const [raised] = await alarmsOf(vehicle.id, 'LOW_SOC');
    expect(raised).toMatchObject({ status: 0, level: 3, tenantId: 2, cityCode: 2001, vehicleId: vehicle.id, occurCount: 1 });

    // Still low, lower: the same alarm, not a second, not counted again.
    await report(12, 13);
    await report(8, 12);
    expect(await alarmsOf(vehicle.id, 'LOW_SOC')).toEqual([expect.objectContaining({ id: raised!.id, occurCount: 1, status: 0 })]);

    // Charged: normal for 2 minutes is not yet recovered; for 5, it is.
    await report(60, 10);
    await report(61, 8);
    expect((await alarmsOf(vehicle.id, 'LOW_SOC'))[0]!.status).toBe(0);
    await report(62, 5);
    const [recovered] = await alarmsOf(vehicle.id, 'LOW_SOC');
    expect(recovered).toMatchObject({ id: raised!.id, status: 3 });
    expect(recovered!.recoveredAt).toBeInstanceOf(Date);
    const events = await t.database.db
      .select({ event: alarmEvents.event })
      .from(alarmEvents)
      .where(eq(alarmEvents.alarmId, raised!.id))
      .orderBy(alarmEvents.id);
    expect(events.map((e) => e.event)).toEqual(['raised', 'recovered']);
  });

  it('raises one alarm when twenty instances hear the same held condition at once', async () => {
    const { vehicle } = await issuedKey(13);
    const facts = (minutesAgo: number) => ({
      tenantId: 2,
      cityCode: 2001,
      vehicleId: vehicle.id,
      at: new Date(Date.now() - minutesAgo * 60_000),
      soc: 5,
      speedKph: 0,
      alarmBits: 0,
      lockState: 0,
      fixed: true,
      inServiceArea: true,
      lat: -6.1754,
      lng: 106.8272,
    });
    const instances = Array.from({ length: 20 }, () => new FrameRules(t.services, t.app.log));
    await instances[0]!.evaluate([facts(10)]);
    await Promise.all(instances.map((rules) => rules.evaluate([facts(4)])));
    expect(await alarmsOf(vehicle.id, 'LOW_SOC')).toEqual([expect.objectContaining({ occurCount: 1, level: 2, status: 0 })]);
  });

  it("raises a tamper alarm at the first frame with its bit, at the rule's level", async () => {
    const { vehicle, imei, key } = await issuedKey(12);
    const client = await connect(imei, key);
    await client.publishAsync(deviceTopics(imei).telemetry, JSON.stringify(frame({ alarmBits: 1 << 2 })), { qos: 1 });
    await settled(async () => expect(await alarmsOf(vehicle.id, 'TAMPER')).toEqual([expect.objectContaining({ level: 2, status: 0 })]));
  });
});
