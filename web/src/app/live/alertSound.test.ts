import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_SOUND_DEBOUNCE_MS } from '@kayuh/contract/constants';
import { AlertDebounce } from './alertSound';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('the alert sound (spec §8)', () => {
  it('plays at most once per 1.5 s, however many pushes arrive', () => {
    const gate = new AlertDebounce();
    expect(ALERT_SOUND_DEBOUNCE_MS).toBe(1500);
    expect(gate.allow()).toBe(true);
    vi.advanceTimersByTime(400);
    expect(gate.allow()).toBe(false);
    vi.advanceTimersByTime(1099);
    expect(gate.allow()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(gate.allow()).toBe(true);
    // A quiet spell is measured from the last sound that played, not from the pushes it swallowed.
    vi.advanceTimersByTime(1000);
    expect(gate.allow()).toBe(false);
    vi.advanceTimersByTime(500);
    expect(gate.allow()).toBe(true);
  });
});
