import { deviceTopics } from '@kayuh/contract/api/device';
import { Code } from '@kayuh/contract/codes';
import { StationType } from '@kayuh/contract/resources/fleet';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cabinetSlots, stations } from '../src/db/schema.ts';
import { useDeviceBroker } from './deviceBroker.ts';
import { useTestApp } from './harness.ts';
import { bodyOf, hostile as hostileValues, noFault, query, testMember } from './hostileInput.ts';

/**
 * Bad input to the swaps never gives a 500, never makes a swap and never moves money: hostile start bodies, swap
 * numbers and paging from a signed-in member; and a cabinet's hostile reports are dropped while its good one lands.
 */
const broker = useDeviceBroker();
const t = useTestApp(() => broker.appOptions());
const SEED = 20_261_127;

const hostile = hostileValues(null, [], {}, true, 'JKT-CAB-01 OR 1=1');

describe('swaps under hostile input', () => {
  beforeAll(() => broker.start(t));

  it('start, cancel and the swap lists refuse bad input cleanly; no swap is made, no money moves', async () => {
    const headers = await testMember(t);
    const wallet = async () => (await t.call('GET', '/api/app/wallet', { headers })).data;
    const before = await wallet();
    await fc.assert(
      fc.asyncProperty(bodyOf(['stationCode'], hostile), hostile, hostile, async (payload, orderNo, size) => {
        const started = await t.app.inject({
          method: 'POST',
          url: '/api/app/swaps',
          headers: { ...headers, 'idempotency-key': `fuzz-swap-${Math.random()}` },
          payload,
        });
        noFault(started.statusCode, started.json().code);
        const cancel = await t.app.inject({ method: 'POST', url: `/api/app/swaps/${query(orderNo)}/cancel`, headers });
        noFault(cancel.statusCode, cancel.json().code);
        const one = await t.app.inject({ method: 'GET', url: `/api/app/swaps/${query(orderNo)}`, headers });
        noFault(one.statusCode, one.json().code);
        const list = await t.app.inject({ method: 'GET', url: `/api/app/swaps?before=${query(orderNo)}&size=${query(size)}`, headers });
        noFault(list.statusCode, list.json().code);
      }),
      { seed: SEED, numRuns: 60 },
    );
    expect((await t.call('GET', '/api/app/swaps', { headers })).data).toEqual([]);
    expect(await wallet()).toEqual(before);
  });

  it("a cabinet's malformed reports are dropped and its good report after them lands", async () => {
    const [cabinet] = await t.database.db
      .select()
      .from(stations)
      .where(and(eq(stations.tenantId, 2), eq(stations.type, StationType.swapCabinet)))
      .orderBy(asc(stations.id))
      .limit(1);
    const admin = await t.signIn('kitabike.admin');
    const issued = await t.call('POST', '/api/merchant/station/deviceKey', { headers: admin, body: { stationId: cabinet!.id } });
    expect(issued.code).toBe(Code.ok);
    const client = await broker.connect(issued.data.imei, issued.data.deviceKey);
    const topic = deviceTopics(issued.data.imei).cabinet;
    const bay = (extra: Record<string, unknown>) => ({ slotNo: 3, state: 'fault', doorOpen: false, ...extra });
    const bad = [
      'not json',
      '[]',
      JSON.stringify({ reportedAt: new Date().toISOString() }),
      JSON.stringify({ reportedAt: new Date(Date.now() + 3_600_000).toISOString(), slots: [bay({})] }),
      JSON.stringify({ reportedAt: new Date().toISOString(), slots: [bay({ slotNo: 0 })] }),
      JSON.stringify({ reportedAt: new Date().toISOString(), slots: [bay({ soc: 101 })] }),
      JSON.stringify({ reportedAt: new Date().toISOString(), slots: [bay({ state: 'exploded' })] }),
      JSON.stringify({ reportedAt: new Date().toISOString(), slots: [bay({ batterySn: 'x'.repeat(65) })] }),
      JSON.stringify({ reportedAt: 'yesterday', slots: [bay({})] }),
    ];
    for (const payload of bad) await client.publishAsync(topic, payload, { qos: 1 });
    const reportedAt = new Date().toISOString();
    await client.publishAsync(topic, JSON.stringify({ reportedAt, slots: [bay({ state: 'disabled', batterySn: null })] }), { qos: 1 });
    await vi.waitFor(
      async () => {
        const [row] = await t.database.db.select({ at: stations.lastReportedAt }).from(stations).where(eq(stations.id, cabinet!.id));
        expect(row!.at?.toISOString()).toBe(reportedAt);
      },
      { timeout: 5_000, interval: 50 },
    );
    const [slot] = await t.database.db
      .select()
      .from(cabinetSlots)
      .where(and(eq(cabinetSlots.stationId, cabinet!.id), eq(cabinetSlots.slotNo, 3)));
    expect(slot).toMatchObject({ state: 4, batteryId: null });
  });
});
