import { Card, message } from 'antd';
import { useState, type ReactNode } from 'react';
import type { BulkEventAnswer } from '@kayuh/contract/api/bulkEvents';
import { Code } from '@kayuh/contract/codes';
import { Link } from 'react-router';
import type { ResourceDef, TransitionDef } from '@kayuh/contract/resources/types';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/notify';
import { useUserPerms } from '../permissions/useUserPerms';
import { BulkEventButtons } from './BulkEventButtons';
import { BulkOutcome } from './BulkOutcome';
import { rowName } from './FieldValue';
import type { Filters } from './listState';
import { ResourceDetailDrawer } from './ResourceDetailDrawer';
import { ResourceFormDrawer, type FormTarget } from './ResourceFormDrawer';
import { ResourceSearch } from './ResourceSearch';
import { ResourceTable } from './ResourceTable';
import { ResourceToolbar } from './ResourceToolbar';
import { permOf, rowIdOf, useResourceMutations, type ResourceRow } from './resourceApi';
import type { ResourceExtras, RowExtra, ToolbarExtra } from './resourceExtras';
import type { RowCommand } from './RowActions';
import { TransitionDialog } from './TransitionDialog';
import { useTableSettings } from './tableSettings';
import { useResourceList } from './useResourceList';
import { CursorPager } from './CursorPager';
import { listTotalCap } from '@kayuh/contract/constants';

/** Where an export job can be followed and downloaded. */
const DOWNLOAD_CENTER = '/configure/downloadList';

export interface ResourceListProps {
  resource: ResourceDef;
  extras?: ResourceExtras;
  /** See ListOptions: state held in the component; filters always applied and not searchable. */
  local?: boolean;
  fixed?: Filters;
  /** Shown between the search form and the table: what the searched rows draw (a vehicle's charts and track). */
  children?: ReactNode;
}

/**
 * A resource's list from its declaration: search form, toolbar, table with row actions, the add / edit
 * drawer, the detail drawer and the page's own row actions. ResourcePage is this under a page header;
 * a drawer may hold one too (a task's run log).
 */
