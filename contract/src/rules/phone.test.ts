import { describe, expect, it } from 'vitest';
import { chatLink, cleanPhone, toE164 } from './phone.ts';

describe('cleanPhone', () => {
  it('strips punctuation, spaces and symbols', () => {
    expect(cleanPhone('+62 812-3456 (789)')).toBe('628123456789');
    expect(cleanPhone('0812.3456/789#')).toBe('08123456789');
    expect(cleanPhone('\t62\u00a0812 ')).toBe('62812');
  });

  it('keeps a clean number and empties empty input', () => {
    expect(cleanPhone('628123456789')).toBe('628123456789');
    expect(cleanPhone('')).toBe('');
    expect(cleanPhone(null)).toBe('');
    expect(cleanPhone(undefined)).toBe('');
    expect(cleanPhone('abc')).toBe('');
  });
});

describe('chatLink', () => {
  it('opens wa.me with the cleaned number and the encoded text', () => {
    expect(chatLink('+62 812-3456 (789)', 'Halo, sepeda #12 & baterai?')).toBe(
      'https://wa.me/628123456789?text=Halo%2C%20sepeda%20%2312%20%26%20baterai%3F',
    );
  });

  it('encodes non-ASCII text and allows empty text', () => {
    expect(chatLink('6281', '你好')).toBe('https://wa.me/6281?text=%E4%BD%A0%E5%A5%BD');
    expect(chatLink('6281', '')).toBe('https://wa.me/6281?text=');
  });
});

describe('toE164', () => {
  it('reads the ways an Indonesian number is written', () => {
    for (const written of [
      '+62 812-3456-7890',
      '+6281234567890',
      '006281234567890',
      '6281234567890',
      '081234567890',
      '81234567890',
      '+62 0812 3456 7890',
      '(0812) 3456.7890',
    ])
      expect(toE164(written, '+62'), written).toBe('+6281234567890');
  });

  it('keeps another country written in full', () => {
    expect(toE164('+65 9123 4567', '+62')).toBe('+6591234567');
    expect(toE164('0065 9123 4567', '+62')).toBe('+6591234567');
  });

  it('refuses what cannot be a number', () => {
    for (const written of ['', '   ', 'abc', '0812-CALL-ME', '+62+812345678', '12345', '+0812345678', '+6281234567890123', '0'])
      expect(toE164(written, '+62'), written).toBeNull();
  });
});
