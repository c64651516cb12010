import { Code } from '@kayuh/contract/codes';
import { PointEvent } from '@kayuh/contract/resources/loyalty';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { memberLevels, members, pointLedger } from '../src/db/schema.ts';
import { awardPoints } from '../src/modules/member/loyalty/points.ts';
import { rowsOf } from '../src/platform/rows.ts';
import { parkedFrame, useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * Member levels and points (docs/loyalty.md): a paid ride, a top-up and a verified identity earn the points their
 * rules say, once per event and business row whatever retries or races; growth lifts a member through the ladder;
 * the ladder edited moves every member to where their growth now reaches.
 */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box } = useDeviceBoxes(t);
const db = () => t.database.db as Db;
const { rider, unlock, end, backdate, ridingAt } = useRiders(t, '+62800011');
const GAMBIR = { lat: -6.1767, lng: 106.8306 };

const memberOf = async (memberId: number) => (await db().select().from(members).where(eq(members.id, memberId)))[0]!;
const historyOf = async (memberId: number) =>
  (await db().select().from(pointLedger).where(eq(pointLedger.memberId, memberId)).orderBy(pointLedger.id)).map((e) => [
    e.event,
    e.delta,
    e.balanceAfter,
  ]);
const levelNamed = async (tenantId: number, nameKey: string) =>
  (
    await db()
      .select()
      .from(memberLevels)
      .where(and(eq(memberLevels.tenantId, tenantId), eq(memberLevels.nameKey, nameKey)))
  )[0]!;

