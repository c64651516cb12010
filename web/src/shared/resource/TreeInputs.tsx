import { Button, Input, Spin, Tree, TreeSelect } from 'antd';
import { useMemo, useState, type Key } from 'react';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { useClearable } from '../../lib/antdText';
import { allKeys, keysToDepth, leafKeys, parentsOfMatches } from './treeRows';
import './treeInputs.css';
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
  const clearable = useClearable();
  return (
    <TreeSelect<number>
      id={id}
      disabled={disabled}
      allowClear={clearable(Boolean(allowClear))}
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
 * A role's 500-node menu tree needs a search (it opens and marks the matches without hiding the rest, so a
 * check never drops what is not shown), expand and collapse all, and select all or none.
 */
export function CheckTreeInput({ field, id, disabled, value, onChange }: CheckTreeInputProps) {
  const t = useT();
  const { nodes, loading } = useRefTree(field);
  const leaves = useMemo(() => leafKeys(nodes, keyOf), [nodes]);
  const everyKey = useMemo(() => allKeys(nodes, keyOf), [nodes]);
  const [expanded, setExpanded] = useState<Key[] | undefined>();
  const [term, setTerm] = useState('');
  const found = useMemo(() => parentsOfMatches(nodes, keyOf, term), [nodes, term]);
  const checkedKeys = (value ?? []).filter((key) => leaves.has(String(key)));
  const shownExpanded = expanded ?? keysToDepth(nodes, keyOf, 2);
  const search = (next: string) => {
    setTerm(next);
    const { open } = parentsOfMatches(nodes, keyOf, next);
    if (open.length) setExpanded([...new Set([...shownExpanded, ...open])]);
  };
  return (
    <div id={id} className="kayuh-check-tree">
      <div className="kayuh-check-tree-bar">
        <Input.Search
          size="small"
          allowClear
          placeholder={t('engine.tree.search')}
          aria-label={t('engine.tree.search')}
          value={term}
          onChange={(e) => search(e.target.value)}
          style={{ maxWidth: 240 }}
        />
        <Button size="small" type="link" onClick={() => setExpanded(everyKey)}>
          {t('engine.tree.expandAll')}
        </Button>
        <Button size="small" type="link" onClick={() => setExpanded([])}>
          {t('engine.tree.collapseAll')}
        </Button>
        <Button size="small" type="link" disabled={disabled} onClick={() => onChange?.(everyKey)}>
          {t('engine.tree.selectAll')}
        </Button>
        <Button size="small" type="link" disabled={disabled} onClick={() => onChange?.([])}>
          {t('engine.tree.selectNone')}
        </Button>
        {term.trim() && <span className="kayuh-check-tree-count">{t('engine.tree.found', { count: found.matches.size })}</span>}
      </div>
      <div className="kayuh-check-tree-body">
        {loading ? (
          <Spin size="small" />
        ) : (
          <Tree
            checkable
            selectable={false}
            disabled={disabled}
            treeData={nodes}
            expandedKeys={shownExpanded}
            onExpand={(keys) => setExpanded(keys)}
            titleRender={(node) => (found.matches.has(String(node.key)) ? <mark>{node.title}</mark> : node.title)}
            checkedKeys={checkedKeys}
            onCheck={(checked, info) => {
              const full = Array.isArray(checked) ? checked : checked.checked;
              onChange?.([...full, ...(info.halfCheckedKeys ?? [])]);
            }}
          />
        )}
      </div>
    </div>
  );
}
