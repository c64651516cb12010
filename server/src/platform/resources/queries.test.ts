import { describe, expect, it } from 'vitest';
import { Placeholders } from './queries.ts';

describe('prepared query shapes', () => {
  it('are the same for the same conditions with other values, and differ by origin and order', () => {
    const shapeOf = (make: (bind: Placeholders) => void) => {
      const bind = new Placeholders();
      make(bind);
      return bind;
    };
    const a = shapeOf((b) => {
      b.value('scope.tenant', 2);
      b.value('filter.status', '0');
    });
    const b = shapeOf((b) => {
      b.value('scope.tenant', 3);
      b.value('filter.status', '1');
    });
    expect(a.shape).toBe(b.shape);
    expect(a.values).toEqual({ p0: 2, p1: '0' });
    expect(b.values).toEqual({ p0: 3, p1: '1' });
    // A platform-wide caller filtering by a field named like a scope condition is another shape.
    expect(shapeOf((b) => b.value('filter.tenant', 2)).shape).not.toBe(shapeOf((b) => b.value('scope.tenant', 2)).shape);
    expect(
      shapeOf((b) => {
        b.value('filter.x', 1);
        b.value('filter.y', 1);
      }).shape,
    ).not.toBe(
      shapeOf((b) => {
        b.value('filter.y', 1);
        b.value('filter.x', 1);
      }).shape,
    );
  });
});
