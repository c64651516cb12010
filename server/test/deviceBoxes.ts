import { deviceTopics } from '@kayuh/contract/api/device';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, vi } from 'vitest';
import { vehicleLiveStatus } from '../src/db/schema.ts';
import { issueKey, useDeviceBroker } from './deviceBroker.ts';
import type { TestApp } from './harness.ts';

/**
 * IoT boxes for a test file (docs/iot.md): the device link started (deviceBroker.ts), Jakarta vehicles given keys
 * from the vehicle page, and boxes signed in with them that answer commands and report frames.
 */
export function useDeviceBoxes(t: TestApp) {
  const broker = useDeviceBroker();
  beforeAll(() => broker.start(t));
  const issuedKey = (nth = 0) => issueKey(t, nth);
  const connect = broker.connect;

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
      // A box its test has switched off drops the ack it had not sent yet.
      if (reply) client.publishAsync(topics.ack, JSON.stringify({ commandNo: cmd.commandNo, ...reply }), { qos: 1 }).catch(() => undefined);
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
