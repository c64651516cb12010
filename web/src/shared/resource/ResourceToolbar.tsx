import { DeleteOutlined, ExportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { Has } from '../permissions/Has';
import { permOf } from './resourceApi';
import type { ToolbarExtra } from './resourceExtras';
import type { TableSettings } from './tableSettings';
import { TableSettingsControls } from './TableSettingsControls';

interface ResourceToolbarProps {
  resource: ResourceDef;
  settings: TableSettings;
  selectedCount: number;
  onAdd: () => void;
  onExport: () => void;
  exporting: boolean;
  onRemoveSelected: () => void;
  removing: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  /** The events the declaration lets fire on a selection (BulkEventButtons), after bulk Remove. */
  bulkEvents?: ReactNode;
  /** The page's own buttons, after Export. */
  extras?: readonly ToolbarExtra[];
  onExtra?: (extra: ToolbarExtra) => void;
}

/**
 * Above the table: what the declaration offers and the user may do (Add, Export, the page's own, then on the selection
 * bulk Remove and the bulk events, with how many rows are selected), then view settings.
 */
export function ResourceToolbar(props: ResourceToolbarProps) {
  const { resource, settings, selectedCount } = props;
  const t = useT();
  const offers = (action: 'add' | 'remove' | 'export') => resource.actions.includes(action);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
      <Space wrap>
        {offers('add') && (
          <Has perm={permOf(resource, 'add')}>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={props.onAdd}>
              {t('action.add')}
            </Button>
          </Has>
        )}
        {offers('export') && (
          <Has perm={permOf(resource, 'export')}>
            <Button icon={<ExportOutlined aria-hidden />} loading={props.exporting} onClick={props.onExport}>
              {t('action.export')}
            </Button>
          </Has>
        )}
        {props.extras?.map((extra) => (
          <Has key={extra.name} perm={permOf(resource, extra.perm)}>
            <Button icon={extra.icon} disabled={extra.selection && selectedCount === 0} onClick={() => props.onExtra?.(extra)}>
              {t(extra.title)}
            </Button>
          </Has>
        ))}
        {offers('remove') && (
          <Has perm={permOf(resource, 'remove')}>
            <Popconfirm
              title={t('engine.confirmRemoveSelected', { count: selectedCount })}
              okText={t('action.remove')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={props.onRemoveSelected}
              disabled={selectedCount === 0}
            >
              <Button danger icon={<DeleteOutlined aria-hidden />} disabled={selectedCount === 0} loading={props.removing}>
                {t('engine.removeSelected', { count: selectedCount })}
              </Button>
            </Popconfirm>
          </Has>
        )}
        {props.bulkEvents}
        {selectedCount > 0 && <Typography.Text type="secondary">{t('engine.selectedCount', { count: selectedCount })}</Typography.Text>}
      </Space>
      <Space wrap>
        <Tooltip title={t('engine.refresh')}>
          <Button aria-label={t('engine.refresh')} icon={<ReloadOutlined aria-hidden spin={props.refreshing} />} onClick={props.onRefresh} />
        </Tooltip>
        <TableSettingsControls resource={resource} settings={settings} />
      </Space>
    </div>
  );
}
