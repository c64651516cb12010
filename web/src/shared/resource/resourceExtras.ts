import type { RuleObject } from 'antd/es/form';
import type { ComponentType, ReactNode } from 'react';
import type { Action } from '@kayuh/contract/menus/types';
import type { TFunction } from '../../lib/i18n';
import type { FormValues } from './formValues';
import type { ResourceRow } from './resourceApi';

/**
 * What a page adds to the engine beyond its declaration: row actions of its own (Download, Run now, Reset
 * password), toolbar buttons with their dialogs (Import), per-field behaviour (a server check, a conditional
 * field, a cell) and live refreshing.
 * Pages pass these to ResourcePage; the declarations in the contract stay data.
 */

/** One extra row action: either a call (`run`) or a dialog of its own (`Dialog`). */
export interface RowExtra {
  /** Unique among the resource's actions. */
  name: string;
  /** i18n key of the button. */
  title: string;
  /** The permission action it needs (module:page:<perm>); none means the page's view permission. */
  perm?: Action;
  /** Shown but disabled when this says no (e.g. Download before the file is ready). */
  enabled?: (row: ResourceRow) => boolean;
  /** Asks before running, in the row's confirm popover. */
  confirm?: boolean;
  danger?: boolean;
  /** Reads only: stays enabled on another tenant's row, like View. */
  readOnly?: boolean;
  run?: (row: ResourceRow) => Promise<unknown>;
  /** i18n key toasted once `run` has succeeded. */
  doneText?: string;
  Dialog?: ComponentType<{ row: ResourceRow; onClose: () => void }>;
}

/** One extra toolbar button beside Add and Export; it opens a dialog of its own (Import, Export a language). */
export interface ToolbarExtra {
  /** Unique among the toolbar's buttons. */
  name: string;
  /** i18n key of the button. */
  title: string;
  /** The permission action it needs (module:page:<perm>). */
  perm: Action;
  icon?: ReactNode;
  /** Works on the selected rows (Print labels): the table offers selection, and the button waits for one. */
  selection?: boolean;
  Dialog: ComponentType<{ onClose: () => void; selected: readonly ResourceRow[] }>;
}

export interface FieldExtra {
  /** The form shows (and sends) the field only while this holds; the detail view shows it only for rows it holds for. */
  visibleWhen?: (values: FormValues) => boolean;
  /** Rules run after the declaration's own (which must pass first). Made once per form. */
  rules?: (t: TFunction) => RuleObject[];
  /** How the table and the detail view show the value. */
  cell?: (value: unknown, row: ResourceRow) => ReactNode;
}

export interface ResourceExtras {
  rowActions?: readonly RowExtra[];
  toolbar?: readonly ToolbarExtra[];
  /** By field name. */
  fields?: Readonly<Record<string, FieldExtra>>;
  /** Re-reads the list every `intervalMs` while `when` holds for its rows (work under way). */
  live?: { intervalMs: number; when: (rows: readonly ResourceRow[]) => boolean };
}

/** Fields hidden by their `visibleWhen` for these form values. */
export function hiddenFields(extras: ResourceExtras | undefined, values: FormValues): Set<string> {
  const hidden = new Set<string>();
  for (const [name, extra] of Object.entries(extras?.fields ?? {})) {
    if (extra.visibleWhen && !extra.visibleWhen(values)) hidden.add(name);
  }
  return hidden;
}
