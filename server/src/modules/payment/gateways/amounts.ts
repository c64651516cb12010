/**
 * Money at the gateway boundary (DOMAIN §0.3): amounts live as integers in the currency's minor unit. Gateways write
 * IDR as "50000.00" (Midtrans) or 50000 (Xendit, IAK); a fraction of a rupiah cannot be credited to anyone, so it is
 * refused rather than rounded.
 */

/** Minor units per currency, as the ledger counts them (currencies.minor_unit); only what the gateways here carry. */
const MINOR_UNIT: Record<string, number> = { IDR: 0 };

export class AmountError extends Error {
  override name = 'AmountError';
}

/** Reads a gateway amount (number or decimal string) as integer minor units; throws AmountError on anything else. */
export function toMinorUnits(value: unknown, currency: string): number {
  const minor = MINOR_UNIT[currency];
  if (minor === undefined) throw new AmountError(`currency ${currency} is not carried by the gateways`);
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value : '';
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new AmountError(`amount ${JSON.stringify(value)} is not a non-negative decimal`);
  const [, whole, fraction = ''] = match;
  if (fraction.slice(minor).replace(/0/g, '') !== '') throw new AmountError(`amount ${text} has a fraction below the ${currency} minor unit`);
  const units = Number(whole + fraction.slice(0, minor).padEnd(minor, '0'));
  if (!Number.isSafeInteger(units)) throw new AmountError(`amount ${text} is too large`);
  return units;
}

/** Midtrans writes gross_amount with two decimals even for IDR, and signs that exact text. */
export const midtransGrossAmount = (amount: number) => `${amount}.00`;
