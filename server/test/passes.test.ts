import { Code } from '@kayuh/contract/codes';
import { businessDateOf } from '@kayuh/contract/rules/zone';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { coupons, refunds, userCards, userCoupons } from '../src/db/schema.ts';
import { expirePassesAndCoupons } from '../src/modules/payment/passes/passExpiry.ts';
import { parkedFrame, useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * Passes and coupons (DOMAIN §2.7, §3.11, §4.4; docs/passes.md): a pass bought from the wallet once per request and
 * within its limit, its free minutes taken off a ride before the coupon applied at unlock, the postings, the coupon
 * given back by a full refund or a failed unlock, and the console's grant all or none within the quantity.
 * Jakarta's demo prices (DOMAIN §9.3): Rp 2,000 to unlock, Rp 500 a minute, no free minutes.
 */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box } = useDeviceBoxes(t);
const db = () => t.database.db as Db;
const GAMBIR = { lat: -6.1767, lng: 106.8306 };
const { rider, end, wallet, rideOf, backdate, ridingAt, postingsOf } = useRiders(t, '+62800002');
type Rider = Awaited<ReturnType<typeof rider>>;
let keySeq = 0;

const rules = async (me: Rider) =>
  (await t.call('GET', '/api/app/cards/rules', { headers: me.headers })).data as Array<{ cardRuleId: number; name: string }>;
const buy = (me: Rider, cardRuleId: number, key = `pass-${Date.now()}-${keySeq++}`) =>
  t.call('POST', '/api/app/cards', { headers: { ...me.headers, 'idempotency-key': key }, body: { cardRuleId } });
const unlockWith = (me: Rider, vehicleNo: string, userCouponId?: number) =>
  t.call('POST', '/api/app/rides/unlock', { headers: me.headers, body: { vehicleNo, userCouponId } });
/** The pass was bought before a backdated ride began. */
const boughtBefore = (userCardId: number, minutes: number) =>
  db()
    .update(userCards)
    .set({ startAt: sql`${userCards.startAt} - make_interval(mins => ${minutes + 1})` })
    .where(eq(userCards.id, userCardId));
const heldCoupon = async (id: number) => (await db().select().from(userCoupons).where(eq(userCoupons.id, id)))[0]!;

/** A coupon of the console, added and listed by the demo admin. */
async function listedCoupon(extra: Record<string, unknown> = {}) {
  const admin = await t.signIn('kitabike.admin', { lang: 'EN' });
  const added = await t.call('POST', '/api/payment/coupon/add', {
    headers: admin,
    body: {
      nameKey: `Rp 2,000 off ${keySeq++}`,
      kind: '1',
      scope: '1',
      amount: 2_000,
      currency: 'IDR',
      validKind: '2',
      validDays: 30,
      perMemberLimit: 1,
      stackable: false,
      ...extra,
    },
  });
  expect(added.code, JSON.stringify(added)).toBe(Code.ok);
  const { couponId } = added.data;
  const listed = await t.call('POST', '/api/payment/coupon/listCoupon', { headers: admin, body: { couponId, version: 0 } });
  expect(listed.code, JSON.stringify(listed)).toBe(Code.ok);
  const grant = async (phones: string[]) => {
    const [row] = await db().select({ version: coupons.version }).from(coupons).where(eq(coupons.id, couponId));
    return t.call('POST', '/api/payment/coupon/grantCoupon', {
      headers: admin,
      body: { couponId, version: row!.version, phones: phones.join('\n'), source: '5', note: 'Sorry for the flat tyre' },
    });
  };
  return { couponId, admin, grant };
}

/** The coupon the member holds now (the app's usable list). */
async function myCoupon(me: Rider) {
  const mine = await t.call('GET', '/api/app/coupons', { headers: me.headers });
  expect(mine.data).toHaveLength(1);
  return mine.data[0] as { userCouponId: number; status: number; amount: number };
}

