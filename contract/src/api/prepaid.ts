import { z } from 'zod';

/**
 * PLN tokens, pulsa and data bought from the wallet through IAK (DOMAIN §2.7 prepaid_orders, §3.10; docs/payments.md).
 * Amounts are integers in the currency's smallest unit.
 */

/** prepaid_orders.status (DOMAIN §3.10): IAK's first answer is always 0; the final state comes by callback or check. */
export const PrepaidStatus = { processing: 0, success: 1, failed: 2 } as const;
/** prepaid_orders.kind. */
export const PrepaidKind = { pln: 1, pulsa: 2, data: 3 } as const;
export type PrepaidKindName = keyof typeof PrepaidKind;
export const PREPAID_KIND_NAMES = Object.keys(PrepaidKind) as PrepaidKindName[];

/** The admin fee added to a product's face value (DOMAIN §9.3: PLN tokens, admin fee 1,500). */
export const PREPAID_ADMIN_FEE = 1_500;
/**
 * When the status-check task asks IAK about an order still processing: minutes after it was placed (DOMAIN §3.10).
 * After the last, the order is stuck: PREPAID_STUCK is raised and only a person resolves it.
 */
export const PREPAID_CHECK_MINUTES = [1, 2, 5, 10, 30] as const;

/** A PLN meter (customer) number: 11 or 12 digits. */
export const PLN_METER = /^\d{11,12}$/;
/** An Indonesian mobile number as IAK takes it: 08…, 10–14 digits. */
export const MOBILE_NUMBER = /^08\d{8,12}$/;

/** A phone as the member typed it (+62…, 62…, 08…, with spaces or dashes) in IAK's 08… form, or undefined. */
export function mobileNumberOf(raw: string): string | undefined {
  const digits = raw.replace(/[\s().-]/g, '');
  const local = digits.startsWith('+62') ? `0${digits.slice(3)}` : digits.startsWith('62') ? `0${digits.slice(2)}` : digits;
  return MOBILE_NUMBER.test(local) ? local : undefined;
}

/** The customer number a kind needs, normalised, or undefined when it is not one. */
export function prepaidCustomerOf(kind: PrepaidKindName, raw: string): string | undefined {
  if (kind === 'pln') {
    const digits = raw.replace(/[\s-]/g, '');
    return PLN_METER.test(digits) ? digits : undefined;
  }
  return mobileNumberOf(raw);
}

/** A PLN token as the member keys it in: 20 digits in five groups of four. */
export const formatPlnToken = (token: string) => token.replace(/(\d{4})(?=\d)/g, '$1 ');

export const prepaidProductsQuery = z.object({ kind: z.enum(PREPAID_KIND_NAMES) });

export const prepaidProduct = z.object({
  productCode: z.string(),
  kind: z.enum(PREPAID_KIND_NAMES),
  description: z.string(),
  /** Face value: the token's or the credit's worth. */
  nominal: z.number().int(),
  /** What the member pays from the wallet: face value plus the admin fee. */
  sellPrice: z.number().int(),
  currency: z.string(),
});
export type PrepaidProductView = z.infer<typeof prepaidProduct>;

export const prepaidPurchaseRequest = z.object({
  productCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/)
    .describe('A productCode from GET /app/prepaid/products'),
  customerId: z.string().trim().min(1).max(20).describe('The PLN meter number (11–12 digits), or the phone number for pulsa and data'),
  cityCode: z.number().int().positive().optional().describe("The member's current city; default their registration city"),
});
export type PrepaidPurchaseRequest = z.infer<typeof prepaidPurchaseRequest>;

export const prepaidOrderView = z.object({
  orderNo: z.string(),
  kind: z.enum(PREPAID_KIND_NAMES),
  productCode: z.string(),
  customerId: z.string(),
  sellPrice: z.number().int(),
  currency: z.string(),
  status: z.number().int().describe('0 processing, 1 success, 2 failed (the wallet is refunded)'),
  /** The PLN token in five groups of four (success of a PLN order), or the operator's serial number. */
  token: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type PrepaidOrderView = z.infer<typeof prepaidOrderView>;
