import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import { fieldLabel, type FieldDef, type ResourceDef } from '@kayuh/contract/resources/types';
import { currentZone } from '../../lib/displayZone';
import type { TFunction } from '../../lib/i18n';
import { FieldValue, rowCurrency } from './FieldValue';
import type { ListState } from './listState';
import type { ResourceRow } from './resourceApi';
import type { ResourceExtras } from './resourceExtras';
import { RowActions, type RowCommand } from './RowActions';
import type { TableSettings } from './tableSettings';

/** Widths by type, so short values do not take the room of names and remarks. */
const WIDTH: Partial<Record<FieldDef['type'], number>> = {
  datetime: 170,
  date: 120,
  dict: 120,
  bool: 90,
  int: 100,
  decimal: 110,
  money: 140,
  image: 80,
  text: 150,
  textarea: 220,
  ref: 150,
  tree: 150,
  idList: 200,
  json: 200,
  polygon: 120,
};
/** Every column keeps at least this much, and room for its own header: the table scrolls sideways instead of
 * squeezing a status to one glyph behind the fixed action column (1440 px and below). */
const MIN_WIDTH = 100;
const headerWidth = (title: string) => Math.ceil(title.length * 8.5) + 40;
/** Two inline buttons and 'More' (spec §6). */
const ACTIONS_WIDTH = 200;

/** The sort a column shows: the URL's, else the declaration's default (what the server applies). */
function sortOrderOf(r: ResourceDef, state: ListState, f: FieldDef): SortOrder | undefined {
  if (!f.sortable) return undefined;
  const column = state.orderByColumn ?? r.defaultSort.field;
  const isAsc = state.orderByColumn ? state.isAsc : r.defaultSort.order;
  if (column !== f.name) return null;
  return isAsc === 'desc' ? 'descend' : 'ascend';
}

interface ColumnsInput {
  resource: ResourceDef;
  state: ListState;
  settings: TableSettings;
  t: TFunction;
  extras?: ResourceExtras;
  onCommand: (command: RowCommand, row: ResourceRow) => void;
}

/** ProTable's idea: the declaration's listed fields are the columns; the user's settings pick which show. */
export function resourceColumns({ resource, state, settings, t, extras, onCommand }: ColumnsInput): ColumnsType<ResourceRow> {
  const columns: ColumnsType<ResourceRow> = settings.columns
    .filter((column) => column.visible)
    .map(({ field }) => ({
      key: field.name,
      dataIndex: field.name,
      // A time column names its clock (WIB, WITA …): the header city's, the same the export writes.
      title: field.type === 'datetime' ? `${t(fieldLabel(resource, field))} (${currentZone().label})` : t(fieldLabel(resource, field)),
      width: Math.max(WIDTH[field.type] ?? MIN_WIDTH, headerWidth(t(fieldLabel(resource, field)))),
      ellipsis: field.type === 'textarea' || field.type === 'json',
      align: field.type === 'money' || field.type === 'decimal' ? ('right' as const) : undefined,
      sorter: field.sortable ? true : undefined,
      sortOrder: sortOrderOf(resource, state, field),
      render: (value: unknown, row: ResourceRow) => {
        const cell = extras?.fields?.[field.name]?.cell;
        return cell ? (
          cell(value, row)
        ) : (
          <FieldValue field={field} value={value} label={row[`${field.name}Label`]} currency={rowCurrency(resource, row)} inList />
        );
      },
    }));
  columns.push({
    key: '__actions',
    title: t('engine.actions'),
    fixed: 'right',
    width: ACTIONS_WIDTH,
    render: (_value: unknown, row: ResourceRow) => <RowActions resource={resource} row={row} extras={extras?.rowActions} onCommand={onCommand} />,
  });
  return columns;
}
