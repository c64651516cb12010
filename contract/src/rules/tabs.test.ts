import { describe, expect, it } from 'vitest';
import { MAX_OPEN_TABS } from '../constants.ts';
import { closeTab, openTab, type OpenTab } from './tabs.ts';

const tab = (n: number): OpenTab => ({ title: `Page ${n}`, path: `/m/p${n}` });
const tabs = (count: number): OpenTab[] => Array.from({ length: count }, (_, i) => tab(i + 1));

describe('openTab', () => {
  it('appends an absent tab and returns a new array', () => {
    const list = tabs(2);
    const next = openTab(list, tab(3));
    expect(next).toEqual([tab(1), tab(2), tab(3)]);
    expect(next).not.toBe(list);
    expect(list).toHaveLength(2);
  });

  it('leaves the list unchanged when the path is already open', () => {
    const list = tabs(3);
    const next = openTab(list, { title: 'Renamed', path: '/m/p1' });
    expect(next).toEqual(list);
    expect(next).not.toBe(list);
  });

  it(`holds at most MAX_OPEN_TABS (${MAX_OPEN_TABS}), dropping the oldest`, () => {
    const full = tabs(MAX_OPEN_TABS);
    const next = openTab(full, tab(99));
    expect(next).toHaveLength(MAX_OPEN_TABS);
    expect(next[0]).toEqual(tab(2));
    expect(next.at(-1)).toEqual(tab(99));
  });

  it('does not drop anything when reopening a tab of a full list', () => {
    const full = tabs(MAX_OPEN_TABS);
    expect(openTab(full, tab(1))).toEqual(full);
  });

  it('fills up to the limit before dropping', () => {
    let list: OpenTab[] = [];
    for (let n = 1; n <= MAX_OPEN_TABS; n++) list = openTab(list, tab(n));
    expect(list).toEqual(tabs(MAX_OPEN_TABS));
  });

  it('honours a custom max, trimming an over-long list', () => {
    expect(openTab(tabs(3), tab(4), 2)).toEqual([tab(3), tab(4)]);
    expect(openTab([], tab(1), 1)).toEqual([tab(1)]);
    expect(openTab(tabs(2), tab(3), 0)).toEqual([]);
  });
});

describe('closeTab', () => {
  const list = tabs(3);

  it('activates the right neighbour when the active tab closes', () => {
    expect(closeTab(list, '/m/p2', '/m/p2')).toEqual({ list: [tab(1), tab(3)], next: tab(3) });
  });

  it('activates the left neighbour when the last tab closes', () => {
    expect(closeTab(list, '/m/p3', '/m/p3')).toEqual({ list: [tab(1), tab(2)], next: tab(2) });
  });

  it('activates nothing when the only tab closes', () => {
    expect(closeTab([tab(1)], '/m/p1', '/m/p1')).toEqual({ list: [], next: null });
  });

  it('keeps the active tab when another tab closes', () => {
    expect(closeTab(list, '/m/p1', '/m/p3')).toEqual({ list: [tab(2), tab(3)], next: null });
  });

  it('treats the closed tab as active when no activePath is given', () => {
    expect(closeTab(list, '/m/p1')).toEqual({ list: [tab(2), tab(3)], next: tab(2) });
  });

  it('returns an unchanged copy for an unknown path', () => {
    const result = closeTab(list, '/nope', '/nope');
    expect(result).toEqual({ list, next: null });
    expect(result.list).not.toBe(list);
  });
});
