import dayjs from 'dayjs';
import { ALL_CITIES_CODE, CURSOR_MAX, PAGE_SIZE_MAX } from '@kayuh/contract/constants';
import type { FieldDef, ResourceDef } from '@kayuh/contract/resources/types';
import type { SearchValues } from '../tabs/tabLocation';

/**
 * A resource list's state (filters, page, sort) as its tab's URL holds it, generalising the login
 * journal's hand-written version: the URL uses the request's own parameter names, so a link is the query.
 */

export const DEFAULT_PAGE_SIZE = 20;

/** Filter values by request parameter: `<name>` (eq, like, in: comma-separated) or `<name>From` / `<name>To`. */
export type Filters = Record<string, string>;

export interface ListState {
  pageNum: number;
  /** A cursor-paged list (ResourceDef.paging): where the page shown starts; none for the first page. */
  cursor?: string;
  pageSize: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc';
  filters: Filters;
}

export const filterFields = (r: ResourceDef): FieldDef[] => r.fields.filter((f) => f.filter);

/** Date ranges are whole calendar days in the URL (YYYY-MM-DD) and instants in the request. */
export const isDateLike = (f: FieldDef) => f.type === 'date' || f.type === 'datetime';

export const filterParams = (f: FieldDef): string[] => (f.filter === 'range' ? [`${f.name}From`, `${f.name}To`] : [f.name]);

/** A cursor as the server writes them (base64url), or none: a mangled link starts from the first page. */
const cursorParam = (value: string | null) => (value && value.length <= CURSOR_MAX && /^[A-Za-z0-9_-]+$/.test(value) ? value : undefined);

const positive = (value: string | null, fallback: number) => (Number(value) > 0 ? Math.floor(Number(value)) : fallback);

export function stateFromParams(r: ResourceDef, params: URLSearchParams): ListState {
  const filters: Filters = {};
  for (const f of filterFields(r)) {
    for (const name of filterParams(f)) {
      const value = params.get(name)?.trim();
      if (value) filters[name] = value;
    }
  }
  // Only a whitelisted (sortable) column is read back; anything else would be refused by the server.
  const order = params.get('orderByColumn');
  const sortable = order !== null && r.fields.some((f) => f.sortable && f.name === order);
  return {
    pageNum: positive(params.get('pageNum'), 1),
    pageSize: Math.min(PAGE_SIZE_MAX, positive(params.get('pageSize'), DEFAULT_PAGE_SIZE)),
    orderByColumn: sortable ? order : undefined,
    isAsc: sortable ? (params.get('isAsc') === 'desc' ? 'desc' : 'asc') : undefined,
    cursor: r.paging === 'cursor' ? cursorParam(params.get('cursor')) : undefined,
    filters,
  };
}

export const stateToParams = ({ filters, ...rest }: ListState): SearchValues => ({ ...rest, ...filters });

/** The filters as the list (and the export) send them. */
export function filterBody(r: ResourceDef, filters: Filters): Record<string, string> {
  const body: Record<string, string> = {};
  for (const f of filterFields(r)) {
    for (const name of filterParams(f)) {
      const value = filters[name];
      if (!value) continue;
      if (f.filter === 'range' && f.type === 'datetime') {
        const day = dayjs(value);
        if (!day.isValid()) continue;
        body[name] = (name.endsWith('From') ? day.startOf('day') : day.endOf('day')).toISOString();
      } else {
        body[name] = value;
      }
    }
  }
  return body;
}

/** The chosen city narrows city-scoped resources only; '' / null / 1 mean every visible city. */
export function cityParam(r: ResourceDef, cityCode: number | '' | null): { cityCode?: number } {
  return r.cityScoped && !r.ignoresCitySelector && typeof cityCode === 'number' && cityCode !== ALL_CITIES_CODE ? { cityCode } : {};
}

/** A tree (depts) is read whole, unpaged: its list answers every row when no paging is sent. */
export function requestBody(r: ResourceDef, state: ListState, cityCode: number | '' | null = null): Record<string, unknown> {
  const { filters, pageNum, pageSize, cursor, ...sort } = state;
  const paging = r.tree ? {} : r.paging === 'cursor' ? { pageSize, cursor } : { pageNum, pageSize };
  const body: Record<string, unknown> = { ...paging, ...sort, ...cityParam(r, cityCode), ...filterBody(r, filters) };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}
