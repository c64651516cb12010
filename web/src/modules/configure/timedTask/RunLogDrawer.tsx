import type { ResourceDef } from '@kayuh/contract/resources/types';
import { Drawer } from 'antd';
import { useT } from '../../../lib/i18n';
import type { ResourceRow } from '../../../shared/resource/resourceApi';
import { ResourceList } from '../../../shared/resource/ResourceList';

/** A task's runs: the engine's list of `runs`, filtered to the task, its state kept in the drawer. */
export function runLogDrawer(runs: ResourceDef) {
  return function RunLogDrawer({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
    const t = useT();
    return (
      <Drawer open title={t('page.timedTask.runLogTitle', { name: String(row.jobName ?? '') })} size={1000} onClose={onClose}>
        <ResourceList resource={runs} local fixed={{ taskId: String(row.jobId) }} />
      </Drawer>
    );
  };
}
