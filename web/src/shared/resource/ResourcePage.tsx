import { Card, message } from 'antd';
import { useState, type Key } from 'react';
import { Link } from 'react-router';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/notify';
import { PageHeader } from '../PageHeader';
import { useUserPerms } from '../permissions/useUserPerms';
import { ResourceDetailDrawer } from './ResourceDetailDrawer';
import { ResourceFormDrawer, type FormTarget } from './ResourceFormDrawer';
import { ResourceSearch } from './ResourceSearch';
import { ResourceTable } from './ResourceTable';
import { ResourceToolbar } from './ResourceToolbar';
import { permOf, rowIdOf, useResourceMutations, type ResourceRow } from './resourceApi';
import type { RowCommand } from './RowActions';
import { useTableSettings } from './tableSettings';
import { useResourceList } from './useResourceList';

/** Where an export job can be followed and downloaded. */
const DOWNLOAD_CENTER = '/configure/downloadList';

/**
 * A whole list page from one declaration (DESIGN §5): search form, toolbar, table with row actions, the
 * add / edit drawer and the detail drawer. List state lives in the tab's URL, as on every list page.
 */
export default function ResourcePage({ resource }: { resource: ResourceDef }) {
  const t = useT();
  const list = useResourceList(resource);
  const settings = useTableSettings(resource);
  const { perms } = useUserPerms();
  const { remove, transition, exportJob } = useResourceMutations(resource);
  const [selected, setSelected] = useState<Key[]>([]);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [viewing, setViewing] = useState<ResourceRow | null>(null);
  const [messageApi, messageHolder] = message.useMessage();
  const canRemove = resource.actions.includes('remove') && hasPerm(perms, permOf(resource, 'remove'));

  const removeRows = async (ids: number[]) => {
    // Failures are already shown by the HTTP client; the list is refreshed either way.
    await remove.mutateAsync(ids).then(() => toast('success', t('engine.removed')), () => undefined);
    setSelected((keys) => keys.filter((key) => !ids.includes(Number(key))));
  };
  const onCommand = (command: RowCommand, row: ResourceRow) => {
    if (command.kind === 'view') setViewing(row);
    else if (command.kind === 'edit') setFormTarget({ mode: 'edit', id: rowIdOf(resource, row) });
    else if (command.kind === 'remove') void removeRows([rowIdOf(resource, row)]);
    else transition.mutateAsync({ def: command.def, row }).then(() => toast('success', t('engine.done')), () => undefined);
  };
  const startExport = () =>
    exportJob.mutateAsync(list.exportBody).then(
      ({ jobNo }) =>
        void messageApi.success({
          duration: 8,
          content: (
            <span>
              {t('engine.exportStarted', { jobNo })} <Link to={DOWNLOAD_CENTER}>{t('engine.openDownloads')}</Link>
            </span>
          ),
        }),
      () => undefined,
    );

  return (
    <>
      {messageHolder}
      <PageHeader title={t(`menu.${resource.module}.${resource.page}`)} />
      <ResourceSearch resource={resource} filters={list.state.filters} onSearch={list.search} onReset={list.reset} />
      <Card size="small">
        <ResourceToolbar
          resource={resource}
          settings={settings}
          selectedCount={selected.length}
          onAdd={() => setFormTarget({ mode: 'add' })}
          onExport={() => void startExport()}
          exporting={exportJob.isPending}
          onRemoveSelected={() => void removeRows(selected.map(Number))}
          removing={remove.isPending}
          onRefresh={() => void list.query.refetch()}
          refreshing={list.query.isFetching}
        />
        <ResourceTable
          resource={resource}
          state={list.state}
          rows={list.query.data?.rows ?? []}
          total={list.query.data?.total ?? 0}
          loading={list.query.isFetching}
          settings={settings}
          selection={canRemove ? { keys: selected, onChange: setSelected } : undefined}
          onPage={(pageNum, pageSize) => list.go({ pageNum, pageSize })}
          onSort={(orderByColumn, isAsc) => list.go({ orderByColumn, isAsc, pageNum: 1 })}
          onCommand={onCommand}
        />
      </Card>
      <ResourceFormDrawer resource={resource} target={formTarget} onClose={() => setFormTarget(null)} />
      <ResourceDetailDrawer resource={resource} row={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