describe('points', () => {
  it('a top-up and a paid ride earn their points once; the history keeps the running balance', async () => {
    const me = await rider(20_000);
    // The demo's rules: 5 a top-up, 10 a ride, 1 a Rp 1,000 paid.
    expect(await historyOf(me.memberId)).toEqual([[PointEvent.topUp, 5, 5]]);
    const bike = await box(40);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlock(me, bike.vehicle.vehicleNo);
    expect(started.code, JSON.stringify(started)).toBe(Code.ok);
    await backdate(started.data.orderNo, 16);
    await bike.report(ridingAt(GAMBIR));
    const ended = await end(me);
    expect(ended.data).toMatchObject({ status: 4, paid: 10_000 });
    expect(await historyOf(me.memberId)).toEqual([
      [PointEvent.topUp, 5, 5],
      [PointEvent.rideCompleted, 10, 15],
      [PointEvent.perThousandPaid, 10, 25],
    ]);
    expect(await memberOf(me.memberId)).toMatchObject({ points: 25, growth: 25 });

    // The same ride awarded again (a retry): nothing more.
    const [row] = rowsOf<{ id: string }>(await db().execute(sql`SELECT id FROM ride_orders WHERE order_no = ${started.data.orderNo}`));
    const again = { tenantId: 2, memberId: me.memberId, refType: 'ride_order', refId: Number(row!.id), event: PointEvent.rideCompleted };
    expect(await awardPoints(db(), again)).toBe(0);
    expect((await memberOf(me.memberId)).points).toBe(25);

    // The app shows where the rider stands and what the next level needs.
    const mine = await t.call('GET', '/api/app/me/level', { headers: me.headers });
    expect(mine.data).toMatchObject({
      points: 25,
      growth: 25,
      level: { levelNo: 1, name: 'Perunggu', minGrowth: 0 },
      next: { levelNo: 2, name: 'Perak', minGrowth: 200, toGo: 175 },
    });
    expect(mine.data.recent.map((e: { event: number; delta: number }) => [e.event, e.delta])).toEqual([
      [PointEvent.perThousandPaid, 10],
      [PointEvent.rideCompleted, 10],
      [PointEvent.topUp, 5],
    ]);

    // Customer service reads the history by phone.
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const listed = await t.call('POST', '/api/user/pointLedger/list', { headers: cs, body: { memberPhone: me.phone, pageSize: 10 } });
    expect(listed.rows.map((r: { delta: number; balanceAfter: number }) => [r.delta, r.balanceAfter])).toEqual([
      [10, 25],
      [10, 15],
      [5, 5],
    ]);
  });

  it('twenty awards of one business row at once add its points once', async () => {
    const me = await rider(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        db().transaction((tx) =>
          awardPoints(tx as unknown as Db, { tenantId: 2, memberId: me.memberId, event: PointEvent.kycDone, refType: 'kyc_review', refId: 987_654 }),
        ),
      ),
    );
    expect(answers.filter((n) => n > 0)).toEqual([50]);
    expect(await historyOf(me.memberId)).toEqual([[PointEvent.kycDone, 50, 50]]);
    expect((await memberOf(me.memberId)).points).toBe(50);
  });

  it("a level's own rule, its multiplier and the daily cap; growth lifts the member, an edited ladder moves everyone", async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const me = await rider(0);
    const bronze = await levelNamed(2, 'Perunggu');
    expect((await memberOf(me.memberId)).levelId).toBe(bronze.id);

    // Bronze riders earn top-up points ×1.5, at most 12 a day.
    const rule = await t.call('POST', '/api/user/levelPointRule/add', {
      headers: admin,
      body: { event: String(PointEvent.topUp), levelId: bronze.id, points: 5, multiplierBp: 15_000, dailyCap: 12, status: '0' },
    });
    expect(rule.code, JSON.stringify(rule)).toBe(Code.ok);
    // One rule per event and level.
    const again = await t.call('POST', '/api/user/levelPointRule/add', {
      headers: admin,
      body: { event: String(PointEvent.topUp), levelId: bronze.id, points: 1, multiplierBp: 10_000, status: '0' },
    });
    expect(again.code).toBe(Code.duplicate);
    const topUp = (refId: number) =>
      db().transaction((tx) =>
        awardPoints(tx as unknown as Db, { tenantId: 2, memberId: me.memberId, event: PointEvent.topUp, refType: 'payment_order', refId }),
      );
    expect(await topUp(1_000_001)).toBe(7);
    expect(await topUp(1_000_002)).toBe(5);
    expect(await topUp(1_000_003)).toBe(0);

    // 200 growth reaches Silver at once.
    const kyc = await db().transaction((tx) =>
      awardPoints(tx as unknown as Db, { tenantId: 2, memberId: me.memberId, event: PointEvent.kycDone, refType: 'kyc_review', refId: 1_000_004 }),
    );
    expect(kyc).toBe(50);
    await db().update(members).set({ growth: 190 }).where(eq(members.id, me.memberId));
    await db().transaction((tx) =>
      awardPoints(tx as unknown as Db, {
        tenantId: 2,
        memberId: me.memberId,
        event: PointEvent.rideCompleted,
        refType: 'ride_order',
        refId: 1_000_005,
      }),
    );
    const silver = await levelNamed(2, 'Perak');
    expect(await memberOf(me.memberId)).toMatchObject({ growth: 200, levelId: silver.id });

    // Silver raised to 250: the member is Bronze again; lowered back, Silver.
    const edit = (minGrowth: number, version: number) =>
      t.call('POST', '/api/user/memberLevel/edit', { headers: admin, body: { levelId: silver.id, version, minGrowth } });
    expect((await edit(250, silver.version)).code).toBe(Code.ok);
    expect((await memberOf(me.memberId)).levelId).toBe(bronze.id);
    expect((await edit(200, silver.version + 1)).code).toBe(Code.ok);
    expect((await memberOf(me.memberId)).levelId).toBe(silver.id);
  });

  it("the demo's riders hold the points of their history and the level of their growth", async () => {
    const drift = rowsOf(
      await db().execute(sql`
        SELECT m.id FROM members m
        LEFT JOIN (SELECT member_id, sum(delta) AS n, max(balance_after) AS top FROM point_ledger GROUP BY member_id) p ON p.member_id = m.id
        WHERE m.tenant_id IN (2, 3) AND m.points <> coalesce(p.n, 0)`),
    );
    expect(drift).toEqual([]);
    const misplaced = rowsOf(
      await db().execute(sql`
        SELECT m.id FROM members m
        WHERE m.tenant_id IN (2, 3) AND m.level_id IS DISTINCT FROM (
          SELECT l.id FROM member_levels l WHERE l.tenant_id = m.tenant_id AND l.status = 0 AND l.deleted_at IS NULL AND l.min_growth <= m.growth
          ORDER BY l.min_growth DESC LIMIT 1)`),
    );
    expect(misplaced).toEqual([]);
    const [top] = rowsOf<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM members WHERE tenant_id = 2 AND growth >= 200`));
    expect(top!.n).toBeGreaterThan(0);
  });
});
