import { describe, expect, it } from 'vitest';
import { chatLink, cleanPhone } from './phone.ts';

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
