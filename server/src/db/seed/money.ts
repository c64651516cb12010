import { CURRENCIES } from '@kayuh/contract/rules/currencies';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { countryCurrencies, currencies, productTypes } from '../schema.ts';

/** The platform's currencies and Indonesia's: written on first start, and added on a later start if missing. */
export async function seedCurrencies(db: Db, indonesiaId: number) {
  await db
    .insert(currencies)
    .values(CURRENCIES.map((c) => ({ ...c })))
    .onConflictDoNothing();
  const [idr] = await db.select({ id: countryCurrencies.id }).from(countryCurrencies).where(eq(countryCurrencies.countryId, indonesiaId));
  if (!idr)
    await db.insert(countryCurrencies).values({
      countryId: indonesiaId,
      currencyCode: 'IDR',
      isDefault: true,
      // PPN 11% (DOMAIN §2.7: finance to confirm).
      taxRateBp: 1100,
      paymentMethods: ['QRIS', 'VA_BCA', 'VA_BNI', 'VA_BRI', 'VA_MANDIRI', 'EW_OVO', 'EW_DANA', 'EW_GOPAY', 'EW_SHOPEEPAY'],
    });
}

/** What each payment or posting is for, with the revenue account it earns into (productType). */
const PRODUCT_TYPES = [
  { code: 'TOPUP', revenueAccountCode: null, taxable: false, refundable: true },
  { code: 'RIDE', revenueAccountCode: 'REV_RIDE', taxable: true, refundable: true },
  { code: 'SWAP', revenueAccountCode: 'REV_SWAP', taxable: true, refundable: true },
  { code: 'CARD', revenueAccountCode: 'REV_CARD', taxable: true, refundable: true },
  { code: 'DEPOSIT', revenueAccountCode: null, taxable: false, refundable: true },
  { code: 'RENTAL', revenueAccountCode: 'REV_RENTAL', taxable: true, refundable: true },
  { code: 'RENTAL_DEPOSIT', revenueAccountCode: null, taxable: false, refundable: true },
  { code: 'LATE_FEE', revenueAccountCode: 'REV_PENALTY', taxable: true, refundable: false },
  { code: 'PENALTY', revenueAccountCode: 'REV_PENALTY', taxable: true, refundable: false },
  { code: 'MALL', revenueAccountCode: 'REV_MALL', taxable: true, refundable: true },
  { code: 'PLN', revenueAccountCode: 'REV_FEE', taxable: false, refundable: true },
  { code: 'PULSA', revenueAccountCode: 'REV_FEE', taxable: false, refundable: true },
  { code: 'DATA', revenueAccountCode: 'REV_FEE', taxable: false, refundable: true },
] as const;

/** A tenant's product types: the demo's and a new tenant's. */
export async function seedProductTypes(db: Db, tenantId: number, createdBy: number | null = null) {
  await db
    .insert(productTypes)
    .values(PRODUCT_TYPES.map((p) => ({ tenantId, nameKey: `dict.product_types_code.${p.code}`, ...p, createdBy, updatedBy: createdBy })));
}
