import { MONEY_INPUT_MAX } from '../api/wallet.ts';
import type { FieldDef } from './types.ts';

/** An amount a form may carry: from 0 (or `min`) to the largest any request may. */
export const money = (name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'money', min: 0, max: MONEY_INPUT_MAX, ...extra });

/** A row's currency, picked from the currencies of Rule Management (the binding checks it is one in use). */
export const currencyPick = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'currency',
  type: 'text',
  required: true,
  min: 3,
  max: 3,
  pattern: '^[A-Z]{3}$',
  ref: { resource: 'currency', labelField: 'code' },
  defaultValue: 'IDR',
  example: 'IDR',
  ...extra,
});
