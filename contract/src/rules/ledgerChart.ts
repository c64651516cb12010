/**
 * The platform's own ledger accounts (DOMAIN §4.1), opened for every tenant when it is provisioned:
 * one clearing account per gateway channel, the bank, the in-transit accounts, and revenue and expense by product.
 */
export interface PlatformAccountDef {
  code: string;
  /** The side that increases the balance. */
  normalSide: 'D' | 'C';
  /**
   * Moved by every member-facing posting (a top-up's clearing, a ride's revenue, a bonus's promotion): opened with
   * SHARED_ACCOUNT_SLICES - 1 slices, so concurrent postings do not queue on one row.
   */
  sliced: boolean;
}

/** Gateway channels whose receivables clear through `CLEARING:<channel>` (payment_channels.channel_code less IAK and MANUAL). */
export const CLEARING_CHANNELS = [
  'QRIS',
  'VA_BCA',
  'VA_BNI',
  'VA_BRI',
  'VA_MANDIRI',
  'EW_OVO',
  'EW_DANA',
  'EW_GOPAY',
  'EW_SHOPEEPAY',
  'CARD',
] as const;

const debit = (code: string, sliced = false): PlatformAccountDef => ({ code, normalSide: 'D', sliced });
const credit = (code: string, sliced = false): PlatformAccountDef => ({ code, normalSide: 'C', sliced });

export const PLATFORM_ACCOUNTS: readonly PlatformAccountDef[] = [
  ...CLEARING_CHANNELS.map((channel) => debit(`CLEARING:${channel}`, true)),
  debit('BANK'),
  debit('PAYOUT_CLEARING'),
  credit('REFUND_IN_TRANSIT'),
  credit('PREPAID_IN_TRANSIT'),
  debit('IAK_DEPOSIT'),
  ...['REV_RIDE', 'REV_SWAP', 'REV_RENTAL', 'REV_CARD', 'REV_PENALTY', 'REV_FEE', 'REV_MALL'].map((code) => credit(code, true)),
  debit('EXP_PROMO', true),
  debit('EXP_COUPON', true),
  debit('EXP_SHARE'),
  debit('EXP_CHANNEL_FEE'),
  // Technicians' piece-rate pay, accrued when their tickets are approved (DOMAIN §3.1 approve; docs/settlements.md).
  debit('EXP_PIECE_PAY'),
];

/**
 * How many rows a sliced platform account spreads over: the account and SHARED_ACCOUNT_SLICES - 1 slices. A posting
 * books a sliced account's line on the slice its transaction id picks (id mod this), so the tenant's postings move
 * different rows at once instead of queueing on one; each row keeps its own balance and lines, and the account's
 * balance is their sum.
 */
export const SHARED_ACCOUNT_SLICES = 8;

/** account_books.book_type and accounts.owner_type of the platform's books (DOMAIN §4.1). */
export const PLATFORM_BOOK_TYPE = 6;
export const PLATFORM_OWNER_TYPE = 4;

/** A platform account's number: readable, and unique within the tenant. */
export const platformAccountNo = (code: string, currency: string) => `PLT-${currency}-${code}`;

/** The number of a sliced account's slice: the account's own and the slice (1 … SHARED_ACCOUNT_SLICES - 1). */
export const sliceAccountNo = (accountNo: string, slice: number) => `${accountNo}/${slice}`;

/** Member books and accounts (DOMAIN §4.1): book_type per account code; every member account is on the credit side. */
export const MEMBER_BOOKS = { WALLET: 1, BONUS: 2, DEPOSIT: 3 } as const;
export type MemberAccountCode = keyof typeof MEMBER_BOOKS;
export const MEMBER_OWNER_TYPE = 1;

/** A member account's number: readable, and unique within the tenant. */
export const memberAccountNo = (memberId: number, code: MemberAccountCode, currency: string) => `MBR-${currency}-${memberId}-${code}`;

/** A merchant's one account (DOMAIN §4.1): what the operator owes it, in the merchant book, on the credit side. */
export const MERCHANT_PAYABLE = 'MERCHANT_PAYABLE';
export const MERCHANT_BOOK_TYPE = 4;
export const MERCHANT_OWNER_TYPE = 2;

/** A merchant's payable account number: readable, and unique within the tenant. */
export const merchantAccountNo = (merchantId: number, currency: string) => `MCH-${currency}-${merchantId}-PAYABLE`;

/** A partner's or investor's one account (DOMAIN §4.1): what the operator owes it, in the partner book, credit side. */
export const PARTNER_PAYABLE = 'PARTNER_PAYABLE';
export const PARTNER_BOOK_TYPE = 5;
export const PARTNER_OWNER_TYPE = 3;

/** A partner's payable account number: readable, and unique within the tenant. */
export const partnerAccountNo = (partnerId: number, currency: string) => `PTN-${currency}-${partnerId}-PAYABLE`;

/**
 * A field technician's one account (docs/settlements.md): the piece-rate pay the operator owes them, accrued when their
 * tickets are approved and paid out by settlement; in the staff book, on the credit side. The owner is the user.
 */
export const STAFF_PAYABLE = 'STAFF_PAYABLE';
export const STAFF_BOOK_TYPE = 7;
export const STAFF_OWNER_TYPE = 5;

/** A technician's payable account number: readable, and unique within the tenant. */
export const staffAccountNo = (userId: number, currency: string) => `STF-${currency}-${userId}-PAYABLE`;

/** ledger_transactions.kind (DOMAIN §4.2). */
export const LEDGER_KINDS = [
  'TOPUP',
  'RIDE_PAY',
  'REFUND_START',
  'REFUND_DONE',
  'CARD_BUY',
  'SWAP_PAY',
  'RENTAL_PAY',
  'DEPOSIT_HOLD',
  'DEPOSIT_RELEASE',
  'PREPAID',
  'SHARE_ACCRUAL',
  'PAYOUT',
  'PIECE_PAY',
  'ADJUST',
  'BONUS_GRANT',
  'CHANNEL_SETTLE',
  'REVERSAL',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
