import { describe, expect, it } from 'vitest';
import { negotiateHeartBeats } from './heartBeat.ts';

describe('negotiateHeartBeats', () => {
  it("answers the console's 30000,30000 with 30000,30000 both ways", () => {
    expect(negotiateHeartBeats('30000,30000', 30_000)).toEqual({ answer: '30000,30000', sendEveryMs: 30_000, expectEveryMs: 30_000 });
  });

  it('runs each direction at the slower side', () => {
    expect(negotiateHeartBeats('10000,60000', 30_000)).toMatchObject({ sendEveryMs: 60_000, expectEveryMs: 30_000 });
    expect(negotiateHeartBeats('1,1', 30_000)).toMatchObject({ sendEveryMs: 30_000, expectEveryMs: 30_000 });
  });

  it('turns a direction off when the client says 0 or sends no header', () => {
    expect(negotiateHeartBeats('0,30000', 30_000)).toMatchObject({ sendEveryMs: 30_000, expectEveryMs: 0 });
    expect(negotiateHeartBeats('30000,0', 30_000)).toMatchObject({ sendEveryMs: 0, expectEveryMs: 30_000 });
    expect(negotiateHeartBeats(undefined, 30_000)).toMatchObject({ answer: '30000,30000', sendEveryMs: 0, expectEveryMs: 0 });
  });

  it('refuses a malformed header', () => {
    for (const bad of ['30000', 'a,b', '-1,0', '1,2,3', '']) expect(() => negotiateHeartBeats(bad, 30_000)).toThrow(/heart-beat/);
  });
});
