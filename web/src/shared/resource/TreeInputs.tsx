import { Spin, Tree, TreeSelect } from 'antd';
import { useMemo, type Key } from 'react';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { keysToDepth, leafKeys } from './treeRows';
import { useRefTree, type TreeOption } from './treeSources';

const keyOf = (node: TreeOption) => node.key;

interface TreeSelectInputProps {
  field: FieldDef;
  id?: string;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

/** A 'tree' field (a dept's parent, a user's dept): one node of the referenced resource's tree. */
export function TreeSelectInput({ field, id, disabled, allowClear, placeholder, value, onChange }: TreeSelectInputProps) {
  const { nodes, loading } = useRefTree(field);
  return (
    <TreeSelect<number>
      id={id}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder}
      loading={loading}
      style={{ width: '100%' }}
      treeData={nodes}
      // Remounted once the tree arrives, so it opens two levels deep like the tree table.
      key={nodes.length ? 'ready' : 'empty'}
      treeDefaultExpandedKeys={keysToDepth(nodes, keyOf, 2) as number[]}
      showSearch={{ treeNodeFilterProp: 'title' }}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
    />
  );
}

interface CheckTreeInputProps {
  field: FieldDef;
  id?: string;
  disabled?: boolean;
  value?: Key[] | null;
  onChange?: (value: Key[]) => void;
}

/**
 * An idList with `tree: true` (a role's menus, its custom depts): a checkable tree whose value is the
 * checked keys plus the half-checked parents, as the server keeps them. Shown back, only the leaves of
 * the value are marked checked, so each parent shows checked or half-checked from what is under it.
 */
export function CheckTreeInput({ field, id, disabled, value, onChange }: CheckTreeInputProps) {
  const { nodes, loading } = useRefTree(field);
  const leaves = useMemo(() => leafKeys(nodes, keyOf), [nodes]);
  const checkedKeys = (value ?? []).filter((key) => leaves.has(String(key)));
  return (
    <div id={id} style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #d9d9d9', borderRadius: 6, padding: 8 }}>
      {loading ? (
        <Spin size="small" />
      ) : (
        <Tree
          checkable
          selectable={false}
          disabled={disabled}
          treeData={nodes}
          defaultExpandedKeys={keysToDepth(nodes, keyOf, 2)}
          checkedKeys={checkedKeys}
          onCheck={(checked, info) => {
            const full = Array.isArray(checked) ? checked : checked.checked;
            onChange?.([...full, ...(info.halfCheckedKeys ?? [])]);
          }}
        />
      )}
    </div>
  );
}
