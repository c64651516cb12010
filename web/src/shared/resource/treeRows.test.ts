import { describe, expect, it } from 'vitest';
import { keysWithin } from './treeRows';

interface Node {
  id: number;
  children?: Node[];
}
/** `roots` roots, each with `pages` children, each with `buttons` children of its own. */
const tree = (roots: number, pages: number, buttons: number): Node[] =>
  Array.from({ length: roots }, (_, r) => ({
    id: r + 1,
    children: Array.from({ length: pages }, (_, p) => ({
      id: 100 * (r + 1) + p,
      children: Array.from({ length: buttons }, (_, b) => ({ id: 10_000 * (r + 1) + 100 * p + b })),
    })),
  }));
const keyOf = (n: Node) => n.id;

describe('how a tree table opens', () => {
  it('opens two levels deep when that shows few rows', () => {
    // 2 roots + 6 pages + 18 buttons = 26 rows shown.
    expect(keysWithin(tree(2, 3, 3), keyOf, 2, 150)).toEqual([1, 100, 101, 102, 2, 200, 201, 202]);
  });

  it('opens less deep, down to the roots alone, when the rows would be too many', () => {
    // Two levels: 10 + 100 + 1,000 rows; one level: 110 rows.
    expect(keysWithin(tree(10, 10, 10), keyOf, 2, 150)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Even one level is 10 + 400 rows: only the roots show.
    expect(keysWithin(tree(10, 40, 1), keyOf, 2, 150)).toEqual([]);
  });
});
