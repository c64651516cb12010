import { currencyPick, money } from './moneyFields.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/** card_rules.kind (DOMAIN §2.7). */
export const CardKind = { ridePass: 1, swapPlan: 2 } as const;
/** card_rules.status: drafted, then on sale in the app, taken off sale (members keep the cards they bought). */
export const CardRuleStatus = { draft: 0, onSale: 1, offSale: 2 } as const;

/** A count or a number of minutes a card gives; empty means no limit (DOMAIN §2.7: null = unlimited). */
const limit = (name: string, max: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'int',
  min: 0,
  max,
  hint: 'field.cardRule.unlimited.hint',
  list: 'hidden',
  ...extra,
});

/**
 * Passes (/payment_main/cardRule, DOMAIN §2.7 card_rules): ride passes — free riding minutes per ride and per day, a
 * number of rides — and battery-swap plans — a number of swaps — for a price, valid a number of days from the day of
 * purchase, in some cities or all. A ride pass's minutes are what the fare takes off (contract/rules/fare.ts FareCard).
 */
export const cardRuleResource: ResourceDef = {
  key: 'cardRule',
  module: 'payment',
  page: 'cardRule',
  api: '/payment/cardRule',
  idName: 'cardRuleId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'price', order: 'asc' },
  titleField: 'nameKey',
  fields: [
    { name: 'kind', type: 'dict', dict: 'card_rules_kind', required: true, list: true, filter: 'eq', example: '1' },
    {
      name: 'nameKey',
      type: 'text',
      required: true,
      max: 100,
      translated: true,
      hint: 'field.cardRule.nameKey.hint',
      list: true,
      filter: 'like',
      example: 'Weekly pass',
    },
    money('price', { required: true, list: true, sortable: true, example: 49_000 }),
    currencyPick({ list: 'hidden' }),
    { name: 'validDays', type: 'int', required: true, min: 1, max: 366, list: true, sortable: true, example: 7 },
    limit('perRideFreeMinutes', 1_440, { example: 30 }),
    limit('dailyFreeMinutes', 1_440, { example: 120 }),
    limit('rideQuota', 10_000),
    limit('swapQuota', 10_000),
    {
      name: 'cityCodes',
      type: 'idList',
      ref: { resource: 'city', labelField: 'cityInName' },
      hint: 'field.payment.cityCodes.hint',
      list: 'hidden',
      span: 24,
    },
    { name: 'purchaseLimit', type: 'int', min: 1, max: 100, hint: 'field.cardRule.purchaseLimit.hint', list: 'hidden' },
    { name: 'stackable', type: 'bool', required: true, defaultValue: false, hint: 'field.cardRule.stackable.hint', list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'card_rules_status', form: false, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
  transitions: [
    {
      name: 'putOnSale',
      field: 'status',
      from: [String(CardRuleStatus.draft), String(CardRuleStatus.offSale)],
      to: String(CardRuleStatus.onSale),
      action: 'publish',
      bulk: true,
    },
    {
      name: 'takeOffSale',
      field: 'status',
      from: [String(CardRuleStatus.onSale)],
      to: String(CardRuleStatus.offSale),
      action: 'publish',
      confirm: true,
      bulk: true,
    },
  ],
};
