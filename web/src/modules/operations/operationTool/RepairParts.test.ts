import { describe, expect, it } from 'vitest';
import { partsIncomplete, partsPayload } from './RepairParts';

describe("a repair's part lines on the phone", () => {
  it('send the picked lines with their depot, and nothing when none is picked', () => {
    expect(partsPayload({ depotId: 7, lines: [] })).toEqual({});
    expect(
      partsPayload({
        depotId: 7,
        lines: [
          { partId: 3, qty: 2 },
          { partId: 5, qty: 1 },
        ],
      }),
    ).toEqual({
      depotId: 7,
      parts: [
        { partId: 3, qty: 2 },
        { partId: 5, qty: 1 },
      ],
    });
  });

  it('are incomplete while a line has no part or the lines have no depot', () => {
    expect(partsIncomplete({ depotId: null, lines: [] })).toBe(false);
    expect(partsIncomplete({ depotId: 7, lines: [{ partId: null, qty: 1 }] })).toBe(true);
    expect(partsIncomplete({ depotId: null, lines: [{ partId: 3, qty: 1 }] })).toBe(true);
    expect(partsIncomplete({ depotId: 7, lines: [{ partId: 3, qty: 1 }] })).toBe(false);
  });
});
