import { describe, expect, it } from 'vitest';
import { translate } from './translate.ts';

const catalogue = {
  'common.ok': 'OK',
  'common.hello': 'Halo, {name}!',
  'common.count': '{count} dari {total} ({count})',
  'common.blank': '',
};

describe('translate', () => {
  it('returns the text of a known key', () => {
    expect(translate(catalogue, 'common.ok')).toBe('OK');
  });

  it('returns the key itself when the key is missing or its text is empty', () => {
    expect(translate(catalogue, 'common.missing')).toBe('common.missing');
    expect(translate(catalogue, 'common.blank')).toBe('common.blank');
    expect(translate(undefined, 'common.ok')).toBe('common.ok');
    expect(translate({}, '')).toBe('');
  });

  it('does not resolve Object.prototype members', () => {
    expect(translate(catalogue, 'toString')).toBe('toString');
    expect(translate(catalogue, 'constructor')).toBe('constructor');
  });

  it('replaces every {name} placeholder from params', () => {
    expect(translate(catalogue, 'common.hello', { name: 'Ayu' })).toBe('Halo, Ayu!');
    expect(translate(catalogue, 'common.count', { count: 3, total: 10 })).toBe('3 dari 10 (3)');
    expect(translate(catalogue, 'common.count', { count: 0, total: 0 })).toBe('0 dari 0 (0)');
  });

  it('leaves placeholders without a param as written', () => {
    expect(translate(catalogue, 'common.hello')).toBe('Halo, {name}!');
    expect(translate(catalogue, 'common.hello', { other: 'x' })).toBe('Halo, {name}!');
    expect(translate(catalogue, 'common.hello', { toString: 'x' } as Record<string, string>)).toBe('Halo, {name}!');
  });
});