describe('passes', () => {
  it('are bought from the wallet once per request; an unstackable one bought again waits its turn', async () => {
    const me = await rider(100_000);
    const weekly = (await rules(me)).find((r) => r.name === 'Pass 7 hari')!;
    expect((await rules(me)).map((r) => r.name)).not.toContain('Pass pelajar 30 hari');

    const bought = await buy(me, weekly.cardRuleId, 'weekly-pass-0001');
    expect(bought.code, JSON.stringify(bought)).toBe(Code.ok);
    expect(bought.data).toMatchObject({ status: 1, price: 49_000, currency: 'IDR', kind: 1, dailyFreeMinutesLeft: 60 });
    // The app sent it twice: one pass, paid once.
    const again = await buy(me, weekly.cardRuleId, 'weekly-pass-0001');
    expect(again.data.userCardId).toBe(bought.data.userCardId);
    expect((await wallet(me)).wallet).toBe(51_000);
    expect(await postingsOf(bought.data.userCardId, 'user_card')).toEqual([
      ['CARD_BUY', 'WALLET', 'D', 49_000],
      ['CARD_BUY', 'REV_CARD', 'C', 49_000],
    ]);

    const second = await buy(me, weekly.cardRuleId);
    expect(second.data).toMatchObject({ status: 0, startAt: bought.data.endAt });
    // Not enough left for a third: nothing bought, nothing moved.
    const third = await buy(me, weekly.cardRuleId);
    expect(third.code).toBe(Code.insufficientBalance);
    expect((await wallet(me)).wallet).toBe(2_000);
    expect((await t.call('GET', '/api/app/cards', { headers: me.headers })).data.map((c: { status: number }) => c.status)).toEqual([1, 0]);
    // Customer service finds them by the member's phone: these two, no one else's.
    const cs = await t.signIn('kitabike.cs.01');
    const listed = await t.call('POST', '/api/payment/userCard/list', { headers: cs, body: { memberPhone: me.phone, pageSize: 50 } });
    expect(listed.rows.map((c: { userCardId: number; memberPhone: string }) => [c.userCardId, c.memberPhone])).toEqual([
      [second.data.userCardId, me.phone],
      [bought.data.userCardId, me.phone],
    ]);
  });

  it('keep to their purchase limit when twenty buys arrive at once', async () => {
    const admin = await t.signIn('kitabike.admin');
    const added = await t.call('POST', '/api/payment/cardRule/add', {
      headers: admin,
      body: {
        kind: '1',
        nameKey: 'Pass promo',
        price: 1_000,
        currency: 'IDR',
        validDays: 1,
        perRideFreeMinutes: 10,
        purchaseLimit: 2,
        stackable: true,
      },
    });
    const { cardRuleId } = added.data;
    await t.call('POST', '/api/payment/cardRule/putOnSale', { headers: admin, body: { cardRuleId, version: 0 } });
    const me = await rider(50_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(me, cardRuleId)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(2);
    expect(answers.filter((a) => a.code !== Code.ok).every((a) => a.code === Code.transitionNotAllowed)).toBe(true);
    expect((await wallet(me)).wallet).toBe(48_000);
  });

  it('take their free minutes off a ride, then the coupon; the postings carry the coupon; a full refund gives the coupon back', async () => {
    const bike = await box(30);
    const me = await rider(100_000);
    const weekly = (await rules(me)).find((r) => r.name === 'Pass 7 hari')!;
    const pass = (await buy(me, weekly.cardRuleId)).data;
    const { couponId, grant } = await listedCoupon({ totalQty: 3 });
    expect((await grant([me.phone])).code).toBe(Code.ok);
    const coupon = await myCoupon(me);
    expect(coupon).toMatchObject({ status: 1, amount: 2_000 });

    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlockWith(me, bike.vehicle.vehicleNo, coupon.userCouponId);
    expect(started.code, JSON.stringify(started)).toBe(Code.ok);
    expect(started.data.userCouponId).toBe(coupon.userCouponId);
    expect(await heldCoupon(coupon.userCouponId)).toMatchObject({ status: 2, lockedBy: started.data.orderNo });
    expect((await t.call('GET', '/api/app/coupons', { headers: me.headers })).data).toEqual([]);

    await backdate(started.data.orderNo, 40);
    await boughtBefore(pass.userCardId, 40);
    await bike.report(ridingAt(GAMBIR));
    expect((await end(me)).code).toBe(Code.ok);
    const ride = await rideOf(started.data.orderNo);
    // 40-odd minutes: the pass's 30 free minutes (Rp 15,000), then Rp 2,000 off what is left.
    expect(ride).toMatchObject({ status: 4, cardDiscount: 15_000, couponDiscount: 2_000, payMethod: 1, userCardId: pass.userCardId });
    expect(ride.payable).toBe(ride.unlockFee + ride.timeFee - 15_000 - 2_000);
    expect(await postingsOf(ride.id)).toEqual([
      ['RIDE_PAY', 'WALLET', 'D', ride.payable],
      ['RIDE_PAY', 'EXP_COUPON', 'D', 2_000],
      ['RIDE_PAY', 'REV_RIDE', 'C', ride.payable + 2_000],
    ]);
    expect((await wallet(me)).wallet).toBe(100_000 - 49_000 - ride.payable);
    expect(await heldCoupon(coupon.userCouponId)).toMatchObject({ status: 3, discount: 2_000, usedOrderType: 'ride_order', usedOrderId: ride.id });
    const [card] = await db().select().from(userCards).where(eq(userCards.id, pass.userCardId));
    // The minutes count on the ride's business day in Jakarta (UTC+7); the app shows what is left today — all 60 when
    // the ride began before this day's midnight (the suite run just after 17:00 UTC).
    expect(card).toMatchObject({ minutesUsedToday: 30, ridesLeft: null, usageDay: businessDateOf(ride.startAt!, 7) });
    const usedToday = card!.usageDay === businessDateOf(new Date(), 7) ? 30 : 0;
    expect((await t.call('GET', '/api/app/cards', { headers: me.headers })).data[0]).toMatchObject({ dailyFreeMinutesLeft: 60 - usedToday });
    expect((await db().select({ issued: coupons.issuedQty }).from(coupons).where(eq(coupons.id, couponId)))[0]!.issued).toBe(1);

    // Customer service refunds the ride in full: the coupon is the member's again.
    const cs = await t.signIn('kitabike.cs.01');
    const asked = await t.call('POST', '/api/operations/rideOrder/refundRide', {
      headers: cs,
      body: { rideOrderId: ride.id, version: ride.version, amount: ride.payable, reason: '2', note: 'The brake failed' },
    });
    expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
    const refund = (await t.call('POST', '/api/payment/refund/list', { headers: cs, body: { pageSize: 10, rideOrderId: ride.id } })).rows[0];
    expect(
      (await t.call('POST', '/api/payment/refund/approve', { headers: cs, body: { refundId: refund.refundId, version: refund.version } })).code,
    ).toBe(Code.ok);
    expect((await rideOf(ride.orderNo)).status).toBe(5);
    expect(await heldCoupon(coupon.userCouponId)).toMatchObject({ status: 1, lockedBy: null, usedOrderId: null, discount: null });
  });

  it("cover a short ride's minutes, and a coupon below its minimum spend goes back to the member", async () => {
    const bike = await box(31);
    const me = await rider(60_000);
    const weekly = (await rules(me)).find((r) => r.name === 'Pass 7 hari')!;
    const pass = (await buy(me, weekly.cardRuleId)).data;
    const { grant } = await listedCoupon({ minSpend: 10_000 });
    await grant([me.phone]);
    const coupon = await myCoupon(me);

    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlockWith(me, bike.vehicle.vehicleNo, coupon.userCouponId);
    expect(started.code, JSON.stringify(started)).toBe(Code.ok);
    await backdate(started.data.orderNo, 10);
    await boughtBefore(pass.userCardId, 10);
    await bike.report(ridingAt(GAMBIR));
    await end(me);
    const ride = await rideOf(started.data.orderNo);
    // 10-odd minutes, inside the pass's 30: the unlock fee is left, below the coupon's Rp 10,000.
    expect(ride).toMatchObject({ status: 4, cardDiscount: ride.timeFee, couponDiscount: 0, payable: 2_000, userCouponId: null });
    expect(await heldCoupon(coupon.userCouponId)).toMatchObject({ status: 1, lockedBy: null });
    expect(await postingsOf(ride.id)).toEqual([
      ['RIDE_PAY', 'WALLET', 'D', 2_000],
      ['RIDE_PAY', 'REV_RIDE', 'C', 2_000],
    ]);
    const [card] = await db().select().from(userCards).where(eq(userCards.id, pass.userCardId));
    expect(card!.minutesUsedToday).toBeGreaterThanOrEqual(10);
  });
});

describe('a suspended pass', () => {
  it('takes nothing off a ride until customer service reinstates it', async () => {
    const bike = await box(35);
    const me = await rider(60_000);
    const weekly = (await rules(me)).find((r) => r.name === 'Pass 7 hari')!;
    const pass = (await buy(me, weekly.cardRuleId)).data;
    await boughtBefore(pass.userCardId, 20);
    const cs = await t.signIn('kitabike.cs.01');
    const fire = async (event: string, note: string) => {
      const [card] = await db().select({ version: userCards.version }).from(userCards).where(eq(userCards.id, pass.userCardId));
      return t.call('POST', `/api/payment/userCard/${event}`, { headers: cs, body: { userCardId: pass.userCardId, version: card!.version, note } });
    };
    expect((await fire('suspendCard', 'Shared with a friend')).code).toBe(Code.ok);

    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlockWith(me, bike.vehicle.vehicleNo);
    await backdate(started.data.orderNo, 10);
    await bike.report(ridingAt(GAMBIR));
    await end(me);
    expect(await rideOf(started.data.orderNo)).toMatchObject({ status: 4, cardDiscount: 0, userCardId: null });

    const back = await fire('reinstateCard', 'Explained the rules');
    expect(back.code, JSON.stringify(back)).toBe(Code.ok);
    const [card] = await db().select().from(userCards).where(eq(userCards.id, pass.userCardId));
    expect(card).toMatchObject({ status: 1, remark: 'Explained the rules', minutesUsedToday: 0 });
  });
});

describe('a refunded pass', () => {
  it('is paid back to the balances through the refund machine, then ends; never more than its price', async () => {
    const me = await rider(60_000);
    const weekly = (await rules(me)).find((r) => r.name === 'Pass 7 hari')!;
    const pass = (await buy(me, weekly.cardRuleId)).data;
    expect((await wallet(me)).wallet).toBe(11_000);
    const cs = await t.signIn('kitabike.cs.01');
    const ask = async (amount: number) => {
      const [card] = await db().select({ version: userCards.version }).from(userCards).where(eq(userCards.id, pass.userCardId));
      return t.call('POST', '/api/payment/userCard/refundCard', {
        headers: cs,
        body: { userCardId: pass.userCardId, version: card!.version, amount, reason: '7', note: 'Moving away; five days unused' },
      });
    };
    expect((await ask(49_001)).code).toBe(Code.validation);
    const asked = await ask(35_000);
    expect(asked.code, JSON.stringify(asked)).toBe(Code.ok);
    const [refund] = await db()
      .select()
      .from(refunds)
      .where(and(eq(refunds.bizType, 'user_card'), eq(refunds.bizId, pass.userCardId)));
    expect(refund).toMatchObject({ bizType: 'user_card', amount: 35_000, destination: 2, status: 0, memberId: me.memberId });
    // Under way, it holds its part: no more than what is left of the price.
    expect((await ask(14_001)).code).toBe(Code.validation);
    // The pass runs on until the refund arrives.
    expect((await db().select().from(userCards).where(eq(userCards.id, pass.userCardId)))[0]!.status).toBe(1);

    const approved = await t.call('POST', '/api/payment/refund/approve', { headers: cs, body: { refundId: refund!.id, version: refund!.version } });
    expect(approved.code, JSON.stringify(approved)).toBe(Code.ok);
    expect((await db().select().from(userCards).where(eq(userCards.id, pass.userCardId)))[0]!.status).toBe(3);
    expect((await wallet(me)).wallet).toBe(46_000);
    expect(await postingsOf(refund!.id, 'refund')).toEqual([
      ['REFUND_START', 'REV_CARD', 'D', 35_000],
      ['REFUND_START', 'REFUND_IN_TRANSIT', 'C', 35_000],
      ['REFUND_DONE', 'REFUND_IN_TRANSIT', 'D', 35_000],
      ['REFUND_DONE', 'WALLET', 'C', 35_000],
    ]);
    // Refunded: it ends, and nothing more is refunded of it.
    expect((await ask(1)).code).toBe(Code.transitionNotAllowed);
  });

  it('is asked to be refunded once when twenty staff submit at once', async () => {
    const me = await rider(60_000);
    const weekly = (await rules(me)).find((r) => r.name === 'Pass 7 hari')!;
    const pass = (await buy(me, weekly.cardRuleId)).data;
    const cs = await t.signIn('kitabike.cs.01');
    const [card] = await db().select({ version: userCards.version }).from(userCards).where(eq(userCards.id, pass.userCardId));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/payment/userCard/refundCard', {
          headers: cs,
          body: { userCardId: pass.userCardId, version: card!.version, amount: 30_000, reason: '7', note: 'Unused' },
        }),
      ),
    );
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(refunds)
        .where(and(eq(refunds.bizType, 'user_card'), eq(refunds.bizId, pass.userCardId))),
    ).toHaveLength(1);
  });
});

