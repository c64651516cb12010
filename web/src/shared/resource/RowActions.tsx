import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { Popconfirm } from 'antd';
import { useState } from 'react';
import type { ActionEntry } from '@kayuh/contract/rules/actionButtons';
import type { ResourceDef, TransitionDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { useUserStore } from '../../stores/userStore';
import { ActionButtons } from '../ActionButtons';
import { rowName } from './FieldValue';
import { permOf, type ResourceRow } from './resourceApi';
import type { RowExtra } from './resourceExtras';

export type RowCommand =
  { kind: 'view' } | { kind: 'edit' } | { kind: 'remove' } | { kind: 'transition'; def: TransitionDef } | { kind: 'extra'; extra: RowExtra };

interface RowEntry extends ActionEntry {
  command: RowCommand;
  /** Asks before running (removal, and transitions declared `confirm`). */
  confirm?: boolean;
}

/**
 * A row's entries: View, Edit, the page's own actions, Remove and each transition allowed from the row's
 * current state. Each carries the row's tenant, so another tenant's row shows them disabled (spec §6), and
 * its permission, so a user without it does not see it.
 */
export function rowEntries(r: ResourceDef, row: ResourceRow, extras: readonly RowExtra[] = [], me?: number): RowEntry[] {
  // A global ([G]) row is the platform's: only its super admin may change it (the tenant restriction of spec §6).
  const tenantId = r.scope === 'global' ? PLATFORM_TENANT_ID : (row.tenantId ?? null);
  const entry = (title: string, command: RowCommand, perm: string | undefined, extra: Partial<RowEntry> = {}): RowEntry => ({
    title,
    show: true,
    command,
    data: { perm, tenantId },
    ...extra,
  });
  // View needs nothing beyond the page's own view permission, which opening the page required.
  const entries = [entry('action.view', { kind: 'view' }, undefined)];
  if (r.editable && r.actions.includes('edit')) entries.push(entry('action.edit', { kind: 'edit' }, permOf(r, 'edit')));
  for (const extra of extras) {
    entries.push(
      entry(extra.title, { kind: 'extra', extra }, extra.perm && permOf(r, extra.perm), {
        disabled: extra.enabled ? !extra.enabled(row) : false,
        confirm: Boolean(extra.confirm),
        type: extra.danger ? 'danger' : undefined,
        operating: Boolean(extra.readOnly),
      }),
    );
  }
  if (r.actions.includes('remove')) {
    entries.push(entry('action.remove', { kind: 'remove' }, permOf(r, 'remove'), { type: 'danger', confirm: true }));
  }
  for (const def of r.transitions ?? []) {
    const current = String(row[def.field] ?? '');
    entries.push(
      entry(`transition.${def.name}`, { kind: 'transition', def }, permOf(r, def.action), {
        show:
          def.from.some((from) => String(from) === current) &&
          !def.unless?.in.includes(String(row[def.unless.field] ?? '')) &&
          (!def.mine || (me !== undefined && Number(row[def.mine]) === me)),
        // An event with a payload asks for it in a dialog, which is its confirmation.
        confirm: Boolean(def.confirm) && !def.payload?.length,
      }),
    );
  }
  return entries;
}

interface RowActionsProps {
  resource: ResourceDef;
  row: ResourceRow;
  extras?: readonly RowExtra[];
  onCommand: (command: RowCommand, row: ResourceRow) => void;
}

/** The action group of one row; a command that needs confirming asks in a popover by the group first. */
export function RowActions({ resource, row, extras, onCommand }: RowActionsProps) {
  const t = useT();
  const me = useUserStore((s) => s.userInfo?.userId);
  const [pending, setPending] = useState<RowEntry | null>(null);
  const name = rowName(resource, row, t);
  const title =
    pending?.command.kind === 'remove'
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
          entries={rowEntries(resource, row, extras, me)}
          onCommand={(entry) => (entry.confirm ? setPending(entry) : onCommand(entry.command, row))}
        />
      </span>
    </Popconfirm>
  );
}
