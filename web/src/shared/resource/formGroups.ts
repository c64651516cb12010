import type { FieldDef, ResourceDef } from '@kayuh/contract/resources/types';

/** One group of a form as it shows now: its title (an i18n key) and the fields it holds that the form shows. */
export interface FormGroup {
  key: string;
  title: string;
  fields: FieldDef[];
}

/**
 * The declared groups (ResourceDef.form) of the fields a form shows now: each group's named fields in its order, and
 * a field no group names at the end of the first group. A group left with nothing to show (a role's depts outside
 * the custom scope, say) is left out. Without a declared layout: one untitled group of every field.
 */
export function formGroups(r: ResourceDef, shown: readonly FieldDef[]): FormGroup[] {
  if (!r.form) return [{ key: '', title: '', fields: [...shown] }];
  const byName = new Map(shown.map((f) => [f.name, f]));
  const placed = new Set(r.form.groups.flatMap((g) => g.fields));
  const groups = r.form.groups.map((g, index) => ({
    key: g.key,
    title: g.title,
    fields: [...g.fields.flatMap((name) => byName.get(name) ?? []), ...(index === 0 ? shown.filter((f) => !placed.has(f.name)) : [])],
  }));
  return groups.filter((g) => g.fields.length > 0);
}

/** The first group holding one of these fields (a form's errors), if any. */
export const groupWith = (groups: readonly FormGroup[], names: ReadonlySet<string>) => groups.find((g) => g.fields.some((f) => names.has(f.name)));
