import { CABINET_SLOT_STATES, deviceTopics } from '@kayuh/contract/api/device';
import { Code } from '@kayuh/contract/codes';
import { BatteryState, StationType } from '@kayuh/contract/resources/fleet';
import { SwapFailReason, SwapStatus } from '@kayuh/contract/resources/swapOrders';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { batteries, cabinetSlots, stations, swapOrders, userCards } from '../src/db/schema.ts';
import { expireSwaps } from '../src/modules/operations/swaps/swapFlow.ts';
import { useDeviceBroker } from './deviceBroker.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * Battery swaps at a cabinet on the device link (docs/swaps.md, DOMAIN §2.5, §3.3, §4.4): the cabinet signs in with
 * the key of its station page, opens the doors it is told to and reports its bays; the swap follows the reports, and
 * is paid by the plan or the cabinet's fee (Jakarta's demo cabinets: Rp 12,000) once the full pack is taken.
 */
const broker = useDeviceBroker();
const t = useTestApp(() => ({ ...broker.appOptions(), deviceCommandTimeoutMs: 1_500 }));
const db = () => t.database.db as Db;
const { rider, wallet, postingsOf } = useRiders(t, '+62800003');
type Rider = Awaited<ReturnType<typeof rider>>;
let keySeq = 0;

type Bay = { slotNo: number; state: (typeof CABINET_SLOT_STATES)[number]; batterySn: string | null; soc: number | null; doorOpen: boolean };

/** A Jakarta cabinet signed in with a key from the station page: it opens doors as `answer` says and reports its bays. */
async function cabinetOnLink(nth: number, answer: () => 'ok' | 'failed' | undefined = () => 'ok') {
  const [cabinet] = await db()
    .select()
    .from(stations)
    .where(and(eq(stations.tenantId, 2), eq(stations.cityCode, 2001), eq(stations.type, StationType.swapCabinet)))
    .orderBy(asc(stations.id))
    .offset(nth)
    .limit(1);
  const admin = await t.signIn('kitabike.admin');
  const issued = await t.call('POST', '/api/merchant/station/deviceKey', { headers: admin, body: { stationId: cabinet!.id } });
  expect(issued.code, JSON.stringify(issued)).toBe(Code.ok);
  const client: MqttClient = await broker.connect(issued.data.imei, issued.data.deviceKey);
  const topics = deviceTopics(issued.data.imei);
  const opened: number[] = [];
  await client.subscribeAsync(topics.cmd, { qos: 1 });
  client.on('message', (_topic, payload) => {
    const cmd = JSON.parse(payload.toString()) as { commandNo: string; command: string; params: { slotNo: number } };
    const result = answer();
    if (cmd.command === 'openSlot' && result === 'ok') opened.push(cmd.params.slotNo);
    if (result) client.publishAsync(topics.ack, JSON.stringify({ commandNo: cmd.commandNo, result })).catch(() => undefined);
  });

  /** The bays as the server holds them now, with their packs' serials. */
  const bays = async (): Promise<Bay[]> => {
    const rows = await db()
      .select({
        slotNo: cabinetSlots.slotNo,
        state: cabinetSlots.state,
        sn: batteries.batterySn,
        soc: batteries.soc,
        doorOpen: cabinetSlots.doorOpen,
      })
      .from(cabinetSlots)
      .leftJoin(batteries, eq(batteries.id, cabinetSlots.batteryId))
      .where(eq(cabinetSlots.stationId, cabinet!.id))
      .orderBy(asc(cabinetSlots.slotNo));
    return rows.map((r) => ({ slotNo: r.slotNo, state: CABINET_SLOT_STATES[r.state]!, batterySn: r.sn, soc: r.soc, doorOpen: r.doorOpen }));
  };
  /** Reports every bay (as the server holds them, changed by `change`) and waits until the server has taken the report. */
  const report = async (change: (bays: Bay[]) => void = () => undefined) => {
    const now = await bays();
    change(now);
    const reportedAt = new Date().toISOString();
    await client.publishAsync(topics.cabinet, JSON.stringify({ reportedAt, slots: now }), { qos: 1 });
    await vi.waitFor(
      async () => {
        const [row] = await db().select({ at: stations.lastReportedAt }).from(stations).where(eq(stations.id, cabinet!.id));
        expect(row!.at?.toISOString()).toBe(reportedAt);
      },
      { timeout: 5_000, interval: 50 },
    );
  };
  return { cabinet: cabinet!, client, opened, bays, report };
}

