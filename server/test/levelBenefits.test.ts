import { Code } from '@kayuh/contract/codes';
import { UserCouponSource, UserCouponStatus } from '@kayuh/contract/resources/coupons';
import { LevelBenefitKind } from '@kayuh/contract/resources/loyalty';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { feedbacks, levelBenefits, memberLevels, members, userCoupons } from '../src/db/schema.ts';
import { grantLevelCoupon, grantLevelCoupons, grantMonthOf } from '../src/modules/member/loyalty/levelBenefits.ts';
import { parkedFrame, useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * Level benefits (docs/loyalty.md "Benefits"): free unlocks of the month and the level's discount priced into a ride,
 * after the pass and before the coupon; the monthly coupon granted once a month however often (and however many at
 * once) the job runs; priority support marking the member's feedback; each kind's value and coupon checked.
 */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box } = useDeviceBoxes(t);
const db = () => t.database.db as Db;
const { rider, unlock, end, backdate, ridingAt } = useRiders(t, '+62800012');
const GAMBIR = { lat: -6.1767, lng: 106.8306 };
const KITA = 2;

const levelNamed = async (nameKey: string) =>
  (
    await db()
      .select()
      .from(memberLevels)
      .where(and(eq(memberLevels.tenantId, KITA), eq(memberLevels.nameKey, nameKey)))
  )[0]!;
const benefitOf = async (levelId: number, benefit: number) =>
  (
    await db()
      .select()
      .from(levelBenefits)
      .where(and(eq(levelBenefits.levelId, levelId), eq(levelBenefits.benefit, benefit), isNull(levelBenefits.deletedAt)))
  )[0]!;
/** A member at a level, with the growth it needs (an award re-levels members by their growth). */
const putAtLevel = async (memberId: number, levelId: number) => {
  const [level] = await db().select().from(memberLevels).where(eq(memberLevels.id, levelId));
  await db().update(members).set({ levelId, growth: level!.minGrowth }).where(eq(members.id, memberId));
};

