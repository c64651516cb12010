import { Code } from '@kayuh/contract/codes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarms } from '../src/db/schema.ts';
import { useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';

/** LOCK_FAIL (DOMAIN §6.3): a vehicle whose lock failed twice in a row. */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box, settled } = useDeviceBoxes(t);

const lockFailsOf = (vehicleId: number) =>
  t.database.db
    .select()
    .from(alarms)
    .where(and(eq(alarms.vehicleId, vehicleId), eq(alarms.alarmCode, 'LOCK_FAIL')));

describe('a lock that fails', () => {
  it('twice in a row raises LOCK_FAIL, a third counts on it, and a lock that holds recovers it', async () => {
    let jammed = true;
    const bike = await box(5, () => (jammed ? { result: 'failed', reason: 'lock jammed' } : { result: 'ok' }));
    const headers = await t.signIn('kitabike.ops.jakarta');
    const lock = () => t.call('POST', '/api/vehicle/vehicle/command', { headers, body: { vehicleId: bike.vehicle.id, command: 'lock' } });

    expect((await lock()).code).toBe(Code.deviceTimeout);
    await settled(async () => expect(await lockFailsOf(bike.vehicle.id)).toEqual([]));
    expect((await lock()).code).toBe(Code.deviceTimeout);
    await settled(async () => expect(await lockFailsOf(bike.vehicle.id)).toEqual([expect.objectContaining({ level: 2, status: 0, occurCount: 1 })]));
    expect((await lock()).code).toBe(Code.deviceTimeout);
    await settled(async () => expect(await lockFailsOf(bike.vehicle.id)).toEqual([expect.objectContaining({ status: 0, occurCount: 2 })]));

    jammed = false;
    expect((await lock()).code).toBe(Code.ok);
    await settled(async () => expect(await lockFailsOf(bike.vehicle.id)).toEqual([expect.objectContaining({ status: 3 })]));
  });

  it('once, then a lock that holds, then once more: no alarm', async () => {
    const answers = ['failed', 'ok', 'failed'];
    const bike = await box(6, () => ({ result: answers.shift() as 'ok' | 'failed' }));
    const headers = await t.signIn('kitabike.ops.jakarta');
    for (let i = 0; i < 3; i++)
      await t.call('POST', '/api/vehicle/vehicle/command', { headers, body: { vehicleId: bike.vehicle.id, command: 'lock' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(await lockFailsOf(bike.vehicle.id)).toEqual([]);
  });
});
