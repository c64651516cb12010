import { describe, expect, it } from 'vitest';
import { dictByType } from '../dicts/index.ts';
import { adminCatalogue } from '../i18n/index.ts';
import { menuRows } from '../menus/index.ts';
import { RESOURCES, resourceByKey } from './index.ts';
import type { ResourceDef } from './types.ts';

/**
 * Every name a declaration gives as a string points at something that exists: its fields, the resources it
 * refers to, the dictionaries' values and the permissions of the menu catalogue. A typo fails here, not in a user's
 * hands.
 */
const perms = new Set(menuRows().flatMap((row) => (row.perms ? [row.perms] : [])));
const fieldNames = (r: ResourceDef) => new Set(r.fields.map((f) => f.name));
const SYSTEM_COLUMNS = ['id', 'createdAt', 'updatedAt'];

describe.each(RESOURCES.map((r) => [r.key, r] as const))('the declaration of %s', (_key, r) => {
  const names = fieldNames(r);

  it('names its own fields for the title, the sort, uniqueness and its reference value (fixed columns: the server binding)', () => {
    expect(names.has(r.titleField), `titleField ${r.titleField}`).toBe(true);
    expect(names.has(r.defaultSort.field) || SYSTEM_COLUMNS.includes(r.defaultSort.field), `defaultSort ${r.defaultSort.field}`).toBe(true);
    for (const f of r.fields) for (const other of f.uniqueWith ?? []) expect(names.has(other), `${f.name}.uniqueWith ${other}`).toBe(true);
    if (r.refValue) expect(names.has(r.refValue), `refValue ${r.refValue}`).toBe(true);
  });

  it('refers only to declared resources and their fields, and to dictionaries that exist', () => {
    for (const f of r.fields) {
      if (f.ref) {
        const target = resourceByKey(f.ref.resource);
        expect(target, `${f.name} → ${f.ref.resource}`).toBeDefined();
        expect(fieldNames(target!).has(f.ref.labelField), `${f.name} label ${f.ref.labelField}`).toBe(true);
      }
      if (f.type === 'dict') expect(dictByType(f.dict!), `${f.name} dict ${f.dict}`).toBeDefined();
    }
  });

  it('needs only permissions the menu catalogue holds', () => {
    expect(perms.has(`${r.module}:${r.page}:view`)).toBe(true);
    for (const action of r.actions) expect(perms.has(`${r.module}:${r.page}:${action}`), action).toBe(true);
    for (const t of r.transitions ?? []) expect(perms.has(`${r.module}:${r.page}:${t.action}`), `${t.name} → ${t.action}`).toBe(true);
  });

  it('computes only read-only fields, which no form takes and only an exact filter (with its own SQL, server side)', () => {
    for (const f of r.fields.filter((x) => x.computed)) {
      expect(f.serverOnly, `${f.name} is serverOnly`).toBe(true);
      expect([undefined, 'eq'], `${f.name} filters only by an exact value`).toContain(f.filter);
      expect(f.required, `${f.name} is not required`).toBeFalsy();
    }
  });

  it('holds lists of dictionary values only in dictionary fields, never filtered by them', () => {
    for (const f of r.fields.filter((x) => x.multiple)) {
      expect(f.type, f.name).toBe('dict');
      expect(f.filter, `${f.name} has no filter`).toBeUndefined();
    }
  });

  it('names a currency field of its own for its money (money without one reads as a bare grouped amount)', () => {
    if (r.currencyField) expect(names.has(r.currencyField), `currency field ${r.currencyField}`).toBe(true);
  });

  it('groups its form fields by name: each a form field, none in two groups, every group titled', () => {
    if (!r.form) return;
    const formFields = new Set(r.fields.filter((f) => !f.serverOnly && f.form !== false).map((f) => f.name));
    const placed = r.form.groups.flatMap((g) => g.fields);
    for (const name of placed) expect(formFields.has(name), `form group field ${name}`).toBe(true);
    expect(
      placed.filter((name, i) => placed.indexOf(name) !== i),
      'fields in two groups',
    ).toEqual([]);
    const keys = r.form.groups.map((g) => g.key);
    expect(new Set(keys).size, 'group keys').toBe(keys.length);
    expect(r.form.groups.length).toBeGreaterThan(0);
    for (const g of r.form.groups) expect(adminCatalogue[g.title], `group title ${g.title}`).toBeDefined();
  });

  it('refreshes only resources that exist', () => {
    for (const key of r.refreshes ?? []) expect(resourceByKey(key), `refreshes ${key}`).toBeDefined();
  });

  it('relates only lists whose filtered field points back at it', () => {
    for (const rel of r.related ?? []) {
      const target = resourceByKey(rel.resource);
      expect(target, `related ${rel.resource}`).toBeDefined();
      const field = target!.fields.find((f) => f.name === rel.field);
      expect(field?.filter, `${rel.resource}.${rel.field} filter`).toBe('eq');
      // At this resource, or at the resource whose rows it shows under another page (PLN_order's are IAK_list's).
      const pointsAt =
        field?.ref?.resource === r.key ? r.key : resourceByKey(field?.ref?.resource ?? '')?.idName === r.idName ? r.key : field?.ref?.resource;
      expect(pointsAt, `${rel.resource}.${rel.field} points at`).toBe(r.key);
      expect(adminCatalogue[rel.title ?? `resource.${rel.resource}`], `related title ${rel.title}`).toBeDefined();
      if (rel.when)
        expect(
          r.fields.map((f) => f.name),
          `related ${rel.resource} when`,
        ).toContain(rel.when.field);
    }
  });

  it('names its events apart from the routes every resource has', () => {
    const taken = ['list', 'options', 'add', 'edit', 'remove', 'export', 'import'];
    for (const t of r.transitions ?? []) expect(taken, t.name).not.toContain(t.name);
    for (const t of r.transitions ?? [])
      if (t.unless)
        expect(
          r.fields.map((f) => f.name),
          `${t.name} unless`,
        ).toContain(t.unless.field);
    // An event offered only to the row's own user names a field holding a user.
    for (const t of (r.transitions ?? []).filter((x) => x.mine))
      expect(r.fields.find((f) => f.name === t.mine)?.ref?.resource, `${t.name} mine`).toBe('user');
  });

  it("moves between its state field's own values", () => {
    for (const t of r.transitions ?? []) {
      const field = r.fields.find((f) => f.name === t.field);
      expect(field, `${t.name}.field ${t.field}`).toBeDefined();
      const values = field!.dict ? dictByType(field!.dict)?.values.map((v) => v.value) : undefined;
      if (values) for (const state of [...t.from, t.to]) expect(values, `${t.name}: state ${state}`).toContain(String(state));
    }
  });

  it('shows a timeline only of events another declaration fires on the same rows', () => {
    if (!r.timeline) return;
    const firing = RESOURCES.find((x) => x.key === r.timeline!.eventsOf);
    expect(firing?.transitions?.length, r.timeline.eventsOf).toBeGreaterThan(0);
    expect(firing!.api).not.toBe(r.api);
    expect(firing!.idName).toBe(r.idName);
  });
});
