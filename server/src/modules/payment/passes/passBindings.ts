import {
  COUPON_FIELD_OF_KIND,
  COUPON_FIELDS_NOT_FOR_KIND,
  CouponStatus,
  CouponValidKind,
  couponResource,
  userCouponResource,
} from '@kayuh/contract/resources/coupons';
import { UserCardStatus, userCardResource } from '@kayuh/contract/resources/userCards';
import { Code } from '@kayuh/contract/codes';
import { and, gt, inArray } from 'drizzle-orm';
import { coupons, userCards, userCoupons } from '../../../db/schema.ts';
import { actorUserId } from '../../../platform/auth/context.ts';
import { activeCurrency } from '../../../platform/currency.ts';
import { BizError, invalid } from '../../../platform/errors.ts';
import { bindResource, type HookContext } from '../../../platform/resources/binding.ts';
import { memberPhoneOf } from '../../member/memberPhone.ts';
import { requestCardRefundEvent } from '../refundEvents.ts';
import { assertOwnCities } from '../cityCodes.ts';
import { grantCoupon } from './couponGrant.ts';

const noteOf = (ctx: HookContext) => String(ctx.event!.payload.note ?? '').trim() || null;
const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';
/** A picked row's id from a payload, or null when none was picked. */
const idOf = (v: unknown) => (isSet(v) ? Number(v) : null);
/** What a coupon gives and costs: fixed once it has left the draft (members hold it on these terms). */
const TERMS = ['kind', 'scope', 'amount', 'percentBp', 'maxDiscount', 'minSpend', 'freeMinutes', 'currency', 'validKind', 'validDays'];

const cardPhone = memberPhoneOf('user_cards');
const couponPhone = memberPhoneOf('user_coupons');

/**
 * Members' passes: found by the member's phone; suspended and reinstated by customer service with the reason. A
 * reinstated pass is active again within its dates, pending before them, expired after.
 */
export const userCardBinding = bindResource(userCardResource, userCards, {
  computed: { memberPhone: cardPhone.computed },
  computedFilters: { memberPhone: cardPhone.filter },
  events: {
    suspendCard: { set: (ctx) => ({ remark: noteOf(ctx) }) },
    refundCard: requestCardRefundEvent,
    reinstateCard: {
      set(ctx) {
        const now = Date.now();
        const { startAt, endAt } = ctx.current as { startAt: Date; endAt: Date };
        const status =
          endAt.getTime() <= now ? UserCardStatus.expired : startAt.getTime() > now ? UserCardStatus.pendingStart : UserCardStatus.active;
        return { status, remark: noteOf(ctx) };
      },
    },
  },
});

/**
 * Coupons: each kind with the one amount it takes off and none of the others; a fixed window that ends after it
 * starts, or a number of days; terms fixed once listed. Listing, delisting and granting are its events.
 */
export const couponBinding = bindResource(couponResource, coupons, {
  async check({ tx, mode, tenantId, values, next, current }) {
    const kind = Number(next.kind);
    const wrong = (COUPON_FIELDS_NOT_FOR_KIND[kind] ?? []).filter((name) => isSet(next[name]));
    if (wrong.length) throw invalid(Object.fromEntries(wrong.map((name) => [name, 'coupon.notForKind'])));
    const needed = COUPON_FIELD_OF_KIND[kind];
    if (needed && !isSet(next[needed])) throw invalid({ [needed]: 'validation.required' });
    if (Number(next.validKind) === CouponValidKind.fixedWindow) {
      if (!(next.validFrom instanceof Date)) throw invalid({ validFrom: 'validation.required' });
      if (!(next.validTo instanceof Date)) throw invalid({ validTo: 'validation.required' });
      if (next.validTo.getTime() <= next.validFrom.getTime()) throw invalid({ validTo: 'validation.endBeforeStart' });
    } else if (!isSet(next.validDays)) throw invalid({ validDays: 'validation.required' });
    if (isSet(next.totalQty) && Number(next.totalQty) < Number(next.issuedQty ?? 0)) throw invalid({ totalQty: 'coupon.belowIssued' });
    if (mode === 'edit' && current && Number(current.status) !== CouponStatus.draft) {
      const changed = TERMS.filter((name) => name in values && String(values[name] ?? '') !== String(current[name] ?? ''));
      if (changed.length) throw invalid(Object.fromEntries(changed.map((name) => [name, 'coupon.termsFixed'])));
    }
    if (values.currency !== undefined) await activeCurrency(tx, 'currency', values.currency);
    await assertOwnCities(tx, tenantId, values.cityCodes);
  },
  // Members hold a granted coupon on its terms: it is delisted, never removed.
  async beforeRemove({ tx, ids }) {
    const held = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(inArray(coupons.id, ids), gt(coupons.issuedQty, 0)));
    if (held.length) throw new BizError(Code.transitionNotAllowed, 'coupon.held');
  },
  events: {
    listCoupon: {
      guard(ctx) {
        const to = ctx.current!.validTo;
        if (Number(ctx.current!.validKind) === CouponValidKind.fixedWindow && to instanceof Date && to.getTime() <= Date.now())
          throw new BizError(Code.transitionNotAllowed, 'coupon.ended');
      },
    },
    grantCoupon: {
      async effects(ctx) {
        const p = ctx.event!.payload;
        await grantCoupon(ctx.tx, ctx.current as typeof coupons.$inferSelect, {
          phones: String(p.phones ?? ''),
          tagId: idOf(p.tagId),
          levelId: idOf(p.levelId),
          source: Number(p.source ?? 3),
          note: noteOf(ctx),
          by: actorUserId(ctx.auth),
        });
      },
    },
  },
});

/** The coupons members hold: found by phone; revoked (unused ones only) with the reason. */
export const userCouponBinding = bindResource(userCouponResource, userCoupons, {
  computed: { memberPhone: couponPhone.computed },
  computedFilters: { memberPhone: couponPhone.filter },
  events: { revokeCoupon: { set: (ctx) => ({ remark: noteOf(ctx) }) } },
});
