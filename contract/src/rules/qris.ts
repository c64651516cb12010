/**
 * QRIS: Bank Indonesia's national profile of the EMVCo QR Code Specification for Payment Systems, Merchant-Presented
 * Mode (EMV QRCPS-MPM). A payload is a flat run of TLV data objects — 2-digit id, 2-digit length, value — closed by
 * tag 63, a CRC-16 over everything before it, its own "6304" included. Pure functions: this runs in the browser too.
 *
 * Lengths count characters, the CRC runs over the UTF-8 bytes: the EMVCo specification's own example carries Chinese
 * text in tag 64 and only checks out that way (see qris.test.ts).
 */

export class QrisFormatError extends Error {
  override name = 'QrisFormatError';
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 uppercase hex digits. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Merchant criteria of the QRIS national template: micro, small, medium, large business. */
export const QRIS_CRITERIA = ['UMI', 'UKE', 'UME', 'UBE'] as const;
export type QrisCriteria = (typeof QRIS_CRITERIA)[number];

/** Globally unique identifier of the national merchant template (tag 51) that carries the NMID. */
export const QRIS_NATIONAL_DOMAIN = 'ID.CO.QRIS.WWW';

export interface DynamicQrisInput {
  /** National Merchant ID issued through the acquirer: "ID" and 10–13 digits. */
  nmid: string;
  criteria?: QrisCriteria;
  /** Acquirer's reverse domain for the tag-26 template, e.g. 'COM.GO-JEK.WWW', 'CO.XENDIT.WWW', 'ID.CO.QRIS.WWW'. */
  acquirerDomain?: string;
  /** Merchant PAN of the acquirer template: the acquirer's 8-digit NNS and the merchant number, 16–19 digits. */
  merchantPan?: string;
  /** Merchant id at the acquirer (tag 26 sub 02), up to 15 characters. */
  merchantId?: string;
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  /** ISO 18245 merchant category code, 4 digits. */
  mcc: string;
  /** Whole rupiah (IDR minor unit 0). */
  amount: number;
  /** Tag 62 sub 01. */
  billNumber?: string;
  /** Tag 62 sub 05: the reference the acquirer echoes back in its payment notification. */
  reference?: string;
  /** Tag 62 sub 07. */
  terminalLabel?: string;
}

const PRINTABLE = /^[\x20-\x7e]+$/;

function need(ok: boolean, message: string): void {
  if (!ok) throw new QrisFormatError(message);
}

function text(value: string | undefined, field: string, max: number, pattern = PRINTABLE): string | undefined {
  if (value === undefined) return undefined;
  need(value.length >= 1 && value.length <= max, `${field} must be 1–${max} characters`);
  need(pattern.test(value), `${field} has characters a QR payload cannot carry`);
  return value;
}

function tlv(id: string, value: string): string {
  const length = [...value].length;
  need(length <= 99, `tag ${id} is longer than 99 characters`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

const template = (fields: [string, string | undefined][]) =>
  fields
    .filter((field): field is [string, string] => field[1] !== undefined)
    .map(([id, value]) => tlv(id, value))
    .join('');

/** A dynamic (point of initiation 12), single-amount QRIS payload. Throws QrisFormatError on input it cannot encode. */
export function buildDynamicQris(input: DynamicQrisInput): string {
  const criteria = input.criteria ?? 'UMI';
  need(QRIS_CRITERIA.includes(criteria), `criteria must be one of ${QRIS_CRITERIA.join(', ')}`);
  need(/^ID\d{10,13}$/.test(input.nmid), 'nmid must be "ID" followed by 10–13 digits');
  need(/^\d{4}$/.test(input.mcc), 'mcc must be 4 digits');
  need(Number.isSafeInteger(input.amount) && input.amount > 0, 'amount must be a positive whole number of rupiah');
  need(String(input.amount).length <= 13, 'amount must be at most 13 digits');
  const name = text(input.merchantName, 'merchantName', 25)!;
  const city = text(input.merchantCity, 'merchantCity', 15)!;
  const postal = text(input.postalCode, 'postalCode', 10, /^[0-9A-Za-z]+$/);

  let acquirer = '';
  if (input.acquirerDomain !== undefined) {
    text(input.acquirerDomain, 'acquirerDomain', 32, /^[A-Z0-9.-]+$/);
    need(input.merchantPan !== undefined, 'merchantPan is required with an acquirer template');
    need(/^\d{16,19}$/.test(input.merchantPan!), 'merchantPan must be 16–19 digits');
    const merchantId = text(input.merchantId, 'merchantId', 15, /^[0-9A-Za-z]+$/);
    acquirer = tlv(
      '26',
      template([
        ['00', input.acquirerDomain],
        ['01', input.merchantPan],
        ['02', merchantId],
        ['03', criteria],
      ]),
    );
  }

  const additional = template([
    ['01', text(input.billNumber, 'billNumber', 25)],
    ['05', text(input.reference, 'reference', 25)],
    ['07', text(input.terminalLabel, 'terminalLabel', 25)],
  ]);

  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    acquirer +
    tlv(
      '51',
      template([
        ['00', QRIS_NATIONAL_DOMAIN],
        ['02', input.nmid],
        ['03', criteria],
      ]),
    ) +
    tlv('52', input.mcc) +
    tlv('53', '360') +
    tlv('54', String(input.amount)) +
    tlv('58', 'ID') +
    tlv('59', name) +
    tlv('60', city) +
    (postal === undefined ? '' : tlv('61', postal)) +
    (additional === '' ? '' : tlv('62', additional)) +
    '6304';
  need([...body].length + 4 <= 512, 'the payload would exceed 512 characters');
  return body + crc16ccitt(body);
}

/**
 * Fits free text (a brand, a city) into a QRIS text field the way an acquirer registers it: accents dropped, anything
 * outside printable ASCII taken out, spaces collapsed, cut to `max`. Empty when nothing printable is left.
 */
export function toQrisText(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

export interface QrisTlv {
  id: string;
  value: string;
  /** Sub-objects of a template: merchant account information (26–51), additional data (62), language (64), 80–99. */
  children?: QrisTlv[];
}

export interface QrisMerchantAccount {
  tag: string;
  globalId?: string;
  pan?: string;
  merchantId?: string;
  criteria?: string;
}

export interface ParsedQris {
  tags: QrisTlv[];
  pointOfInitiation: 'static' | 'dynamic';
  /** Tag 54 exactly as written (a decimal string); never turned into a float. */
  amount?: string;
  /** Tag 54 as whole rupiah, when the currency is IDR and the amount has no fraction. */
  amountRupiah?: number;
  /** ISO 4217 numeric code (tag 53), "360" for IDR. */
  currency?: string;
  countryCode?: string;
  mcc?: string;
  merchantName?: string;
  merchantCity?: string;
  postalCode?: string;
  nmid?: string;
  merchantAccounts: QrisMerchantAccount[];
  billNumber?: string;
  /** Tag 62 sub 05 (reference label). */
  reference?: string;
  terminalLabel?: string;
  crc: string;
  crcValid: boolean;
}

const isTemplate = (id: number) => (id >= 26 && id <= 51) || id === 62 || id === 64 || id >= 80;

function readTlvs(chars: string[], where: string): QrisTlv[] {
  const out: QrisTlv[] = [];
  let at = 0;
  while (at < chars.length) {
    need(at + 4 <= chars.length, `${where}: a data object is cut short at character ${at}`);
    const id = chars.slice(at, at + 2).join('');
    const len = chars.slice(at + 2, at + 4).join('');
    need(/^\d\d$/.test(id) && /^\d\d$/.test(len), `${where}: "${id}${len}" at character ${at} is not an id and a length`);
    const length = Number(len);
    need(length > 0, `${where}: tag ${id} is empty`);
    need(at + 4 + length <= chars.length, `${where}: tag ${id} runs past the end`);
    need(!out.some((tag) => tag.id === id), `${where}: tag ${id} appears twice`);
    out.push({ id, value: chars.slice(at + 4, at + 4 + length).join('') });
    at += 4 + length;
  }
  return out;
}

/** Parses and checks a QRIS / EMVCo MPM payload. Throws QrisFormatError on a malformed string; a wrong CRC is reported. */
export function parseQris(payload: string): ParsedQris {
  need(typeof payload === 'string' && payload.length > 0, 'the payload is empty');
  const chars = [...payload];
  need(chars.length <= 512, 'the payload is longer than 512 characters');
  const tags = readTlvs(chars, 'payload');
  need(tags[0]?.id === '00' && tags[0].value === '01', 'the payload must open with payload format indicator 00 = "01"');
  const last = tags[tags.length - 1];
  need(last.id === '63' && /^[0-9A-Fa-f]{4}$/.test(last.value), 'the payload must close with a 4-hex-digit CRC in tag 63');
  for (const tag of tags) if (isTemplate(Number(tag.id))) tag.children = readTlvs([...tag.value], `tag ${tag.id}`);

  const top = (id: string) => tags.find((tag) => tag.id === id);
  const sub = (id: string, subId: string) => top(id)?.children?.find((tag) => tag.id === subId)?.value;
  const initiation = top('01')?.value;
  need(initiation === '11' || initiation === '12', 'point of initiation (tag 01) must be "11" or "12"');
  const amount = top('54')?.value;
  need(amount === undefined || /^(\d+(\.\d*)?|\.\d+)$/.test(amount), 'amount (tag 54) is not a decimal number');
  const currency = top('53')?.value;

  const merchantAccounts = tags
    .filter((tag) => Number(tag.id) >= 26 && Number(tag.id) <= 51)
    .map((tag) => {
      const field = (subId: string) => tag.children?.find((child) => child.id === subId)?.value;
      return { tag: tag.id, globalId: field('00'), pan: field('01'), merchantId: field('02'), criteria: field('03') };
    });
  const national = merchantAccounts.find((account) => account.globalId === QRIS_NATIONAL_DOMAIN);

  return {
    tags,
    pointOfInitiation: initiation === '12' ? 'dynamic' : 'static',
    amount,
    amountRupiah: currency === '360' && amount !== undefined && /^\d+(\.0*)?$/.test(amount) ? Number(amount.split('.')[0]) : undefined,
    currency,
    countryCode: top('58')?.value,
    mcc: top('52')?.value,
    merchantName: top('59')?.value,
    merchantCity: top('60')?.value,
    postalCode: top('61')?.value,
    nmid: national?.merchantId,
    merchantAccounts,
    billNumber: sub('62', '01'),
    reference: sub('62', '05'),
    terminalLabel: sub('62', '07'),
    crc: last.value,
    crcValid: crc16ccitt(chars.slice(0, chars.length - 4).join('')) === last.value.toUpperCase(),
  };
}