describe('coupons', () => {
  it('that cover what is left are posted alone: the promotion pays the ride, the member nothing', async () => {
    const bike = await box(34);
    const me = await rider(20_000);
    const { grant } = await listedCoupon({ amount: 50_000 });
    await grant([me.phone]);
    const coupon = await myCoupon(me);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    const started = await unlockWith(me, bike.vehicle.vehicleNo, coupon.userCouponId);
    await backdate(started.data.orderNo, 5);
    await bike.report(ridingAt(GAMBIR));
    await end(me);
    const ride = await rideOf(started.data.orderNo);
    // Rp 2,000 + 5-odd minutes × Rp 500, all of it the coupon's.
    expect(ride).toMatchObject({ status: 4, payable: 0, paid: 0, payMethod: 5, couponDiscount: ride.unlockFee + ride.timeFee });
    expect(await postingsOf(ride.id)).toEqual([
      ['RIDE_PAY', 'EXP_COUPON', 'D', ride.couponDiscount],
      ['RIDE_PAY', 'REV_RIDE', 'C', ride.couponDiscount],
    ]);
    expect((await wallet(me)).wallet).toBe(20_000);
    expect(await heldCoupon(coupon.userCouponId)).toMatchObject({ status: 3, discount: ride.couponDiscount });
  });

  it('are the member’s again when the unlock is not answered; another member’s or a used one is refused', async () => {
    const silent = await box(32, () => undefined);
    const me = await rider(20_000);
    const you = await rider(20_000);
    const { grant } = await listedCoupon();
    await grant([me.phone]);
    const coupon = await myCoupon(me);

    expect((await unlockWith(me, silent.vehicle.vehicleNo, coupon.userCouponId)).code).toBe(Code.deviceTimeout);
    expect(await heldCoupon(coupon.userCouponId)).toMatchObject({ status: 1, lockedBy: null });

    const bike = await box(33);
    await bike.report(parkedFrame({ ...GAMBIR }, 0));
    expect((await unlockWith(you, bike.vehicle.vehicleNo, coupon.userCouponId)).code).toBe(Code.notFound);
    await db().update(userCoupons).set({ status: 5 }).where(eq(userCoupons.id, coupon.userCouponId));
    const revoked = await unlockWith(me, bike.vehicle.vehicleNo, coupon.userCouponId);
    expect(revoked.code).toBe(Code.transitionNotAllowed);
    // Refused before the vehicle moved: no ride, the bike still free.
    expect((await t.call('GET', '/api/app/rides/current', { headers: me.headers })).data).toBeNull();
  });

  it('are granted all or none: unknown phones, members at their limit and the quantity left are refused with what was wrong', async () => {
    const a = await rider(0);
    const b = await rider(0);
    const c = await rider(0);
    const { couponId, grant } = await listedCoupon({ totalQty: 2 });
    const unknown = await grant([a.phone, '+628009999999']);
    expect(unknown).toMatchObject({ code: Code.validation, data: { fields: { phones: 'Not members: +628009999999' }, values: ['+628009999999'] } });
    expect((await grant(['0800 0002 xx'])).code).toBe(Code.validation);

    expect((await grant([a.phone, `0${a.phone.slice(3)}`])).code).toBe(Code.ok);
    const full = await grant([a.phone]);
    expect(full).toMatchObject({ code: Code.validation, data: { values: [a.phone] } });
    const soldOut = await grant([b.phone, c.phone]);
    expect(soldOut.code).toBe(Code.transitionNotAllowed);
    expect(soldOut.msg).toContain('1');
    expect((await db().select().from(userCoupons).where(eq(userCoupons.couponId, couponId))).map((h) => h.memberId)).toEqual([a.memberId]);
  });

  it('twenty grants at once never issue more than the quantity', async () => {
    const members: Rider[] = [];
    for (let i = 0; i < 20; i++) members.push(await rider(0));
    const { couponId, admin } = await listedCoupon({ totalQty: 5 });
    const answers = await Promise.all(
      members.map(async (m) => {
        for (;;) {
          const [row] = await db().select({ version: coupons.version }).from(coupons).where(eq(coupons.id, couponId));
          const res = await t.call('POST', '/api/payment/coupon/grantCoupon', {
            headers: admin,
            body: { couponId, version: row!.version, phones: m.phone, source: '3' },
          });
          if (res.code !== Code.versionConflict) return res;
        }
      }),
    );
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(5);
    expect((await db().select().from(userCoupons).where(eq(userCoupons.couponId, couponId))).length).toBe(5);
    expect((await db().select({ issued: coupons.issuedQty }).from(coupons).where(eq(coupons.id, couponId)))[0]!.issued).toBe(5);
  });

  it('keep their terms once listed, and expire with the clock', async () => {
    const me = await rider(0);
    const { couponId, admin, grant } = await listedCoupon();
    const [row] = await db().select().from(coupons).where(eq(coupons.id, couponId));
    const edit = await t.call('POST', '/api/payment/coupon/edit', { headers: admin, body: { couponId, version: row!.version, amount: 9_000 } });
    expect(edit).toMatchObject({ code: Code.validation, data: { fields: { amount: 'Cannot change once the coupon is listed' } } });
    await grant([me.phone]);
    const coupon = await myCoupon(me);
    // Held by a member: delisted, never removed.
    expect((await t.call('POST', `/api/payment/coupon/remove/${couponId}`, { headers: admin })).code).toBe(Code.transitionNotAllowed);
    expect(await expirePassesAndCoupons(db(), new Date())).toBe(0);
    expect(await expirePassesAndCoupons(db(), new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await heldCoupon(coupon.userCouponId)).status).toBe(4);
    expect((await t.call('GET', '/api/app/coupons', { headers: me.headers })).data).toEqual([]);
  });
});
