import { Table } from 'antd';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { resourceColumns } from './resourceColumns';
import { rowIdOf, type ResourceRow } from './resourceApi';
import { useTableSettings } from './tableSettings';
import { useResourceList } from './useResourceList';

interface RelatedListProps {
  /** The resource whose rows are listed (a dept's staff: users). */
  target: ResourceDef;
  /** Its field that holds the row's value, and that value. */
  field: string;
  value: unknown;
}

/**
 * Another resource's rows that point at a row (ResourceDef.related), read through that resource's own list (its
 * scope and permissions), paged and sorted there, in the columns the user shows on its page. Read-only: a row is
 * worked on in its own page.
 */
export function RelatedList({ target, field, value }: RelatedListProps) {
  const t = useT();
  const list = useResourceList(target, { local: true, fixed: { [field]: String(value) } });
  const settings = useTableSettings(target);
  // Every row holds this row in the field, so its column would say the same on each line.
  const columns = resourceColumns({ resource: target, state: list.state, settings, t, onCommand: () => undefined }).filter(
    (column) => column.key !== '__actions' && column.key !== field,
  );
  return (
    <Table<ResourceRow>
      rowKey={(row) => String(rowIdOf(target, row))}
      size="small"
      columns={columns}
      dataSource={list.query.data?.rows ?? []}
      loading={list.query.isFetching}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: list.state.pageNum,
        pageSize: list.state.pageSize,
        total: list.query.data?.total ?? 0,
        size: 'small',
        showTotal: (count) => t('common.total', { total: count }),
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = one?.order ? String(one.columnKey ?? one.field) : undefined;
          list.go({ orderByColumn: column, isAsc: one?.order ? (one.order === 'descend' ? 'desc' : 'asc') : undefined, pageNum: 1 });
        } else if (extra.action === 'paginate') {
          list.go({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? list.state.pageSize });
        }
      }}
    />
  );
}
