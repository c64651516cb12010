import { describe, expect, it } from 'vitest';
import { displayZone, wallClock, zoneLabel } from './zone.ts';

describe('display zones', () => {
  it("names Indonesia's zones and writes others as UTC offsets", () => {
    expect([7, 8, 9].map(zoneLabel)).toEqual(['WIB', 'WITA', 'WIT']);
    expect(zoneLabel(5.5)).toBe('UTC+5:30');
    expect(zoneLabel(-3)).toBe('UTC−3');
    expect(displayZone(undefined)).toEqual({ offsetHours: 7, label: 'WIB' });
  });

  it('turns an instant into the wall-clock time of Denpasar', () => {
    const instant = Date.UTC(2026, 10, 25, 1, 30);
    expect(wallClock(instant, displayZone(8)).toISOString()).toBe('2026-11-25T09:30:00.000Z');
  });
});
