import type { FieldDef, ResourceDef } from './types.ts';

/** level_point_rules.event and point_ledger.event (DOMAIN §2.3). */
export const PointEvent = { rideCompleted: 1, perThousandPaid: 2, topUp: 3, dailyCheckIn: 4, referral: 5, kycDone: 6 } as const;
/** member_levels.status, level_point_rules.status: {0 active, 1 disabled}. */
export const LoyaltyStatus = { active: 0, disabled: 1 } as const;
/** A rule's multiplier in basis points: 10,000 = ×1. */
export const MULTIPLIER_ONE_BP = 10_000;

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });

/**
 * Member levels (/user_main/member_level, DOMAIN §2.3): a member is at the highest active level whose minimum growth
 * their growth has reached; growth only rises, by the points they are awarded (docs/loyalty.md).
 */
export const memberLevelResource: ResourceDef = {
  key: 'memberLevel',
  module: 'user',
  page: 'member_level',
  api: '/user/memberLevel',
  idName: 'levelId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'levelNo', order: 'asc' },
  titleField: 'nameKey',
  fields: [
    { name: 'levelNo', type: 'int', required: true, min: 1, max: 99, unique: true, list: true, sortable: true, example: 50 },
    { name: 'nameKey', type: 'text', required: true, max: 40, translated: true, list: true, example: 'Perunggu' },
    {
      name: 'minGrowth',
      type: 'int',
      required: true,
      min: 0,
      max: 100_000_000,
      unique: true,
      list: true,
      hint: 'field.memberLevel.minGrowth.hint',
      example: 90_000,
    },
    { name: 'iconUrl', type: 'image', list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'member_levels_status', required: true, defaultValue: '0', list: true, filter: 'eq', example: '0' },
    { name: 'remark', type: 'textarea', max: 300, list: 'hidden', span: 24 },
  ],
  related: [
    { resource: 'levelPointRule', field: 'levelId', title: 'related.memberLevel.rules' },
    { resource: 'levelBenefit', field: 'levelId', title: 'related.memberLevel.benefits' },
  ],
};

/**
 * How points are earned (/user_main/member_level_integral, DOMAIN §2.3 level_point_rules): per event, for one level
 * or all of them (a level's own rule wins over the all-levels one), with a multiplier and a daily cap.
 */
export const levelPointRuleResource: ResourceDef = {
  key: 'levelPointRule',
  module: 'user',
  page: 'member_level_integral',
  api: '/user/levelPointRule',
  idName: 'ruleId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'event', order: 'asc' },
  titleField: 'event',
  fields: [
    { name: 'event', type: 'dict', dict: 'level_point_rules_event', required: true, uniqueWith: ['levelId'], list: true, filter: 'eq', example: '3' },
    {
      name: 'levelId',
      type: 'ref',
      ref: { resource: 'memberLevel', labelField: 'nameKey' },
      list: true,
      filter: 'eq',
      hint: 'field.levelPointRule.levelId.hint',
    },
    { name: 'points', type: 'int', required: true, min: 1, max: 100_000, list: true, hint: 'field.levelPointRule.points.hint', example: 10 },
    {
      name: 'multiplierBp',
      type: 'int',
      required: true,
      min: 1,
      max: 100_000,
      defaultValue: 10_000,
      list: true,
      hint: 'field.levelPointRule.multiplierBp.hint',
      example: 10_000,
    },
    { name: 'dailyCap', type: 'int', min: 1, max: 1_000_000, list: true, hint: 'field.levelPointRule.dailyCap.hint' },
    { name: 'status', type: 'dict', dict: 'level_point_rules_status', required: true, defaultValue: '0', list: true, filter: 'eq', example: '0' },
    { name: 'remark', type: 'textarea', max: 300, list: 'hidden', span: 24 },
  ],
};

/**
 * Points history (/user_main/integral_history, DOMAIN §2.3 point_ledger [A]): every award, once per event and
 * business row (a unique key), with the member's balance after it. Written by the server only.
 */
export const pointLedgerResource: ResourceDef = {
  key: 'pointLedger',
  module: 'user',
  page: 'integral_history',
  api: '/user/pointLedger',
  idName: 'entryId',
  scope: 'tenant',
  editable: false,
  actions: ['export'],
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'memberPhone',
  fields: [
    shown({ name: 'memberPhone', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'event', type: 'dict', dict: 'point_ledger_event', list: true, filter: 'eq' }),
    shown({ name: 'delta', type: 'int', list: true }),
    shown({ name: 'balanceAfter', type: 'int', list: true }),
    shown({ name: 'refType', type: 'text', list: 'hidden' }),
    shown({ name: 'refId', type: 'int', list: 'hidden' }),
    shown({ name: 'memberId', type: 'ref', ref: { resource: 'member', labelField: 'phone' }, list: false, filter: 'eq' }),
    shown({ name: 'createdAt', type: 'datetime', list: true, sortable: true }),
  ],
};

/** level_benefits.benefit (DOMAIN §2.3). */
export const LevelBenefitKind = { freeUnlocks: 1, rideDiscount: 2, monthlyCoupon: 3, depositWaiver: 4, prioritySupport: 5 } as const;
/**
 * What a benefit's `value` means and its bounds: free unlocks a month, or a ride discount in percent; the other kinds
 * take none (a monthly coupon names its coupon instead).
 */
export const LEVEL_BENEFIT_VALUE: Readonly<Record<number, { min: number; max: number } | null>> = {
  [LevelBenefitKind.freeUnlocks]: { min: 1, max: 31 },
  [LevelBenefitKind.rideDiscount]: { min: 1, max: 50 },
  [LevelBenefitKind.monthlyCoupon]: null,
  [LevelBenefitKind.depositWaiver]: null,
  [LevelBenefitKind.prioritySupport]: null,
};

/**
 * Level benefits (/user_main/level_benefits, DOMAIN §2.3 level_benefits; docs/loyalty.md "Benefits"): what members at
 * a level get, one of each kind per level. Free unlocks waive the unlock fee of a member's first rides each month, the
 * discount takes a percentage off each ride (after the pass, before the coupon), the monthly coupon is granted to the
 * level's members on the first of the month, and priority support marks their feedback first in line.
 */
export const levelBenefitResource: ResourceDef = {
  key: 'levelBenefit',
  module: 'user',
  page: 'level_benefits',
  api: '/user/levelBenefit',
  idName: 'benefitId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'levelId', order: 'asc' },
  titleField: 'benefit',
  fields: [
    { name: 'levelId', type: 'ref', ref: { resource: 'memberLevel', labelField: 'nameKey' }, required: true, list: true, filter: 'eq', example: 1 },
    {
      name: 'benefit',
      type: 'dict',
      dict: 'level_benefits_benefit',
      required: true,
      uniqueWith: ['levelId'],
      list: true,
      filter: 'eq',
      example: '5',
    },
    { name: 'value', type: 'int', min: 1, max: 50, list: true, hint: 'field.levelBenefit.value.hint', example: 2 },
    {
      name: 'couponId',
      type: 'ref',
      ref: { resource: 'coupon', labelField: 'nameKey' },
      list: true,
      hint: 'field.levelBenefit.couponId.hint',
    },
    { name: 'status', type: 'dict', dict: 'level_benefits_status', required: true, defaultValue: '0', list: true, filter: 'eq', example: '0' },
    { name: 'remark', type: 'textarea', max: 300, list: 'hidden', span: 24 },
    shown({ name: 'lastGrantedMonth', type: 'text', serverOnly: true, list: 'hidden', hint: 'field.levelBenefit.lastGrantedMonth.hint' }),
  ],
};
