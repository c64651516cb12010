import { describe, expect, it } from 'vitest';
import { adminCatalogue } from './index.ts';
import { fieldCatalogue } from './fields.ts';
import { RESOURCES } from '../resources/index.ts';
import { fieldLabel } from '../resources/types.ts';

const transitionNames = [...new Set(RESOURCES.flatMap((r) => (r.transitions ?? []).map((tr) => tr.name)))];

describe('the labels of declared resources', () => {
  it('has a label (and its help line, if any) for every field of every resource', () => {
    const missing = RESOURCES.flatMap((r) => r.fields.flatMap((f) => [fieldLabel(r, f), ...(f.hint ? [f.hint] : [])])).filter(
      (key) => !(key in adminCatalogue),
    );
    expect(missing).toEqual([]);
  });

  it('names every resource (resource.<key>)', () => {
    const missing = RESOURCES.map((r) => `resource.${r.key}`).filter((key) => !(key in adminCatalogue));
    expect(missing).toEqual([]);
  });

  it('names every transition (transition.<name>)', () => {
    expect(transitionNames.length).toBeGreaterThan(0);
    const missing = transitionNames.map((name) => `transition.${name}`).filter((key) => !(key in adminCatalogue));
    expect(missing).toEqual([]);
  });

  it('holds no key that no declaration uses (a renamed field would leave a stale label)', () => {
    const used = new Set([
      ...RESOURCES.flatMap((r) => [`resource.${r.key}`, ...r.fields.flatMap((f) => [fieldLabel(r, f), ...(f.hint ? [f.hint] : [])])]),
      ...transitionNames.map((name) => `transition.${name}`),
    ]);
    expect(Object.keys(fieldCatalogue).filter((key) => !used.has(key))).toEqual([]);
  });
});
