import { describe, expect, it } from 'vitest';
import { buildDynamicQris, crc16ccitt, parseQris, QrisFormatError, toQrisText, type DynamicQrisInput } from './qris.ts';

/**
 * The worked example of the EMVCo QR Code Specification for Payment Systems, Merchant-Presented Mode, v1.1
 * (Appendix, "Example of a QR code payload"): a dynamic code with two merchant account templates, an amount in CNY,
 * additional data and a Chinese-language template. The CRC the specification prints for it is A13A.
 */
const EMVCO_SPEC_EXAMPLE =
  '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT' +
  '6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A011223344998877' +
  '0708123456786304A13A';

const input: DynamicQrisInput = {
  nmid: 'ID1020021181745',
  acquirerDomain: 'COM.GO-JEK.WWW',
  merchantPan: '936009140000000016',
  merchantId: 'G141532850',
  criteria: 'UMI',
  merchantName: 'KAYUH BIKE SHARE',
  merchantCity: 'JAKARTA',
  postalCode: '10310',
  mcc: '4121',
  amount: 50000,
  reference: 'PY26010100000001',
  terminalLabel: 'A01',
};

describe('crc16ccitt', () => {
  it('is CRC-16/CCITT-FALSE: the catalogue check value of "123456789" is 29B1', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it('reproduces the CRC printed in the EMVCo specification, over the UTF-8 bytes', () => {
    expect(crc16ccitt(EMVCO_SPEC_EXAMPLE.slice(0, -4))).toBe('A13A');
  });

  it('pads to four uppercase hex digits', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    expect(crc16ccitt('6304')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('parseQris', () => {
  it('reads the EMVCo specification example, counting lengths in characters', () => {
    const qr = parseQris(EMVCO_SPEC_EXAMPLE);
    expect(qr.crcValid).toBe(true);
    expect(qr.pointOfInitiation).toBe('dynamic');
    expect(qr).toMatchObject({ amount: '23.72', currency: '156', countryCode: 'CN', mcc: '4111' });
    expect(qr.amountRupiah).toBeUndefined();
    expect(qr).toMatchObject({ merchantName: 'BEST TRANSPORT', merchantCity: 'BEIJING', terminalLabel: 'A6008667' });
    expect(qr.nmid).toBeUndefined();
    expect(qr.merchantAccounts).toEqual([
      { tag: '29', globalId: 'D15600000000', pan: undefined, merchantId: undefined, criteria: undefined },
      { tag: '31', globalId: 'D15600000001', pan: undefined, merchantId: undefined, criteria: '12345678' },
    ]);
    const language = qr.tags.find((tag) => tag.id === '64')!;
    expect(language.children).toEqual([
      { id: '00', value: 'ZH' },
      { id: '01', value: '最佳运输' },
      { id: '02', value: '北京' },
    ]);
    expect(qr.tags.map((tag) => tag.id)).toEqual(['00', '01', '29', '31', '52', '58', '59', '60', '64', '54', '53', '55', '62', '91', '63']);
  });

  it('reports a tampered payload or CRC as invalid without throwing', () => {
    expect(parseQris(EMVCO_SPEC_EXAMPLE.replace('540523.72', '540523.73')).crcValid).toBe(false);
    expect(parseQris(EMVCO_SPEC_EXAMPLE.slice(0, -4) + 'A13B').crcValid).toBe(false);
    expect(parseQris(EMVCO_SPEC_EXAMPLE.slice(0, -4) + 'a13a').crcValid).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['cut inside a length', '000201010212630'],
    ['a length running past the end', '0002010102125405500006304ABCD'.replace('5405', '5409')],
    ['a non-digit length', '00020101AB'],
    ['no opening payload format indicator', '01021200020163041234'],
    ['no closing CRC', '000201010212540450005802ID'],
    ['a CRC that is not last', '00020101021263041234540450005802ID'],
    ['a CRC that is not hex', '0002010102126304WXYZ'],
    ['a tag written twice', '00020101021254045000540450006304ABCD'],
    ['an empty tag', '0002010102125400630412AB'],
    ['an unknown point of initiation', '0002010102136304ABCD'],
    ['an amount that is not a number', '00020101021254031,56304ABCD'],
    ['a template whose content is not TLV', '0002010102122603ABC6304ABCD'],
  ])('refuses %s', (_case, payload) => {
    expect(() => parseQris(payload)).toThrow(QrisFormatError);
  });
});

describe('buildDynamicQris', () => {
  it('writes the QRIS layout: dynamic, acquirer template, national NMID template, IDR, Indonesia, CRC', () => {
    const payload = buildDynamicQris(input);
    expect(payload.startsWith('000201' + '010212')).toBe(true);
    expect(payload).toContain('26610014COM.GO-JEK.WWW01189360091400000000160210G1415328500303UMI');
    expect(payload).toContain('51440014ID.CO.QRIS.WWW0215ID10200211817450303UMI');
    expect(payload).toContain('52044121' + '5303360' + '540550000' + '5802ID' + '5916KAYUH BIKE SHARE' + '6007JAKARTA' + '610510310');
    expect(payload).toContain('62270516PY260101000000010703A01');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16ccitt(payload.slice(0, -4)));
  });

  it('round-trips through parseQris', () => {
    const qr = parseQris(buildDynamicQris(input));
    expect(qr).toMatchObject({
      crcValid: true,
      pointOfInitiation: 'dynamic',
      amount: '50000',
      amountRupiah: 50000,
      currency: '360',
      countryCode: 'ID',
      mcc: '4121',
      nmid: 'ID1020021181745',
      merchantName: 'KAYUH BIKE SHARE',
      merchantCity: 'JAKARTA',
      postalCode: '10310',
      reference: 'PY26010100000001',
      terminalLabel: 'A01',
    });
    expect(qr.merchantAccounts[0]).toEqual({
      tag: '26',
      globalId: 'COM.GO-JEK.WWW',
      pan: '936009140000000016',
      merchantId: 'G141532850',
      criteria: 'UMI',
    });
  });

  it('leaves out the optional templates it was not given', () => {
    const payload = buildDynamicQris({ nmid: 'ID1020021181745', merchantName: 'KAYUH', merchantCity: 'BANDUNG', mcc: '4121', amount: 1 });
    const qr = parseQris(payload);
    expect(qr.tags.map((tag) => tag.id)).toEqual(['00', '01', '51', '52', '53', '54', '58', '59', '60', '63']);
    expect(qr.crcValid).toBe(true);
  });

  it.each<[string, Partial<DynamicQrisInput>, RegExp]>([
    ['a merchant name over 25 characters', { merchantName: 'K'.repeat(26) }, /merchantName/],
    ['a city over 15 characters', { merchantCity: 'KOTA JAKARTA UTARA' }, /merchantCity/],
    ['a name outside printable ASCII', { merchantName: 'KAYUH ☕' }, /merchantName/],
    ['a malformed NMID', { nmid: 'ID12AB' }, /nmid/],
    ['a fraction of a rupiah', { amount: 1000.5 }, /amount/],
    ['a zero amount', { amount: 0 }, /amount/],
    ['an amount over 13 digits', { amount: 10 ** 13 }, /amount/],
    ['an MCC that is not 4 digits', { mcc: '41A1' }, /mcc/],
    ['a PAN with letters', { merchantPan: '93600914000000001X' }, /merchantPan/],
    ['an acquirer without a PAN', { merchantPan: undefined }, /merchantPan/],
    ['a lower-case acquirer domain', { acquirerDomain: 'com.go-jek.www' }, /acquirerDomain/],
    ['an unknown criteria', { criteria: 'XYZ' as never }, /criteria/],
    ['a reference over 25 characters', { reference: 'R'.repeat(26) }, /reference/],
    ['a postal code with punctuation', { postalCode: '10-310' }, /postalCode/],
  ])('refuses %s', (_case, change, message) => {
    expect(() => buildDynamicQris({ ...input, ...change })).toThrow(message);
  });
});

describe('toQrisText', () => {
  it('fits names into what tags 59 and 60 may carry', () => {
    expect(toQrisText('Sepeda Café  Kopi', 25)).toBe('Sepeda Cafe Kopi');
    expect(toQrisText('Kayuh 骑行 Bandung', 25)).toBe('Kayuh Bandung');
    expect(toQrisText('Kota Administrasi Jakarta Utara', 15)).toBe('Kota Administra');
    expect(toQrisText('骑行', 25)).toBe('');
    expect(() => buildDynamicQris({ ...input, merchantName: toQrisText('Kédai ☕ Kayuh', 25) })).not.toThrow();
  });
});
