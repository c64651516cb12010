/** Chat-app links of spec §5/§7. */

/** wa.me wants the bare international number: anything but digits breaks the link. */
export function cleanPhone(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\D+/g, '');
}

export function chatLink(phone: string, text: string): string {
  return `https://wa.me/${cleanPhone(phone)}?text=${encodeURIComponent(text)}`;
}

/**
 * A phone number as typed (spaces, dashes, brackets; `+62…`, `0062…`, `62…`, national `0812…` or `812…`) in E.164
 * (`+628123456789`), or null when it cannot be one. National numbers take the country's calling code (`+62`); a
 * trunk 0 written after it (`+62 0812…`, common in Indonesia) is dropped.
 */
export function toE164(raw: string, callingCode: string): string | null {
  const text = raw.trim();
  if (!/^\+?[0-9\s().\-\u00a0]+$/.test(text)) return null;
  const country = cleanPhone(callingCode);
  const digits = cleanPhone(text);
  let international: string;
  if (text.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.startsWith('0')) international = country + digits.slice(1);
  else if (country && digits.startsWith(country)) international = digits;
  else international = country + digits;
  if (country && international.startsWith(`${country}0`)) international = country + international.slice(country.length + 1);
  return /^[1-9][0-9]{7,14}$/.test(international) ? `+${international}` : null;
}
