import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import type { ResourceDef, TransitionDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { Has } from '../permissions/Has';
import { permOf } from './resourceApi';
import { TransitionDialog } from './TransitionDialog';

interface BulkEventButtonsProps {
  resource: ResourceDef;
  /** How many rows are selected. */
  count: number;
  /** Fires the event on the selection; rejects when the server refused the whole call. */
  onFire: (def: TransitionDef, payload?: Record<string, unknown>) => Promise<unknown>;
  /** The event being fired now, if any. */
  firing?: string;
}

/**
 * The toolbar's buttons of the events declared `bulk`, each for those who may fire it, shown while rows are selected:
 * a confirmation first, or the
 * event's payload form (one payload for every row), then the event on each selected row.
 */
export function BulkEventButtons({ resource, count, onFire, firing }: BulkEventButtonsProps) {
  const t = useT();
  const [asking, setAsking] = useState<TransitionDef | null>(null);
  const events = (resource.transitions ?? []).filter((x) => x.bulk);
  // Shown once rows are picked: a list with several bulk events would otherwise open on a row of dead buttons.
  if (events.length === 0 || (count === 0 && !asking)) return null;
  return (
    <Space wrap>
      {events.map((def) => {
        const action = t(`transition.${def.name}`);
        const button = (
          <Button disabled={count === 0} loading={firing === def.name} onClick={def.payload?.length ? () => setAsking(def) : undefined}>
            {t('engine.bulk.button', { action, count })}
          </Button>
        );
        return (
          <Has key={def.name} perm={permOf(resource, def.action)}>
            {def.payload?.length ? (
              button
            ) : (
              <Popconfirm
                title={t('engine.bulk.confirm', { action, count })}
                okText={action}
                cancelText={t('common.cancel')}
                disabled={count === 0}
                onConfirm={() => void onFire(def).catch(() => undefined)}
              >
                {button}
              </Popconfirm>
            )}
          </Has>
        );
      })}
      {asking && (
        <TransitionDialog
          resource={resource}
          def={asking}
          subject={t('engine.selectedCount', { count })}
          onFire={(payload) => onFire(asking, payload)}
          onClose={() => setAsking(null)}
        />
      )}
    </Space>
  );
}
