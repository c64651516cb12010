import { MAX_OPEN_TABS } from '../constants.ts';

/** The open-tab list of spec §2: keyed by path, at most MAX_OPEN_TABS, oldest dropped. */

export type OpenTab = { title: string; path: string };

/** Reopening a tab keeps its place, so the tab strip does not jump under the pointer. */
export function openTab(list: readonly OpenTab[], tab: OpenTab, max = MAX_OPEN_TABS): OpenTab[] {
  if (list.some((t) => t.path === tab.path)) return [...list];
  if (max <= 0) return [];
  const next = [...list, tab];
  return next.length > max ? next.slice(next.length - max) : next;
}

/**
 * Closing the active tab activates its right neighbour, else its left one, like browser tabs.
 * Without an activePath the closed tab is taken as the active one (the close button of the current tab).
 */
export function closeTab(list: readonly OpenTab[], path: string, activePath: string = path): { list: OpenTab[]; next: OpenTab | null } {
  const index = list.findIndex((t) => t.path === path);
  if (index < 0) return { list: [...list], next: null };
  const rest = list.filter((t) => t.path !== path);
  const next = activePath === path ? (list[index + 1] ?? list[index - 1] ?? null) : null;
  return { list: rest, next };
}
