import type { Key } from 'react';

/** A node with optional children, as antd's Table, Tree and TreeSelect take them. */
export interface Nested {
  children?: Nested[];
}

/**
 * Flat rows (parent by id) → nested nodes, keeping the rows' order among siblings. A row whose parent is not
 * among the rows (the root, or a match of a search whose parent did not match) becomes a root.
 */
export function nestRows<T, N extends Nested>(
  rows: readonly T[],
  idOf: (row: T) => Key,
  parentOf: (row: T) => unknown,
  make: (row: T, children: N[] | undefined) => N,
): N[] {
  const ids = new Set(rows.map((row) => String(idOf(row))));
  const byParent = new Map<string, T[]>();
  const roots: T[] = [];
  for (const row of rows) {
    const parent = parentOf(row);
    const parentKey = parent === null || parent === undefined ? '' : String(parent);
    if (parentKey && parentKey !== String(idOf(row)) && ids.has(parentKey)) {
      byParent.set(parentKey, [...(byParent.get(parentKey) ?? []), row]);
    } else {
      roots.push(row);
    }
  }
  // A cycle in bad data would loop forever: each row is placed once.
  const placed = new Set<string>();
  const build = (row: T): N => {
    const key = String(idOf(row));
    placed.add(key);
    const children = (byParent.get(key) ?? []).filter((child) => !placed.has(String(idOf(child)))).map(build);
    return make(row, children.length ? children : undefined);
  };
  const nested = roots.map(build);
  // Rows in a parent cycle reach no root: show them at the top rather than lose them.
  for (const row of rows) if (!placed.has(String(idOf(row)))) nested.push(build(row));
  return nested;
}

/** Keys of the nodes with children down to `depth` levels (1 = the roots), for an initial expansion. */
export function keysToDepth<N extends Nested>(nodes: readonly N[], keyOf: (node: N) => Key, depth: number): Key[] {
  if (depth <= 0) return [];
  return nodes.flatMap((node) => (node.children?.length ? [keyOf(node), ...keysToDepth(node.children as N[], keyOf, depth - 1)] : []));
}

/** How many rows a tree shows opened `depth` levels deep: its nodes down to level depth + 1. */
function rowsShown<N extends Nested>(nodes: readonly N[], depth: number): number {
  return nodes.reduce((sum, node) => sum + 1 + (depth > 0 && node.children?.length ? rowsShown(node.children as N[], depth - 1) : 0), 0);
}

/**
 * Keys that open a tree up to `depth` levels deep, less deep where that would show more than `rows` rows (the roots
 * are always shown): a big tree (the menus) opens at its roots rather than drawing hundreds of rows at once.
 */
export function keysWithin<N extends Nested>(nodes: readonly N[], keyOf: (node: N) => Key, depth: number, rows: number): Key[] {
  let open = depth;
  while (open > 0 && rowsShown(nodes, open) > rows) open -= 1;
  return keysToDepth(nodes, keyOf, open);
}

/** Keys of every leaf (a node without children). */
export function leafKeys<N extends Nested>(nodes: readonly N[], keyOf: (node: N) => Key): Set<string> {
  const leaves = new Set<string>();
  const walk = (list: readonly N[]) => {
    for (const node of list) {
      if (node.children?.length) walk(node.children as N[]);
      else leaves.add(String(keyOf(node)));
    }
  };
  walk(nodes);
  return leaves;
}

/** Every key of a tree, parents and leaves. */
export function allKeys<N extends Nested>(nodes: readonly N[], keyOf: (node: N) => Key): Key[] {
  return nodes.flatMap((node) => [keyOf(node), ...(node.children?.length ? allKeys(node.children as N[], keyOf) : [])]);
}

/** The keys of the parents of every node whose title holds the term (case-insensitive): what to open to show them. */
export function parentsOfMatches<N extends Nested & { title: string }>(
  nodes: readonly N[],
  keyOf: (node: N) => Key,
  term: string,
): { matches: Set<string>; open: Key[] } {
  const needle = term.trim().toLowerCase();
  const matches = new Set<string>();
  const open = new Set<Key>();
  if (!needle) return { matches, open: [] };
  const walk = (list: readonly N[], ancestors: Key[]) => {
    for (const node of list) {
      if (node.title.toLowerCase().includes(needle)) {
        matches.add(String(keyOf(node)));
        for (const key of ancestors) open.add(key);
      }
      if (node.children?.length) walk(node.children as N[], [...ancestors, keyOf(node)]);
    }
  };
  walk(nodes, []);
  return { matches, open: [...open] };
}
