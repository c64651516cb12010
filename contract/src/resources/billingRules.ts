import { currencyPick, money } from './moneyFields.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/** billing_rules.status (DOMAIN §2.5): drawn as a draft, published to price rides, retired when replaced. */
export const BillingRuleStatus = { draft: 0, active: 1, retired: 2 } as const;

/** A price the rule must state, 0 when it charges nothing. */
const price = (name: string, extra: Partial<FieldDef> = {}): FieldDef => money(name, { required: true, defaultValue: 0, list: 'hidden', ...extra });
const minutes = (name: string, min: number, max: number, defaultValue: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'int',
  required: true,
  min,
  max,
  defaultValue,
  list: 'hidden',
  ...extra,
});

/**
 * Ride pricing (/operations/billingRule, DOMAIN §2.5 billing_rules) in a city, for some models or all: the unlock fee,
 * free minutes, the price of a riding and a paused unit, the daily cap, the ride-end penalties (§8.2), reservations,
 * the balance needed to unlock and the longest ride. A ride takes the active rule of its city and model valid at its
 * start with the highest priority. The page previews the fare of a sample ride (contract/rules/fare.ts).
 */
export const billingRuleResource: ResourceDef = {
  key: 'billingRule',
  module: 'operations',
  page: 'billingRule',
  api: '/operations/billingRule',
  idName: 'billingRuleId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  currencyField: 'currency',
  defaultSort: { field: 'priority', order: 'desc' },
  titleField: 'name',
  fields: [
    { name: 'name', type: 'text', required: true, max: 60, list: true, filter: 'like', sortable: true, example: 'Jakarta standard' },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, required: true, list: true, example: 2001 },
    {
      name: 'modelIds',
      type: 'idList',
      ref: { resource: 'productModel', labelField: 'name' },
      hint: 'field.billingRule.modelIds.hint',
      list: 'hidden',
      span: 24,
    },
    currencyPick({ list: 'hidden' }),
    price('unlockFee', { list: true, sortable: true, example: 3_000 }),
    minutes('freeMinutes', 0, 1_440, 0, { example: 2 }),
    minutes('unitMinutes', 1, 1_440, 1, { hint: 'field.billingRule.unitMinutes.hint', example: 1 }),
    price('unitPrice', { list: true, sortable: true, example: 1_000 }),
    price('pauseUnitPrice', { hint: 'field.billingRule.pauseUnitPrice.hint', example: 200 }),
    price('dailyCap', { required: false, defaultValue: undefined, hint: 'field.billingRule.dailyCap.hint', list: true, example: 40_000 }),
    price('outOfAreaFee', { hint: 'field.billingRule.outOfAreaFee.hint', example: 25_000 }),
    price('noParkingFee', { hint: 'field.billingRule.noParkingFee.hint', example: 10_000 }),
    minutes('reserveFreeMinutes', 0, 60, 10, { example: 10 }),
    price('reserveUnitPrice', { example: 200 }),
    price('minBalanceToUnlock', { hint: 'field.billingRule.minBalanceToUnlock.hint', example: 5_000 }),
    minutes('maxRideMinutes', 1, 10_080, 720, { hint: 'field.billingRule.maxRideMinutes.hint', example: 720 }),
    { name: 'validFrom', type: 'datetime', hint: 'field.billingRule.validFrom.hint', list: true, sortable: true, example: '2026-12-01T00:00:00Z' },
    { name: 'validTo', type: 'datetime', hint: 'field.billingRule.validTo.hint', list: 'hidden', sortable: true },
    {
      name: 'priority',
      type: 'int',
      required: true,
      min: 0,
      max: 999,
      defaultValue: 0,
      hint: 'field.billingRule.priority.hint',
      list: true,
      sortable: true,
      example: 10,
    },
    { name: 'status', type: 'dict', dict: 'billing_rules_status', form: false, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
  transitions: [
    {
      name: 'publish',
      field: 'status',
      from: [String(BillingRuleStatus.draft)],
      to: String(BillingRuleStatus.active),
      action: 'publish',
      confirm: true,
    },
    {
      name: 'retireRule',
      field: 'status',
      from: [String(BillingRuleStatus.active)],
      to: String(BillingRuleStatus.retired),
      action: 'publish',
      confirm: true,
    },
  ],
};
