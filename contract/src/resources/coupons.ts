import { pastedPhones } from './members.ts';
import { currencyPick, money } from './moneyFields.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/** coupons.status (DOMAIN §3.11): issued only while listed. */
export const CouponStatus = { draft: 0, listed: 1, delisted: 2, expired: 3 } as const;
/** coupons.kind: what the coupon takes off (contract/rules/fare.ts FareCoupon). */
export const CouponKind = { amountOff: 1, percentOff: 2, freeMinutes: 3, freeUnlock: 4 } as const;
/** coupons.scope: the orders it applies to. */
export const CouponScope = { any: 0, ride: 1, swap: 2, rental: 3, card: 4, mall: 5 } as const;
/** coupons.valid_kind: a fixed window, or a number of days from the grant. */
export const CouponValidKind = { fixedWindow: 1, daysAfterGrant: 2 } as const;
/** user_coupons.status (DOMAIN §3.11). */
export const UserCouponStatus = { unused: 1, locked: 2, used: 3, expired: 4, revoked: 5 } as const;
/** user_coupons.source. */
export const UserCouponSource = { activity: 1, redemption: 2, manual: 3, levelBenefit: 4, compensation: 5 } as const;
/** The most members one grant reaches (a pasted list of phones). */
export const COUPON_GRANT_MAX = 500;
/** The most members one grant to a tag or a level reaches: one transaction's worth (a larger segment is split into tags). */
export const COUPON_SEGMENT_GRANT_MAX = 100_000;

/** The fields each kind leaves empty: they mean nothing for it. */
export const COUPON_FIELDS_NOT_FOR_KIND: Record<number, readonly string[]> = {
  [CouponKind.amountOff]: ['percentBp', 'maxDiscount', 'freeMinutes'],
  [CouponKind.percentOff]: ['amount', 'freeMinutes'],
  [CouponKind.freeMinutes]: ['amount', 'percentBp', 'maxDiscount'],
  [CouponKind.freeUnlock]: ['amount', 'percentBp', 'maxDiscount', 'freeMinutes'],
};
/** The field each kind needs. */
export const COUPON_FIELD_OF_KIND: Record<number, string | undefined> = {
  [CouponKind.amountOff]: 'amount',
  [CouponKind.percentOff]: 'percentBp',
  [CouponKind.freeMinutes]: 'freeMinutes',
};

const S = (s: number) => String(s);
const hidden = (field: FieldDef): FieldDef => ({ list: 'hidden', ...field });
const note: FieldDef = { name: 'note', type: 'textarea', max: 300, label: 'field.coupon.note', span: 24 };

/**
 * Coupons (/payment_main/coupon/couponListPage, DOMAIN §2.7, §3.11): drafted, listed (then granted to members until
 * the quantity runs out), delisted and listed again; the timed task expires a listed one at its end. A member's
 * coupon is applied to a ride at unlock and used when the ride is paid (docs/passes.md). Granted here to members by
 * phone; activities, redemption codes and member levels grant with their own sources.
 */
