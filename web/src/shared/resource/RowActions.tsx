import { Popconfirm } from 'antd';
import { useState } from 'react';
import type { ActionEntry } from '@kayuh/contract/rules/actionButtons';
import type { ResourceDef, TransitionDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { ActionButtons } from '../ActionButtons';
import { permOf, type ResourceRow } from './resourceApi';

export type RowCommand =
  | { kind: 'view' }
  | { kind: 'edit' }
  | { kind: 'remove' }
  | { kind: 'transition'; def: TransitionDef };

interface RowEntry extends ActionEntry {
  command: RowCommand;
  /** Asks before running (removal, and transitions declared `confirm`). */
  confirm?: boolean;
}

/**
 * A row's entries: View, Edit, Remove and each transition allowed from the row's current state. Each
 * carries the row's tenant, so another tenant's row shows them disabled (spec §6), and its permission,
 * so a user without it does not see it.
 */
export function rowEntries(r: ResourceDef, row: ResourceRow): RowEntry[] {
  const tenantId = row.tenantId ?? null;
  const entry = (title: string, command: RowCommand, perm: string | undefined, extra: Partial<RowEntry> = {}): RowEntry =>
    ({ title, show: true, command, data: { perm, tenantId }, ...extra });
  // View needs nothing beyond the page's own view permission, which opening the page required.
  const entries = [entry('action.view', { kind: 'view' }, undefined)];
  if (r.editable && r.actions.includes('edit')) entries.push(entry('action.edit', { kind: 'edit' }, permOf(r, 'edit')));
  if (r.actions.includes('remove')) {
    entries.push(entry('action.remove', { kind: 'remove' }, permOf(r, 'remove'), { type: 'danger', confirm: true }));
  }
  for (const def of r.transitions ?? []) {
    const current = String(row[def.field] ?? '');
    entries.push(entry(`transition.${def.name}`, { kind: 'transition', def }, permOf(r, def.action), {
      show: def.from.some((from) => String(from) === current),
      confirm: Boolean(def.confirm),
    }));
  }
  return entries;
}

interface RowActionsProps {
  resource: ResourceDef;
  row: ResourceRow;
  onCommand: (command: RowCommand, row: ResourceRow) => void;
}

/** The action group of one row; a command that needs confirming asks in a popover by the group first. */
export function RowActions({ resource, row, onCommand }: RowActionsProps) {
  const t = useT();
  const [pending, setPending] = useState<RowEntry | null>(null);
  const name = String(row[resource.titleField] ?? '');
  const title = pending?.command.kind === 'remove'
    ? t('engine.confirmRemove', { name })
    : t('engine.confirmTransition', { action: t(pending?.title ?? ''), name });
  return (
    <Popconfirm
      open={pending !== null}
      title={title}
      okText={t(pending?.title ?? 'common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: pending?.type === 'danger' }}
      onConfirm={() => {
        if (pending) onCommand(pending.command, row);
        setPending(null);
      }}
      onCancel={() => setPending(null)}
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
    >
      <span>
        <ActionButtons<RowEntry>
          entries={rowEntries(resource, row)}
          onCommand={(entry) => (entry.confirm ? setPending(entry) : onCommand(entry.command, row))}
        />
      </span>
    </Popconfirm>
  );
}
