import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MenuNode } from '@kayuh/contract/api/system';
import { resourceByKey } from '@kayuh/contract/resources/index';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { get, postPage } from '../../lib/http';
import { useT, type TFunction } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';
import { resourceQueryKey, rowIdOf, type ResourceRow } from './resourceApi';
import { nestRows } from './treeRows';

/** A node as antd's Tree and TreeSelect take it. */
export interface TreeOption {
  key: number;
  value: number;
  title: string;
  children?: TreeOption[];
}

/** Pickers change rarely: read once per 5 minutes, like the options lists. */
const TREE_STALE_MS = 5 * 60_000;
const NONE: TreeOption[] = [];

/** The menus a role may grant (not a declared resource): GET /system/menu/treeselect, titles are i18n keys. */
const MENU_TREE = '/system/menu/treeselect';

function menuOptions(nodes: readonly MenuNode[], t: TFunction): TreeOption[] {
  return nodes.map((node) => ({
    key: node.menuId,
    value: node.menuId,
    title: t(node.menuName),
    children: node.children?.length ? menuOptions(node.children, t) : undefined,
  }));
}

/**
 * The tree a 'tree' field or a tree idList picks from: the menus for `ref: menu`, else the referenced
 * resource's whole (unpaged) list nested by its parent field, labelled by `ref.labelField`. The list is
 * cached under the resource's list key, so a save there refreshes the pickers too.
 */
export function useRefTree(field: FieldDef): { nodes: TreeOption[]; loading: boolean } {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const refKey = field.ref?.resource;
  const isMenu = refKey === 'menu';
  const ref = refKey && !isMenu ? resourceByKey(refKey) : undefined;
  const query = field.ref?.query;
  const menus = useQuery({
    queryKey: ['menuTree', tenantId, query ?? {}] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => get<MenuNode[]>(MENU_TREE, query, { signal }),
    enabled: isMenu,
    staleTime: TREE_STALE_MS,
  });
  const list = useQuery({
    queryKey: [...resourceQueryKey(ref?.key ?? ''), 'list', tenantId, query ?? {}] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => postPage<ResourceRow>(`${ref!.api}/list`, query ?? {}, { signal }),
    enabled: Boolean(ref),
    staleTime: TREE_STALE_MS,
  });
  const nodes = useMemo(() => {
    if (isMenu) return menus.data ? menuOptions(menus.data, t) : NONE;
    if (!ref || !list.data) return NONE;
    const parentField = ref.tree?.parentField ?? 'parentId';
    const labelField = field.ref?.labelField ?? ref.titleField;
    return nestRows<ResourceRow, TreeOption>(
      list.data.rows,
      (row) => rowIdOf(ref, row),
      (row) => row[parentField],
      (row, children) => ({
        key: rowIdOf(ref, row),
        value: rowIdOf(ref, row),
        title: String(row[labelField] ?? rowIdOf(ref, row)),
        children,
      }),
    );
  }, [isMenu, menus.data, ref, list.data, field.ref?.labelField, t]);
  return { nodes, loading: isMenu ? menus.isLoading : list.isLoading };
}
