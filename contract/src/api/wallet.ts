import { z } from 'zod';

/**
 * The rider app's money (docs/app-api.md): balances, top-up through a gateway channel, the statement. Amounts are
 * integers in the currency's smallest unit (DOMAIN §0.3; IDR: 1 = Rp 1).
 */

/** payment_orders.status (DOMAIN §3.7). */
export const PaymentStatus = { created: 0, pending: 1, paid: 2, failed: 3, expired: 4, partiallyRefunded: 5, refunded: 6 } as const;
/** qris_orders.status (DOMAIN §3.10, 3 added for an expired code). */
export const QrisStatus = { processing: 0, success: 1, failed: 2, expired: 3 } as const;
/** refunds.status (DOMAIN §3.8). */
export const RefundStatus = { requested: 0, approved: 1, processing: 2, succeeded: 3, failed: 4, rejected: 5 } as const;

/** Channels a member can top up through (payment_channels.channel_code less IAK and MANUAL). */
export const TOPUP_CHANNELS = ['QRIS', 'VA_BCA', 'VA_BNI', 'VA_BRI', 'VA_MANDIRI', 'EW_OVO', 'EW_DANA', 'EW_GOPAY', 'EW_SHOPEEPAY'] as const;

export const walletBalance = z.object({
  currency: z.string(),
  /** Spendable cash; 0 when the member is in debt. */
  wallet: z.number().int(),
  /** Promotional balance, spent before the wallet; not refundable. */
  bonus: z.number().int(),
  /** What the member owes from a ride the wallet did not cover; the next top-up repays it first. */
  debt: z.number().int(),
});
export type WalletBalance = z.infer<typeof walletBalance>;

/** A money-moving request's key (DOMAIN §4.3): a UUID in the rider app, a console form's requestId. */
export const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .describe('A new UUID per request; the same key again answers the first answer');

/** The largest amount any form or app request may carry: beyond every wallet cap, far inside 2^53. */
export const MONEY_INPUT_MAX = 1_000_000_000_000;

export const topupRequest = z.object({
  amount: z.number().int().positive().max(MONEY_INPUT_MAX).describe('Rupiah to pay; must equal the package amount when a package is chosen'),
  channelCode: z.enum(TOPUP_CHANNELS),
  packageId: z.number().int().positive().optional().describe('A top-up package of the operator (its bonus is added on payment)'),
  cityCode: z.number().int().positive().optional().describe("The member's current city; default their registration city"),
});
export type TopupRequest = z.infer<typeof topupRequest>;

export const payDisplay = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('qris'), payload: z.string().describe('EMVCo MPM string: render it as a QR code') }),
  z.object({ kind: z.literal('va'), bank: z.string(), vaNumber: z.string(), billerCode: z.string().optional() }),
  z.object({ kind: z.literal('redirect'), url: z.string(), deeplink: z.string().optional() }),
  z.object({ kind: z.literal('push'), phone: z.string() }),
]);
export type PayDisplayView = z.infer<typeof payDisplay>;

export const topupResult = z.object({
  payNo: z.string(),
  amount: z.number().int(),
  bonus: z.number().int(),
  currency: z.string(),
  expiresAt: z.string().describe('ISO time after which the order closes unpaid'),
  status: z.number().int().describe('payment_orders.status: 1 waiting for the payment'),
  pay: payDisplay,
});
export type TopupResult = z.infer<typeof topupResult>;

export const statementQuery = z.object({
  /** Entries before this id (the last one of the page before); newest first. */
  before: z.coerce.number().int().positive().optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const statementLine = z.object({
  entryId: z.number().int(),
  at: z.string(),
  account: z.enum(['WALLET', 'BONUS', 'DEPOSIT']),
  kind: z.string(),
  /** + money in, − money out. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  memoKey: z.string().nullable(),
  txnNo: z.string(),
});
export const statementPage = z.object({ rows: z.array(statementLine), nextBefore: z.number().int().nullable() });
export type StatementPage = z.infer<typeof statementPage>;

export const paymentOrderView = z.object({
  payNo: z.string(),
  purpose: z.string(),
  amount: z.number().int(),
  bonus: z.number().int(),
  currency: z.string(),
  status: z.number().int(),
  channelCode: z.string().nullable(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  pay: payDisplay.nullable(),
});
export type PaymentOrderView = z.infer<typeof paymentOrderView>;
