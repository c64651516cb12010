import { useCallback, useState } from 'react';
import { isListed, type FieldDef, type ResourceDef } from '@kayuh/contract/resources/types';
import { useUserStore } from '../../stores/userStore';

/** Table row height (antd's sizes), ProTable's "density". */
export type Density = 'large' | 'middle' | 'small';
export const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];

/** What a user chose for one resource's table; only their changes, so new declared columns get their default. */
interface StoredSettings {
  columns?: Record<string, boolean>;
  density?: Density;
}

export const tableSettingsKey = (userId: number | string, resourceKey: string) => `kayuh-table:${userId}:${resourceKey}`;

function read(key: string): StoredSettings {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as StoredSettings) : {};
  } catch {
    return {};
  }
}

function write(key: string, settings: StoredSettings): void {
  try {
    localStorage.setItem(key, JSON.stringify(settings));
  } catch {
    // Storage full or blocked (private mode): the choice still holds until the page is closed.
  }
}

export interface TableSettings {
  /** The listed fields, in declaration order, each with whether it is shown now. */
  columns: ReadonlyArray<{ field: FieldDef; visible: boolean }>;
  density: Density;
  setVisible: (name: string, visible: boolean) => void;
  setDensity: (density: Density) => void;
  resetColumns: () => void;
}

/** Column choice and density of a resource's table, kept per user in localStorage (STYLE: ProTable's toolbar). */
export function useTableSettings(r: ResourceDef): TableSettings {
  const userId = useUserStore((s) => s.userInfo?.userId ?? 'guest');
  const key = tableSettingsKey(userId, r.key);
  const [state, setState] = useState(() => ({ key, settings: read(key) }));
  // Another user on the same page (after a re-sign-in) reads their own choice.
  const settings = state.key === key ? state.settings : read(key);
  const update = useCallback(
    (next: StoredSettings) => {
      write(key, next);
      setState({ key, settings: next });
    },
    [key],
  );
  return {
    columns: r.fields.filter(isListed).map((field) => ({ field, visible: settings.columns?.[field.name] ?? field.list === true })),
    density: settings.density && DENSITIES.includes(settings.density) ? settings.density : 'middle',
    setVisible: (name, visible) => update({ ...settings, columns: { ...settings.columns, [name]: visible } }),
    setDensity: (density) => update({ ...settings, density }),
    resetColumns: () => update({ ...settings, columns: undefined }),
  };
}
