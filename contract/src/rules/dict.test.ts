import { describe, expect, it } from 'vitest';
import { dictLabel } from './dict.ts';

const options = [
  { value: '0', label: 'Disabled' },
  { value: '1', label: 'Enabled' },
  { value: 'x', label: '' },
];

describe('dictLabel', () => {
  it.each([[null], [undefined], ['']])('shows -- for the empty value %s', (value) => {
    expect(dictLabel(options, value)).toBe('--');
  });

  it('gives the label of a found value, comparing numbers as text', () => {
    expect(dictLabel(options, '1')).toBe('Enabled');
    expect(dictLabel(options, 1)).toBe('Enabled');
    expect(dictLabel(options, 0)).toBe('Disabled');
    expect(dictLabel(options, 'x')).toBe('');
  });

  it('shows the raw value when it is not in the dictionary', () => {
    expect(dictLabel(options, '9')).toBe('9');
    expect(dictLabel(options, 9)).toBe('9');
    expect(dictLabel([], false)).toBe('false');
  });
});