export function ResourceList({ resource, extras, local, fixed, children }: ResourceListProps) {
  const t = useT();
  const list = useResourceList(resource, { local, fixed, live: extras?.live });
  const settings = useTableSettings(resource);
  const { perms } = useUserPerms();
  const { remove, transition, bulkEvent, exportJob } = useResourceMutations(resource);
  // The rows picked, on this page or others, as the list read them (their versions go with a bulk event).
  const [selected, setSelected] = useState<ResourceRow[]>([]);
  const [outcome, setOutcome] = useState<{ def: TransitionDef; answer: BulkEventAnswer; rows: ResourceRow[] } | null>(null);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [viewing, setViewing] = useState<ResourceRow | null>(null);
  const [dialog, setDialog] = useState<{ extra: RowExtra; row: ResourceRow } | null>(null);
  const [event, setEvent] = useState<{ def: TransitionDef; row: ResourceRow } | null>(null);
  const [toolbarDialog, setToolbarDialog] = useState<ToolbarExtra | null>(null);
  const [messageApi, messageHolder] = message.useMessage();
  const canRemove = resource.actions.includes('remove') && hasPerm(perms, permOf(resource, 'remove'));
  const canFireBulk = (resource.transitions ?? []).some((x) => x.bulk && hasPerm(perms, permOf(resource, x.action)));
  const canActOnSelection = (extras?.toolbar ?? []).some((x) => x.selection && hasPerm(perms, permOf(resource, x.perm)));
  // Failures are already shown by the HTTP client.
  const said = (key: string) => () => toast('success', t(key));
  const quiet = () => undefined;

  const idOf = (row: ResourceRow) => rowIdOf(resource, row);
  const removeRows = async (ids: number[]) => {
    await remove.mutateAsync(ids).then(said('engine.removed'), quiet);
    setSelected((picked) => picked.filter((row) => !ids.includes(idOf(row))));
  };
  /** One event on every selected row, each at the version the list shows now; the rows it changed leave the selection. */
  const fireBulk = async (def: TransitionDef, payload?: Record<string, unknown>) => {
    const sent = selected.map((row) => rows.find((shown) => idOf(shown) === idOf(row)) ?? row);
    const answer = await bulkEvent.mutateAsync({ def, rows: sent, payload });
    const done = new Set(answer.results.filter((result) => result.code === Code.ok).map((result) => result.id));
    setSelected((picked) => picked.filter((row) => !done.has(idOf(row))));
    setOutcome({ def, answer, rows: sent });
  };
  const runExtra = (extra: RowExtra, row: ResourceRow) => {
    if (extra.Dialog) setDialog({ extra, row });
    else void extra.run?.(row).then(extra.doneText ? said(extra.doneText) : quiet, quiet);
  };
  const onCommand = (command: RowCommand, row: ResourceRow) => {
    if (command.kind === 'view') setViewing(row);
    else if (command.kind === 'edit') setFormTarget({ mode: 'edit', id: rowIdOf(resource, row) });
    else if (command.kind === 'remove') void removeRows([rowIdOf(resource, row)]);
    else if (command.kind === 'extra') runExtra(command.extra, row);
    else if (command.def.payload?.length) setEvent({ def: command.def, row });
    else void transition.mutateAsync({ def: command.def, row }).then(said('engine.done'), quiet);
  };
  const startExport = () =>
    exportJob.mutateAsync(list.exportBody).then(({ jobNo }) => {
      void messageApi.success({
        duration: 8,
        content: (
          <span>
            {t('engine.exportStarted', { jobNo })} <Link to={DOWNLOAD_CENTER}>{t('engine.openDownloads')}</Link>
          </span>
        ),
      });
    }, quiet);
  const Dialog = dialog?.extra.Dialog;
  const ToolbarDialog = toolbarDialog?.Dialog;
  const rows = list.query.data?.rows ?? [];
  // A live list re-reads quietly: only a change of page or filter shows the loading state.
  const loading = list.query.isFetching && (list.query.isPlaceholderData || !extras?.live?.when(rows));

  return (
    <>
      {messageHolder}
      <ResourceSearch
        resource={resource}
        filters={list.state.filters}
        hidden={Object.keys(fixed ?? {})}
        onSearch={list.search}
        onReset={list.reset}
      />
      {children}
      <Card size="small">
        <ResourceToolbar
          resource={resource}
          settings={settings}
          selectedCount={selected.length}
          bulkEvents={
            <BulkEventButtons
              resource={resource}
              count={selected.length}
              onFire={fireBulk}
              firing={bulkEvent.isPending ? bulkEvent.variables?.def.name : undefined}
            />
          }
          onAdd={() => setFormTarget({ mode: 'add' })}
          onExport={() => void startExport()}
          exporting={exportJob.isPending}
          onRemoveSelected={() => void removeRows(selected.map(idOf))}
          removing={remove.isPending}
          onRefresh={() => void list.query.refetch()}
          refreshing={loading}
          extras={extras?.toolbar}
          onExtra={setToolbarDialog}
        />
        <ResourceTable
          resource={resource}
          state={list.state}
          rows={rows}
          total={list.query.data?.total ?? 0}
          loading={loading}
          settings={settings}
          extras={extras}
          selection={
            canRemove || canFireBulk || canActOnSelection
              ? { keys: selected.map((row) => String(idOf(row))), onChange: (_keys, picked) => setSelected(picked.filter(Boolean)) }
              : undefined
          }
          onPage={(pageNum, pageSize) => list.go({ pageNum, pageSize })}
          onSort={(orderByColumn, isAsc) => list.go({ orderByColumn, isAsc, pageNum: 1 })}
          onCommand={onCommand}
        />
        {resource.paging === 'cursor' && (
          <CursorPager
            total={list.query.data?.total ?? 0}
            capped={(list.query.data?.total ?? 0) >= listTotalCap(resource)}
            pageSize={list.state.pageSize}
            loading={loading}
            hasPrevious={list.cursorPages.hasPrevious}
            hasNext={list.cursorPages.hasNext}
            onFirst={list.cursorPages.first}
            onPrevious={list.cursorPages.previous}
            onNext={list.cursorPages.next}
            onPageSize={(pageSize) => list.go({ pageSize })}
          />
        )}
      </Card>
      <ResourceFormDrawer resource={resource} extras={extras} target={formTarget} onClose={() => setFormTarget(null)} />
      <ResourceDetailDrawer resource={resource} row={viewing} extras={extras} onClose={() => setViewing(null)} />
      {Dialog && dialog && <Dialog row={dialog.row} onClose={() => setDialog(null)} />}
      {ToolbarDialog && <ToolbarDialog selected={selected} onClose={() => setToolbarDialog(null)} />}
      {outcome && <BulkOutcome resource={resource} {...outcome} onClose={() => setOutcome(null)} />}
      {event && (
        <TransitionDialog
          resource={resource}
          def={event.def}
          subject={rowName(resource, event.row, t)}
          row={event.row}
          onFire={(payload) => transition.mutateAsync({ def: event.def, row: event.row, payload }).then(said('engine.done'))}
          onClose={() => setEvent(null)}
        />
      )}
    </>
  );
}