describe('level benefits', () => {
  it("price a ride: the month's free unlocks, then the level's discount", async () => {
    const admin = await t.signIn('kitabike.admin');
    const emas = await levelNamed('Emas');
    // The demo's Emas: 4 free unlocks a month and 10% off; one free unlock here, so the second ride pays its unlock.
    const unlocks = await benefitOf(emas.id, LevelBenefitKind.freeUnlocks);
    const edited = await t.call('POST', '/api/user/levelBenefit/edit', {
      headers: admin,
      body: { benefitId: unlocks.id, version: unlocks.version, value: 1 },
    });
    expect(edited.code, JSON.stringify(edited)).toBe(Code.ok);

    const me = await rider(50_000);
    await putAtLevel(me.memberId, emas.id);
    const bike = await box(60);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const ride = async () => {
      const started = await unlock(me, bike.vehicle.vehicleNo);
      expect(started.code, JSON.stringify(started)).toBe(Code.ok);
      await backdate(started.data.orderNo, 16);
      await bike.report(ridingAt(GAMBIR));
      const ended = await end(me);
      expect(ended.code, JSON.stringify(ended)).toBe(Code.ok);
      return ended.data;
    };
    // Jakarta: Rp 2,000 to unlock, Rp 500 a minute: 16 minutes are Rp 10,000.
    const first = await ride();
    expect(first.fare).toMatchObject({ unlockFee: 2_000, timeFee: 8_000, levelDiscount: 2_800, payable: 7_200 });
    expect(first).toMatchObject({ status: 4, paid: 7_200 });
    const second = await ride();
    expect(second.fare).toMatchObject({ levelDiscount: 1_000, payable: 9_000 });

    // The console's ride shows the part the level took (the rider's top-up signed the admin in again: a new session).
    const staff = await t.signIn('kitabike.admin');
    const listed = await t.call('POST', '/api/operations/rideOrder/list', { headers: staff, body: { orderNo: first.orderNo } });
    expect(listed.rows[0]).toMatchObject({ levelDiscount: 2_800, payable: 7_200 });
  });

  it('grant the monthly coupon once a month, however many runs at once', async () => {
    const platinum = await levelNamed('Platinum');
    const monthly = await benefitOf(platinum.id, LevelBenefitKind.monthlyCoupon);
    const me = await rider(0);
    await putAtLevel(me.memberId, platinum.id);
    const mine = async () =>
      db()
        .select()
        .from(userCoupons)
        .where(and(eq(userCoupons.memberId, me.memberId), eq(userCoupons.source, UserCouponSource.levelBenefit)));
    // The demo granted this month already (the seed ran the grant): a new member at the level waits for next month.
    expect(monthly.lastGrantedMonth).toBe(grantMonthOf(new Date()));
    expect(await grantLevelCoupons(db())).toBe(0);
    expect(await mine()).toEqual([]);

    const next = new Date(Date.now() + 35 * 86_400_000);
    const month = grantMonthOf(next);
    const runs = await Promise.all(Array.from({ length: 20 }, () => grantLevelCoupon(db(), monthly.id, month, next)));
    expect(runs.filter((n) => n > 0)).toHaveLength(1);
    const held = await mine();
    expect(held).toEqual([expect.objectContaining({ couponId: monthly.couponId, sourceRef: monthly.id, status: UserCouponStatus.unused })]);
    expect((await benefitOf(platinum.id, LevelBenefitKind.monthlyCoupon)).lastGrantedMonth).toBe(month);
    expect(await grantLevelCoupon(db(), monthly.id, month, next)).toBe(0);
    expect(await mine()).toHaveLength(1);

    // The app shows the level's benefits, and the next level's.
    const level = (await t.call('GET', '/api/app/me/level', { headers: me.headers })).data;
    expect(level.level.benefits).toEqual(
      expect.arrayContaining([
        { benefit: LevelBenefitKind.rideDiscount, value: 15 },
        { benefit: LevelBenefitKind.monthlyCoupon, value: null },
        { benefit: LevelBenefitKind.prioritySupport, value: null },
      ]),
    );
  });

  it("mark a Platinum member's feedback as priority", async () => {
    const cs = await t.signIn('kitabike.cs.01');
    const [report] = await db().select().from(feedbacks).where(eq(feedbacks.tenantId, KITA)).limit(1);
    const priority = async () =>
      (await t.call('POST', '/api/user/feedback/list', { headers: cs, body: { feedbackNo: report!.feedbackNo } })).rows[0].priority;
    await putAtLevel(report!.memberId, (await levelNamed('Perunggu')).id);
    expect(await priority()).toBe(false);
    await putAtLevel(report!.memberId, (await levelNamed('Platinum')).id);
    expect(await priority()).toBe(true);
  });

  it('take a value and a coupon only where the kind has them', async () => {
    const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
    const perunggu = await levelNamed('Perunggu');
    const add = (body: Record<string, unknown>) =>
      t.call('POST', '/api/user/levelBenefit/add', { headers: admin, body: { levelId: perunggu.id, ...body } });
    expect(await add({ benefit: '5', value: 3 })).toMatchObject({
      code: Code.validation,
      data: { fields: { value: 'This benefit takes no value' } },
    });
    expect(await add({ benefit: '2', value: 60 })).toMatchObject({ code: Code.validation });
    expect(await add({ benefit: '2', value: 51 })).toMatchObject({ code: Code.validation });
    expect(await add({ benefit: '1' })).toMatchObject({ code: Code.validation, data: { fields: { value: 'Between 1 and 31 a month' } } });
    expect(await add({ benefit: '3' })).toMatchObject({ code: Code.validation, data: { fields: { couponId: 'A monthly coupon needs its coupon' } } });
    const monthly = await benefitOf((await levelNamed('Platinum')).id, LevelBenefitKind.monthlyCoupon);
    expect(await add({ benefit: '2', value: 5, couponId: monthly.couponId })).toMatchObject({
      code: Code.validation,
      data: { fields: { couponId: 'Only the monthly coupon takes a coupon' } },
    });
    expect((await add({ benefit: '2', value: 5 })).code).toBe(Code.ok);
    expect((await add({ benefit: '2', value: 7 })).code).toBe(Code.duplicate);
    // Another tenant's coupon is not one to grant.
    const gowes = await t.signIn('gowesbali.admin');
    const [theirs] = (await t.call('POST', '/api/payment/coupon/list', { headers: gowes, body: {} })).rows;
    expect((await add({ benefit: '3', couponId: theirs.couponId })).code).not.toBe(Code.ok);
  });
});
