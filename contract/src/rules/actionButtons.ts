import { ACTION_COLLAPSE_ABOVE, ACTION_INLINE_WHEN_COLLAPSED } from '../constants.ts';

/** Action-button groups of spec §3/§4. */

export interface ActionEntry {
  title: string;
  type?: string;
  icon?: string;
  disabled?: boolean;
  operating?: boolean;
  show?: boolean;
  data?: { perm?: string; tenantId?: number | null } & Record<string, unknown>;
}

/** Only `show: true` displays: entries are hidden unless a page opts them in (usually by permission). */
export function layoutActions<T extends ActionEntry>(entries: readonly T[]): { inline: T[]; more: T[] } {
  const visible = entries.filter((entry) => entry.show === true);
  if (visible.length <= ACTION_COLLAPSE_ABOVE) return { inline: visible, more: [] };
  return {
    inline: visible.slice(0, ACTION_INLINE_WHEN_COLLAPSED),
    more: visible.slice(ACTION_INLINE_WHEN_COLLAPSED),
  };
}