const start = (me: Rider, stationCode: string, key = `swap-${Date.now()}-${keySeq++}`) =>
  t.call('POST', '/api/app/swaps', { headers: { ...me.headers, 'idempotency-key': key }, body: { stationCode } });
const swapOf = async (me: Rider, orderNo: string) => (await t.call('GET', `/api/app/swaps/${orderNo}`, { headers: me.headers })).data;
const packOf = async (id: number) => (await db().select().from(batteries).where(eq(batteries.id, id)))[0]!;
const setBay = (bays: Bay[], slotNo: number, bay: Partial<Bay>) =>
  Object.assign(
    bays.find((b) => b.slotNo === slotNo)!,
    bay,
  );

describe('battery swaps', () => {
  beforeAll(() => broker.start(t));

  it('a member with no pack takes the fullest, then returns it for another; the fee is posted when the pack is taken', async () => {
    const cab = await cabinetOnLink(0);
    await cab.report();
    const me = await rider(30_000);

    const first = await start(me, cab.cabinet.stationCode);
    expect(first.code, JSON.stringify(first)).toBe(Code.ok);
    const fullest = (await cab.bays()).filter((b) => b.state === 'full').sort((a, b) => b.soc! - a.soc! || a.slotNo - b.slotNo)[0]!;
    expect(first.data).toMatchObject({ status: SwapStatus.oldBatteryIn, slotIn: null, slotOut: fullest.slotNo, fee: 12_000, userCardId: null });
    expect(cab.opened).toEqual([fullest.slotNo]);
    // Nothing is charged while the door is open.
    expect((await wallet(me)).wallet).toBe(30_000);

    await cab.report((bays) => setBay(bays, fullest.slotNo, { state: 'empty', batterySn: null, soc: null }));
    const done = await swapOf(me, first.data.orderNo);
    expect(done).toMatchObject({ status: SwapStatus.completed, newSoc: fullest.soc });
    const [taken] = await db().select().from(batteries).where(eq(batteries.batterySn, fullest.batterySn!));
    expect(taken).toMatchObject({ state: BatteryState.withMember, memberId: me.memberId, stationId: null, slotNo: null });
    expect((await wallet(me)).wallet).toBe(18_000);
    const [row] = await db().select().from(swapOrders).where(eq(swapOrders.orderNo, first.data.orderNo));
    expect(await postingsOf(row!.id, 'swap_order')).toEqual([
      ['SWAP_PAY', 'WALLET', 'D', 12_000],
      ['SWAP_PAY', 'REV_SWAP', 'C', 12_000],
    ]);

    // The second swap: a bay opens for the pack they carry, then the fullest other one.
    const second = await start(me, cab.cabinet.stationCode);
    expect(second.data.status).toBe(SwapStatus.initiated);
    const slotIn = second.data.slotIn as number;
    expect((await cab.bays()).find((b) => b.slotNo === slotIn)).toMatchObject({ state: 'empty', batterySn: null });
    await cab.report((bays) => setBay(bays, slotIn, { state: 'charging', batterySn: taken!.batterySn, soc: 18 }));
    const packIn = await swapOf(me, second.data.orderNo);
    expect(packIn).toMatchObject({ status: SwapStatus.oldBatteryIn, oldSoc: 18 });
    await vi.waitFor(() => expect(cab.opened).toEqual([fullest.slotNo, slotIn, packIn.slotOut]));
    expect(await packOf(taken!.id)).toMatchObject({
      state: BatteryState.charging,
      memberId: null,
      stationId: cab.cabinet.id,
      slotNo: slotIn,
      soc: 18,
    });

    await cab.report((bays) => setBay(bays, packIn.slotOut, { state: 'empty', batterySn: null, soc: null }));
    expect(await swapOf(me, second.data.orderNo)).toMatchObject({ status: SwapStatus.completed });
    expect((await wallet(me)).wallet).toBe(6_000);
    // The pack the cabinet holds charges to full there: charge_full (45 → 40).
    await cab.report((bays) => setBay(bays, slotIn, { state: 'full', soc: 97 }));
    expect(await packOf(taken!.id)).toMatchObject({ state: BatteryState.inCabinet, soc: 97 });
    // The console finds both by the member's phone, with the packs' serials.
    const admin = await t.signIn('kitabike.admin');
    const listed = await t.call('POST', '/api/payment/swapOrder/list', { headers: admin, body: { memberPhone: me.phone, pageSize: 10 } });
    expect(
      listed.rows.map((r: { orderNo: string; oldBatterySn: string | null; newBatterySn: string }) => [r.orderNo, r.oldBatterySn, r.newBatterySn]),
    ).toEqual([
      [second.data.orderNo, taken!.batterySn, expect.any(String)],
      [first.data.orderNo, null, taken!.batterySn],
    ]);
  });

  it('a swap plan pays instead of the wallet, one of its swaps each time', async () => {
    const cab = await cabinetOnLink(1);
    await cab.report();
    const me = await rider(250_000);
    const rules = (await t.call('GET', '/api/app/cards/rules', { headers: me.headers })).data as Array<{ cardRuleId: number; kind: number }>;
    const plan = await t.call('POST', '/api/app/cards', {
      headers: { ...me.headers, 'idempotency-key': `swap-plan-${Date.now()}-${keySeq++}` },
      body: { cardRuleId: rules.find((r) => r.kind === 2)!.cardRuleId },
    });
    expect(plan.code, JSON.stringify(plan)).toBe(Code.ok);
    const before = (await wallet(me)).wallet;

    const swap = await start(me, cab.cabinet.stationCode);
    expect(swap.data).toMatchObject({ fee: 0, userCardId: plan.data.userCardId });
    await cab.report((bays) => setBay(bays, swap.data.slotOut, { state: 'empty', batterySn: null, soc: null }));
    expect(await swapOf(me, swap.data.orderNo)).toMatchObject({ status: SwapStatus.completed });
    const [card] = await db().select().from(userCards).where(eq(userCards.id, plan.data.userCardId));
    expect(card!.swapsLeft).toBe(29);
    expect((await wallet(me)).wallet).toBe(before);
    const [row] = await db().select().from(swapOrders).where(eq(swapOrders.orderNo, swap.data.orderNo));
    expect(await postingsOf(row!.id, 'swap_order')).toEqual([]);
  });

  it('fails, charging nothing, on a pack that is not the member’s, a door that does not open, or a member who does not come', async () => {
    let answer: 'ok' | 'failed' | undefined = 'ok';
    const cab = await cabinetOnLink(2, () => answer);
    await cab.report();
    const me = await rider(50_000);
    const first = await start(me, cab.cabinet.stationCode);
    await cab.report((bays) => setBay(bays, first.data.slotOut, { state: 'empty', batterySn: null, soc: null }));
    const paid = (await wallet(me)).wallet;

    // Another pack of the cabinet's is pushed into the open bay: not theirs.
    const wrong = await start(me, cab.cabinet.stationCode);
    const stranger = (await cab.bays()).find((b) => b.batterySn && b.slotNo !== wrong.data.slotIn)!;
    await cab.report((bays) => setBay(bays, wrong.data.slotIn, { state: 'charging', batterySn: stranger.batterySn, soc: 50 }));
    expect(await swapOf(me, wrong.data.orderNo)).toMatchObject({
      status: SwapStatus.failed,
      failReason: SwapFailReason.batteryCheckFailed,
      fee: 12_000,
    });
    await cab.report((bays) => setBay(bays, wrong.data.slotIn, { state: 'empty', batterySn: null, soc: null }));

    // The door fails to open: 2009, the swap failed with a door fault.
    answer = 'failed';
    const stuck = await start(me, cab.cabinet.stationCode);
    expect(stuck.code).toBe(Code.deviceTimeout);
    const [failed] = await db()
      .select()
      .from(swapOrders)
      .where(and(eq(swapOrders.memberId, me.memberId), eq(swapOrders.status, SwapStatus.failed)))
      .orderBy(sql`id DESC`)
      .limit(1);
    expect(failed).toMatchObject({ failReason: SwapFailReason.doorFault });

    // The member never comes to the open door: the timed task fails it.
    answer = 'ok';
    const late = await start(me, cab.cabinet.stationCode);
    expect(late.data.status).toBe(SwapStatus.initiated);
    expect(await expireSwaps(db(), new Date(Date.parse(late.data.stepDueAt) + 1_000))).toBeGreaterThanOrEqual(1);
    expect(await swapOf(me, late.data.orderNo)).toMatchObject({ status: SwapStatus.failed, failReason: SwapFailReason.timeout });
    expect((await wallet(me)).wallet).toBe(paid);
    // The pack they carry is still theirs.
    const [held] = await db()
      .select()
      .from(batteries)
      .where(and(eq(batteries.memberId, me.memberId), eq(batteries.state, BatteryState.withMember)));
    expect(held).toBeDefined();
  });

  it('refuses an unknown or silent cabinet, a swap without a plan where plans only are taken, and a balance short of the fee', async () => {
    const cab = await cabinetOnLink(3);
    const me = await rider(10_000);
    expect((await start(me, 'NO-SUCH-CAB')).code).toBe(Code.notFound);
    // Its last report is older than five minutes: away.
    await db()
      .update(stations)
      .set({ lastReportedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(stations.id, cab.cabinet.id));
    expect((await start(me, cab.cabinet.stationCode)).code).toBe(Code.deviceTimeout);
    await cab.report();
    await db().update(stations).set({ swapFee: 15_000 }).where(eq(stations.id, cab.cabinet.id));
    const short = await start(me, cab.cabinet.stationCode);
    expect(short.code).toBe(Code.insufficientBalance);
    await db().update(stations).set({ swapFee: null }).where(eq(stations.id, cab.cabinet.id));
    expect((await start(me, cab.cabinet.stationCode)).code).toBe(Code.transitionNotAllowed);
    await db().update(stations).set({ swapFee: 12_000 }).where(eq(stations.id, cab.cabinet.id));
    expect(cab.opened).toEqual([]);
    expect(await db().select().from(swapOrders).where(eq(swapOrders.memberId, me.memberId))).toEqual([]);
  });

  it('serves one swap at a time at a cabinet when twenty members scan it at once, and one per request key', async () => {
    const cab = await cabinetOnLink(4);
    await cab.report();
    // Made one after another: each top-up is settled by the admin, whose sign-in ends their previous session.
    const members: Rider[] = [];
    for (let i = 0; i < 20; i++) members.push(await rider(30_000));
    const answers = await Promise.all(members.map((me) => start(me, cab.cabinet.stationCode)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.transitionNotAllowed)).toHaveLength(19);
    expect(cab.opened).toHaveLength(1);
    const winner = members[answers.findIndex((a) => a.code === Code.ok)]!;
    const winning = answers.find((a) => a.code === Code.ok)!;
    // The app sent the same start again: the same swap, no second door.
    const key = `swap-same-${Date.now()}-${keySeq++}`;
    await cab.report((bays) => setBay(bays, winning.data.slotOut, { state: 'empty', batterySn: null, soc: null }));
    const once = await Promise.all(Array.from({ length: 20 }, () => start(winner, cab.cabinet.stationCode, key)));
    expect(new Set(once.map((a) => a.data?.orderNo)).size).toBe(1);
    expect(once.map((a) => a.code)).toEqual(once.map(() => Code.ok));
  });
});
