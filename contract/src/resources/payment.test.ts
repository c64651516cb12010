import { describe, expect, it } from 'vitest';
import { dictByType } from '../dicts/index.ts';
import { adminCatalogue } from '../i18n/index.ts';
import { paymentPagesCatalogue } from '../i18n/paymentPages.ts';
import { LEDGER_KINDS } from '../rules/ledgerChart.ts';
import { apiLogResource } from './apiLog.ts';
import { RESOURCES } from './index.ts';
import { countryCurrencyResource } from './paymentConfig.ts';
import { createSchema, listSchema } from './schemas.ts';

const payment = RESOURCES.filter((r) => r.module === 'payment' || r === apiLogResource);

describe("the payment centre's pages", () => {
  it('name every choice they offer in the console catalogue', () => {
    const labels = payment.flatMap((r) => r.fields.flatMap((f) => (f.options ?? []).map((o) => o.label)));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((key) => !(key in adminCatalogue))).toEqual([]);
  });

  it('keep their words in their own catalogue, overriding none of another part', () => {
    for (const [key, text] of Object.entries(paymentPagesCatalogue)) expect(adminCatalogue[key], key).toBe(text);
  });

  it('label every kind of ledger transaction the posting service writes', () => {
    const kinds = dictByType('ledger_transactions_kind')!.values.map((v) => v.value);
    expect(LEDGER_KINDS.filter((kind) => !kinds.includes(kind))).toEqual([]);
  });
});

describe('a list of dictionary values (a country currency’s payment methods)', () => {
  const schema = createSchema(countryCurrencyResource);
  const body = { countryId: 1, currencyCode: 'IDR', taxRateBp: 1100 };

  it('takes the dictionary’s values, each once, in its order, as JSON or form-encoded text', () => {
    expect(schema.parse({ ...body, paymentMethods: ['VA_BCA', 'QRIS', 'VA_BCA'] }).paymentMethods).toEqual(['QRIS', 'VA_BCA']);
    expect(schema.parse({ ...body, paymentMethods: 'EW_OVO,QRIS' }).paymentMethods).toEqual(['QRIS', 'EW_OVO']);
  });

  it('refuses a value the dictionary does not hold, and an empty list where one is required', () => {
    expect(schema.safeParse({ ...body, paymentMethods: ['QRIS', 'BITCOIN'] }).success).toBe(false);
    expect(schema.safeParse({ ...body, paymentMethods: [] }).success).toBe(false);
    expect(schema.safeParse({ ...body }).success).toBe(false);
  });

  it('is no filter of the list', () => {
    expect(Object.keys(listSchema(countryCurrencyResource).shape)).not.toContain('paymentMethods');
  });
});