export const couponResource: ResourceDef = {
  key: 'coupon',
  module: 'payment',
  page: 'couponListPage',
  api: '/payment/coupon',
  idName: 'couponId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'nameKey',
  fields: [
    { name: 'nameKey', type: 'text', required: true, max: 100, translated: true, list: true, filter: 'like', example: 'Weekend Rp 2,000 off' },
    { name: 'kind', type: 'dict', dict: 'coupons_kind', required: true, list: true, filter: 'eq', example: '1' },
    { name: 'scope', type: 'dict', dict: 'coupons_scope', required: true, defaultValue: '1', list: 'hidden', filter: 'eq', example: '1' },
    money('amount', { list: true, hint: 'field.coupon.amount.hint', example: 2_000 }),
    hidden({ name: 'percentBp', type: 'int', min: 1, max: 10_000, hint: 'field.coupon.percentBp.hint' }),
    hidden(money('maxDiscount', { hint: 'field.coupon.maxDiscount.hint' })),
    hidden(money('minSpend', { hint: 'field.coupon.minSpend.hint' })),
    hidden({ name: 'freeMinutes', type: 'int', min: 1, max: 1_440 }),
    currencyPick({ list: 'hidden' }),
    hidden({
      name: 'cityCodes',
      type: 'idList',
      ref: { resource: 'city', labelField: 'cityInName' },
      hint: 'field.payment.cityCodes.hint',
      span: 24,
    }),
    { name: 'validKind', type: 'dict', dict: 'coupons_valid_kind', required: true, defaultValue: '2', list: 'hidden', example: '2' },
    { name: 'validFrom', type: 'datetime', list: 'hidden', hint: 'field.coupon.validFrom.hint' },
    { name: 'validTo', type: 'datetime', list: true, hint: 'field.coupon.validTo.hint' },
    hidden({ name: 'validDays', type: 'int', min: 1, max: 366, hint: 'field.coupon.validDays.hint', example: 30 }),
    { name: 'totalQty', type: 'int', min: 1, max: 10_000_000, list: true, hint: 'field.coupon.totalQty.hint' },
    { name: 'issuedQty', type: 'int', serverOnly: true, form: false, list: true },
    hidden({ name: 'perMemberLimit', type: 'int', required: true, min: 1, max: 100, defaultValue: 1, example: 1 }),
    hidden({ name: 'stackable', type: 'bool', required: true, defaultValue: false, hint: 'field.coupon.stackable.hint' }),
    { name: 'status', type: 'dict', dict: 'coupons_status', form: false, defaultValue: '0', list: true, filter: 'eq' },
    hidden({ name: 'remark', type: 'textarea', max: 500, span: 24 }),
    hidden({ name: 'createdAt', type: 'datetime', serverOnly: true, sortable: true }),
  ],
  transitions: [
    { name: 'listCoupon', field: 'status', from: [S(CouponStatus.draft), S(CouponStatus.delisted)], to: S(CouponStatus.listed), action: 'edit' },
    { name: 'delistCoupon', field: 'status', from: [S(CouponStatus.listed)], to: S(CouponStatus.delisted), action: 'edit', confirm: true },
    {
      name: 'grantCoupon',
      field: 'status',
      from: [S(CouponStatus.listed)],
      to: S(CouponStatus.listed),
      action: 'grant',
      payload: [
        pastedPhones({ label: 'field.coupon.phones', hint: 'field.coupon.phones.hint' }),
        // Or every member of a tag, or at a level, still under the coupon's per-member limit (docs/member-tags.md).
        {
          name: 'tagId',
          type: 'ref',
          ref: { resource: 'memberTag', labelField: 'name' },
          label: 'field.coupon.tagId',
          hint: 'field.coupon.tagId.hint',
          span: 12,
        },
        {
          name: 'levelId',
          type: 'ref',
          ref: { resource: 'memberLevel', labelField: 'nameKey' },
          label: 'field.coupon.levelId',
          hint: 'field.coupon.levelId.hint',
          span: 12,
        },
        { name: 'source', type: 'dict', dict: 'user_coupons_source', required: true, defaultValue: '3', label: 'field.coupon.source', example: '3' },
        note,
      ],
    },
  ],
  related: [{ resource: 'userCoupon', field: 'couponId', title: 'related.coupon.userCoupons' }],
};

/**
 * The coupons members hold (the coupon's detail): who, from where, valid when, and what became of it; customer
 * service or marketing revoke an unused one.
 */
export const userCouponResource: ResourceDef = {
  key: 'userCoupon',
  module: 'payment',
  page: 'couponListPage',
  api: '/payment/userCoupon',
  idName: 'userCouponId',
  scope: 'tenant',
  editable: true,
  actions: ['export'],
  // Ever growing (a year: 600,000 passes, 3,000,000 coupons held at scale 1): newest first by cursor, counted to 1,000.
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'memberPhone',
  fields: [
    { name: 'memberPhone', type: 'text', serverOnly: true, computed: true, form: false, list: true, filter: 'eq' },
    { name: 'couponId', type: 'ref', ref: { resource: 'coupon', labelField: 'nameKey' }, form: false, list: true, filter: 'eq' },
    { name: 'status', type: 'dict', dict: 'user_coupons_status', form: false, list: true, filter: 'eq' },
    { name: 'source', type: 'dict', dict: 'user_coupons_source', form: false, list: true, filter: 'eq' },
    { name: 'validFrom', type: 'datetime', form: false, list: 'hidden' },
    { name: 'validTo', type: 'datetime', form: false, list: true },
    { name: 'lockedBy', type: 'text', form: false, list: 'hidden' },
    { name: 'usedAt', type: 'datetime', form: false, list: true },
    { name: 'usedOrderType', type: 'text', form: false, list: 'hidden' },
    { name: 'usedOrderId', type: 'int', form: false, list: 'hidden' },
    { name: 'discount', type: 'money', form: false, list: true },
    { name: 'currency', type: 'text', form: false, list: 'hidden' },
    // The member, for the member's detail to list these by; not a list column (the phone is one).
    { name: 'memberId', type: 'ref', ref: { resource: 'member', labelField: 'phone' }, form: false, list: false, filter: 'eq' },
    { name: 'remark', type: 'text', form: false, list: 'hidden' },
    { name: 'createdAt', type: 'datetime', serverOnly: true, form: false, list: 'hidden', sortable: true },
  ],
  transitions: [
    {
      name: 'revokeCoupon',
      field: 'status',
      from: [S(UserCouponStatus.unused)],
      to: S(UserCouponStatus.revoked),
      action: 'grant',
      confirm: true,
      bulk: true,
      payload: [note],
    },
  ],
};
