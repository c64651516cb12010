import { describe, expect, it } from 'vitest';
import { formatDuration, formatMoney, formatThousands, formatTimestamp } from './format.ts';

// 2023-11-14T22:13:20Z
const MS = 1_700_000_000_000;

describe('formatTimestamp', () => {
  it.each([
    [null],
    [undefined],
    [0],
    ['0'],
    [''],
    ['   '],
    ['not a date'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [new Date('x')],
    [new Date(0)],
    [9e15],
  ])('shows -- for empty, zero or invalid %s', (value) => expect(formatTimestamp(value)).toBe('--'));

  it('renders local time without an offset', () => {
    const local = new Date(2024, 0, 2, 3, 4, 5);
    expect(formatTimestamp(local.getTime())).toBe('2024-01-02 03:04:05');
    expect(formatTimestamp(local)).toBe('2024-01-02 03:04:05');
  });

  it('renders a city fixed offset in hours', () => {
    expect(formatTimestamp(MS, { utcOffsetHours: 0 })).toBe('2023-11-14 22:13:20');
    expect(formatTimestamp(MS, { utcOffsetHours: 7 })).toBe('2023-11-15 05:13:20');
    expect(formatTimestamp(MS, { utcOffsetHours: 8 })).toBe('2023-11-15 06:13:20');
    expect(formatTimestamp(MS, { utcOffsetHours: -5 })).toBe('2023-11-14 17:13:20');
    expect(formatTimestamp(MS, { utcOffsetHours: 5.5 })).toBe('2023-11-15 03:43:20');
  });

  it('treats numbers below 1e12 as epoch seconds', () => {
    expect(formatTimestamp(1_700_000_000, { utcOffsetHours: 7 })).toBe('2023-11-15 05:13:20');
    expect(formatTimestamp(999_999_999_999, { utcOffsetHours: 0 })).toBe('33658-09-27 01:46:39');
    expect(formatTimestamp(1e12, { utcOffsetHours: 0 })).toBe('2001-09-09 01:46:40');
  });

  it('reads numeric strings as epochs and other strings as dates', () => {
    expect(formatTimestamp(String(MS), { utcOffsetHours: 7 })).toBe('2023-11-15 05:13:20');
    expect(formatTimestamp('1700000000', { utcOffsetHours: 7 })).toBe('2023-11-15 05:13:20');
    expect(formatTimestamp('2023-11-14T22:13:20Z', { utcOffsetHours: 7 })).toBe('2023-11-15 05:13:20');
    expect(formatTimestamp('2023-11-14T22:13:20+07:00', { utcOffsetHours: 7 })).toBe('2023-11-14 22:13:20');
  });

  it('formats Date objects in an offset and zero-pads every field', () => {
    expect(formatTimestamp(new Date(Date.UTC(2024, 0, 1, 1, 2, 3)), { utcOffsetHours: 0 })).toBe('2024-01-01 01:02:03');
    expect(formatTimestamp(Date.UTC(2024, 11, 31, 23, 0, 0), { utcOffsetHours: 1 })).toBe('2025-01-01 00:00:00');
  });
});

describe('formatDuration', () => {
  it.each([[null], [undefined], [''], [' '], [0], ['0'], ['0.0'], ['abc'], [Number.NaN], [Number.POSITIVE_INFINITY], [-5], ['-1']])(
    'shows -- for empty, zero, negative or non-numeric %s',
    (value) => expect(formatDuration(value)).toBe('--'),
  );

  it('renders H:mm:ss with days folded into hours', () => {
    expect(formatDuration(59)).toBe('0:00:59');
    expect(formatDuration(60)).toBe('0:01:00');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3661)).toBe('1:01:01');
    expect(formatDuration(86_400)).toBe('24:00:00');
    expect(formatDuration(90_061)).toBe('25:01:01');
    expect(formatDuration(10 * 86_400 + 5)).toBe('240:00:05');
  });

  it('accepts numeric strings and drops fractions of a second', () => {
    expect(formatDuration('90061')).toBe('25:01:01');
    expect(formatDuration(61.9)).toBe('0:01:01');
    expect(formatDuration(0.4)).toBe('0:00:00');
  });
});

describe('formatThousands', () => {
  it('groups the integer part and keeps decimals as given', () => {
    expect(formatThousands(1_234_567.5)).toBe('1,234,567.5');
    expect(formatThousands('2500')).toBe('2,500');
    expect(formatThousands('2500.50')).toBe('2,500.50');
    expect(formatThousands(-1200)).toBe('-1,200');
    expect(formatThousands('-1234.5678')).toBe('-1,234.5678');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1,000');
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(0.25)).toBe('0.25');
    expect(formatThousands(' 1000 ')).toBe('1,000');
    expect(formatThousands('+1000')).toBe('1,000');
    expect(formatThousands('.5')).toBe('0.5');
  });

  it('uses a custom separator', () => {
    expect(formatThousands(1_234_567, '.')).toBe('1.234.567');
    expect(formatThousands(1_234_567, ' ')).toBe('1 234 567');
  });

  it('writes exponent notation out in full', () => {
    expect(formatThousands(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatThousands('1e6')).toBe('1,000,000');
    expect(formatThousands(1e-7)).toBe('0.0000001');
    expect(formatThousands(12_345_678_901_234_567_890n)).toBe('12,345,678,901,234,567,890');
  });

  it.each([[Number.NaN], [null], [undefined], [''], ['abc'], ['12abc'], ['1,234'], [{}], [[]], [true], [Number.POSITIVE_INFINITY], ['0x10']])(
    'gives 0 for the non-number %s',
    (value) => expect(formatThousands(value)).toBe('0'),
  );
});

describe('formatMoney', () => {
  it("reads as the currency's symbol and the grouped amount (DOMAIN §0.3, spec §5)", () => {
    expect(formatMoney(50_000, 'IDR')).toBe('Rp 50,000');
    expect(formatMoney('2000000', 'IDR')).toBe('Rp 2,000,000');
    expect(formatMoney(0, 'IDR')).toBe('Rp 0');
    // A member's debt is a negative wallet balance.
    expect(formatMoney(-6_000, 'IDR')).toBe('Rp -6,000');
  });

  it('shows the decimals of a currency kept in cents, exactly', () => {
    expect(formatMoney(1_234_567, 'MYR')).toBe('RM 12,345.67');
    expect(formatMoney(5, 'MYR')).toBe('RM 0.05');
    expect(formatMoney(-150, 'MYR')).toBe('RM -1.50');
  });

  it('names a currency it does not know by its code, and shows the bare amount without one', () => {
    expect(formatMoney(1000, 'SGD')).toBe('SGD 1,000');
    expect(formatMoney(1000, 'idr')).toBe('Rp 1,000');
    expect(formatMoney(1000)).toBe('1,000');
    expect(formatMoney(1000, null)).toBe('1,000');
    expect(formatMoney('x', 'IDR')).toBe('Rp 0');
  });
});
