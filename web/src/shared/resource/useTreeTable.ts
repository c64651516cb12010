import type { TableProps } from 'antd';
import { useMemo, useState, type Key } from 'react';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { rowIdOf, type ResourceRow } from './resourceApi';
import { keysWithin, nestRows } from './treeRows';

/** How deep a tree table opens at first: the roots and their children are expanded… */
export const TREE_EXPANDED_LEVELS = 2;
/** …unless that shows more rows than this; then it opens less deep (a re-render of each row is not free). */
export const TREE_OPEN_ROWS = 150;

type TreeRow = ResourceRow & { children?: TreeRow[] };

/**
 * A tree resource's rows (flat, parent by `tree.parentField`) nested for antd's Table, opened
 * TREE_EXPANDED_LEVELS deep (within TREE_OPEN_ROWS rows) until the user opens or closes a node. A new set of rows (a search) opens afresh.
 * Other resources' rows pass through as they are.
 */
export function useTreeTable(r: ResourceDef, rows: ResourceRow[]) {
  const tree = r.tree;
  const keyOf = (row: ResourceRow) => String(rowIdOf(r, row));
  const data = useMemo<TreeRow[]>(() => {
    if (!tree) return rows;
    return nestRows<ResourceRow, TreeRow>(
      rows,
      (row) => rowIdOf(r, row),
      (row) => row[tree.parentField],
      (row, children) => (children ? { ...row, children } : { ...row, children: undefined }),
    );
  }, [r, rows, tree]);
  const signature = useMemo(() => rows.map((row) => String(rowIdOf(r, row))).join(','), [r, rows]);
  const [chosen, setChosen] = useState<{ signature: string; keys: Key[] } | null>(null);
  const expandedRowKeys = chosen?.signature === signature ? chosen.keys : keysWithin(data, keyOf, TREE_EXPANDED_LEVELS, TREE_OPEN_ROWS);
  const expandable: TableProps<TreeRow>['expandable'] = tree
    ? { expandedRowKeys, onExpandedRowsChange: (keys) => setChosen({ signature, keys: [...keys] }) }
    : undefined;
  return { data, expandable };
}
