/** Chat-app links of spec §5/§7. */

/** wa.me wants the bare international number: anything but digits breaks the link. */
export function cleanPhone(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\D+/g, '');
}

export function chatLink(phone: string, text: string): string {
  return `https://wa.me/${cleanPhone(phone)}?text=${encodeURIComponent(text)}`;
}
