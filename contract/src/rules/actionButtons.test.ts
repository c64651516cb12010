import { describe, expect, it } from 'vitest';
import { ACTION_COLLAPSE_ABOVE, ACTION_INLINE_WHEN_COLLAPSED } from '../constants.ts';
import { layoutActions, type ActionEntry } from './actionButtons.ts';

const entry = (title: string, show = true): ActionEntry => ({ title, show });
const titles = (entries: ActionEntry[]): string[] => entries.map((e) => e.title);

describe('layoutActions', () => {
  it('shows only entries with show set to true', () => {
    const { inline, more } = layoutActions([entry('View'), entry('Edit', false), { title: 'Remove' }, entry('Audit')]);
    expect(titles(inline)).toEqual(['View', 'Audit']);
    expect(more).toEqual([]);
  });

  it('keeps all visible entries inline up to the collapse limit', () => {
    const entries = Array.from({ length: ACTION_COLLAPSE_ABOVE }, (_, i) => entry(`A${i}`));
    expect(layoutActions(entries)).toEqual({ inline: entries, more: [] });
  });

  it(`collapses more than ${ACTION_COLLAPSE_ABOVE} visible into ${ACTION_INLINE_WHEN_COLLAPSED} inline + More`, () => {
    const { inline, more } = layoutActions([entry('View'), entry('Edit'), entry('Remove'), entry('Audit')]);
    expect(titles(inline)).toEqual(['View', 'Edit']);
    expect(titles(more)).toEqual(['Remove', 'Audit']);
  });

  it('counts only visible entries towards the limit', () => {
    const { inline, more } = layoutActions([entry('View'), entry('H1', false), entry('Edit'), entry('H2', false), entry('Remove')]);
    expect(titles(inline)).toEqual(['View', 'Edit', 'Remove']);
    expect(more).toEqual([]);
  });

  it('handles an empty group', () => {
    expect(layoutActions([])).toEqual({ inline: [], more: [] });
  });

  it('keeps the caller entry objects and their extra fields', () => {
    const rich = [1, 2, 3, 4, 5].map((n) => ({ title: `T${n}`, show: true, data: { perm: `m:p:a${n}`, tenantId: n }, id: n }));
    const { inline, more } = layoutActions(rich);
    expect(inline[0]).toBe(rich[0]);
    expect(more.map((e) => e.id)).toEqual([3, 4, 5]);
  });
});
