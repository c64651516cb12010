import { Table } from 'antd';
import type { Key } from 'react';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { isTenantRestricted } from '@kayuh/contract/rules/permissions';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';
import { useUserStore } from '../../stores/userStore';
import { rowName } from './FieldValue';
import type { ListState } from './listState';
import { resourceColumns } from './resourceColumns';
import { rowIdOf, type ResourceRow } from './resourceApi';
import type { ResourceExtras } from './resourceExtras';
import type { RowCommand } from './RowActions';
import type { TableSettings } from './tableSettings';
import { useTreeTable } from './useTreeTable';

interface ResourceTableProps {
  resource: ResourceDef;
  state: ListState;
  rows: ResourceRow[];
  total: number;
  loading: boolean;
  settings: TableSettings;
  extras?: ResourceExtras;
  /**
   * Row selection for bulk removal and bulk events; absent when the user may do neither. It holds across pages: the
   * rows picked on another page stay picked.
   */
  selection?: { keys: Key[]; onChange: (keys: Key[], rows: ResourceRow[]) => void };
  onPage: (pageNum: number, pageSize: number) => void;
  onSort: (orderByColumn: string | undefined, isAsc: 'asc' | 'desc' | undefined) => void;
  onCommand: (command: RowCommand, row: ResourceRow) => void;
}

/** The server-paged, server-sorted table of a resource; a tree resource's is one expandable, unpaged tree. */
export function ResourceTable(props: ResourceTableProps) {
  const { resource, state, rows, total, loading, settings, extras, selection, onPage, onSort, onCommand } = props;
  const t = useT();
  const user = useUserStore((s) => s.userInfo);
  const tenantId = useConfigStore((s) => s.tenantId);
  const columns = resourceColumns({ resource, state, settings, t, extras, onCommand });
  const { data, expandable } = useTreeTable(resource, rows);
  return (
    <Table<ResourceRow>
      rowKey={(row) => String(rowIdOf(resource, row))}
      size={settings.density}
      columns={columns}
      dataSource={data}
      expandable={expandable}
      loading={loading}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selection && {
          selectedRowKeys: selection.keys,
          preserveSelectedRowKeys: true,
          onChange: (keys, picked) => selection.onChange(keys, picked),
          // Another tenant's rows cannot be changed here (spec §6), so they cannot be picked for it either.
          getCheckboxProps: (row) => ({
            disabled: isTenantRestricted(user, tenantId, row.tenantId),
            'aria-label': t('common.selectRow', { name: rowName(resource, row, t) || String(rowIdOf(resource, row)) }),
          }),
          getTitleCheckboxProps: () => ({ 'aria-label': t('common.selectAllRows') }),
        }
      }
      pagination={
        // A tree is read whole; a cursor-paged list has its own pager (CursorPager) under the table.
        resource.tree || resource.paging === 'cursor'
          ? false
          : {
              current: state.pageNum,
              pageSize: state.pageSize,
              total,
              showSizeChanger: true,
              showTotal: (count) => t('common.total', { total: count }),
            }
      }
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = one?.order ? String(one.columnKey ?? one.field) : undefined;
          onSort(column, one?.order ? (one.order === 'descend' ? 'desc' : 'asc') : undefined);
        } else if (extra.action === 'paginate') {
          onPage(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
        }
      }}
    />
  );
}
