import dayjs, { type Dayjs } from 'dayjs';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { filterFields, isDateLike, type Filters } from './listState';

/**
 * The search form's values, one per filtered field: text for eq / like, a list for 'in', and a
 * [from, to] pair for 'range' (days for dates, numbers otherwise). The URL holds them as text.
 */
export type FilterFormValues = Record<string, unknown>;
type Pair = [unknown, unknown] | null | undefined;

const DAY = 'YYYY-MM-DD';

function fromText(value: string | undefined, dateLike: boolean): Dayjs | number | null {
  if (!value) return null;
  if (dateLike) return dayjs(value).isValid() ? dayjs(value) : null;
  return Number.isFinite(Number(value)) ? Number(value) : null;
}

function toText(value: unknown, dateLike: boolean): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return dateLike ? (value as Dayjs).format(DAY) : String(value);
}

export function filtersToForm(r: ResourceDef, filters: Filters): FilterFormValues {
  const values: FilterFormValues = {};
  for (const f of filterFields(r)) {
    if (f.filter === 'range') {
      const from = fromText(filters[`${f.name}From`], isDateLike(f));
      const to = fromText(filters[`${f.name}To`], isDateLike(f));
      values[f.name] = from === null && to === null ? null : [from, to];
    } else if (f.filter === 'in') {
      values[f.name] = filters[f.name] ? filters[f.name]!.split(',') : [];
    } else {
      // null, not undefined: setting undefined would leave the control showing its old text.
      values[f.name] = filters[f.name] ?? null;
    }
  }
  return values;
}

export function formToFilters(r: ResourceDef, values: FilterFormValues): Filters {
  const filters: Filters = {};
  const set = (name: string, value: string | undefined) => {
    if (value) filters[name] = value;
  };
  for (const f of filterFields(r)) {
    const value = values[f.name];
    if (f.filter === 'range') {
      const [from, to] = (value as Pair) ?? [null, null];
      set(`${f.name}From`, toText(from, isDateLike(f)));
      set(`${f.name}To`, toText(to, isDateLike(f)));
    } else if (f.filter === 'in') {
      set(f.name, Array.isArray(value) ? value.join(',') : undefined);
    } else {
      set(f.name, value === null || value === undefined ? undefined : String(value).trim());
    }
  }
  return filters;
}
