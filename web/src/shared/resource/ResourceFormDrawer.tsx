import { useQuery } from '@tanstack/react-query';
import { Drawer, Skeleton } from 'antd';
import { useState } from 'react';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';
import { ResourceForm } from './ResourceForm';
import { rowQuery } from './resourceApi';
import type { ResourceExtras } from './resourceExtras';

/** What the drawer is for: a new row, or an existing one by id. */
export type FormTarget = { mode: 'add' } | { mode: 'edit'; id: number };

interface ResourceFormDrawerProps {
  resource: ResourceDef;
  extras?: ResourceExtras;
  target: FormTarget | null;
  onClose: () => void;
}

/**
 * Edit first reads the row (GET …/<id>), so the form shows, and the edit sends, the version the server
 * holds now; a cached copy is never edited. After a conflict, Reload reads it again and the form starts over.
 */
function EditForm({ resource, extras, id, onClose }: { resource: ResourceDef; extras?: ResourceExtras; id: number; onClose: () => void }) {
  const tenantId = useConfigStore((s) => s.tenantId);
  const row = useQuery(rowQuery(resource, id, tenantId));
  if (!row.data || !row.isFetchedAfterMount || row.isFetching) {
    return row.isError ? null : <Skeleton active paragraph={{ rows: 6 }} />;
  }
  return (
    <ResourceForm
      key={row.dataUpdatedAt}
      resource={resource}
      extras={extras}
      mode="edit"
      row={row.data}
      onDone={onClose}
      onReload={() => void row.refetch()}
    />
  );
}

/** The add / edit drawer of a resource. */
export function ResourceFormDrawer({ resource, extras, target, onClose }: ResourceFormDrawerProps) {
  const t = useT();
  // While closing, the drawer keeps showing what it showed (its title and form) until it is gone.
  const [last, setLast] = useState(target);
  if (target && target !== last) setLast(target);
  const shown = target ?? last;
  const name = t(`resource.${resource.key}`);
  return (
    <Drawer
      open={target !== null}
      title={t(shown?.mode === 'edit' ? 'engine.editTitle' : 'engine.addTitle', { name })}
      size={720}
      destroyOnHidden
      onClose={onClose}
    >
      {shown?.mode === 'add' && <ResourceForm resource={resource} extras={extras} mode="add" onDone={onClose} onReload={() => undefined} />}
      {shown?.mode === 'edit' && <EditForm key={shown.id} resource={resource} extras={extras} id={shown.id} onClose={onClose} />}
    </Drawer>
  );
}
