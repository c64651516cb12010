/**
 * Identity documents a member submits for KYC (DOMAIN §2.3 kyc_reviews.id_type): the number's shape per document, the
 * masked form staff see (3201********0003), and what a KTP's NIK tells about its holder.
 */
export const IdType = { ktp: 1, passport: 2, kitas: 3, sim: 4 } as const;
export type IdTypeValue = (typeof IdType)[keyof typeof IdType];

/** Indonesia issues a KTP from 17: a younger member is the reviewer's "underage" reason. */
export const KYC_MIN_AGE = 17;

/** Spaces, dots and dashes people type between groups of digits go; letters are upper-cased. */
export const normalizeIdNumber = (value: string) => value.replace(/[\s.\-]/g, '').toUpperCase();

const SHAPES: Record<IdTypeValue, RegExp> = {
  // NIK: province, regency, district (2+2+2), birth day (+40 for women), month, year (2+2+2), serial (4).
  [IdType.ktp]: /^[1-9][0-9]{15}$/,
  // Indonesian passports are a letter and seven digits; foreign ones vary within 6–9 letters and digits.
  [IdType.passport]: /^[A-Z0-9]{6,9}$/,
  [IdType.kitas]: /^[A-Z0-9]{8,20}$/,
  // A driving licence (SIM) number: 12 digits, 14 on the newer cards.
  [IdType.sim]: /^[0-9]{12,14}$/,
};

export interface NikFacts {
  /** yyyy-mm-dd. */
  birthDate: string;
  female: boolean;
}

/**
 * The holder's birth date and sex a NIK encodes (digits 7–12: DD+40 for women, MM, YY), or undefined when those digits
 * name no real date or the serial is 0000. A two-digit year is this century's unless that lies in the future.
 */
export function nikFacts(nik: string, today = new Date()): NikFacts | undefined {
  if (!SHAPES[IdType.ktp].test(nik) || nik.endsWith('0000')) return undefined;
  let day = Number(nik.slice(6, 8));
  const female = day > 40;
  if (female) day -= 40;
  const month = Number(nik.slice(8, 10));
  const yy = Number(nik.slice(10, 12));
  const century = 2000 + yy > today.getUTCFullYear() ? 1900 : 2000;
  const date = new Date(Date.UTC(century + yy, month - 1, day));
  if (month < 1 || month > 12 || day < 1 || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return undefined;
  return { birthDate: date.toISOString().slice(0, 10), female };
}

/** Whether a normalized number fits its document (a NIK must also name a real birth date). */
export function isValidIdNumber(idType: number, value: string): boolean {
  const shape = SHAPES[idType as IdTypeValue];
  if (!shape?.test(value)) return false;
  return idType !== IdType.ktp || nikFacts(value) !== undefined;
}

/** Whole years from a yyyy-mm-dd birth date to `today`. */
export function ageOn(birthDate: string, today = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (before ? 1 : 0);
}

/**
 * What staff see of an identity number: the first and last four characters of a long one (a NIK as 3201********0003),
 * the first and last two of a shorter one; nothing of a number too short to hide anything in.
 */
export function maskIdNumber(value: string): string {
  if (value.length >= 12) return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
  if (value.length >= 6) return `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
  return '*'.repeat(value.length);
}
