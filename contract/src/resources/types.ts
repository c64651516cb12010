/**
 * The resource engine's declaration (DESIGN §5): one object per resource drives the server's
 * list/get/add/edit/remove/export/transition routes and the web's list page, form drawer and detail view.
 * Modelled on ProTable's column array and Refine's resource: data, not code.
 */
import type { Action, ModuleKey } from '../menus/types.ts';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'int'
  | 'decimal'
  | 'money'
  | 'bool'
  | 'date'
  | 'datetime'
  | 'dict'
  | 'ref'
  | 'tree'
  | 'image'
  | 'polygon'
  | 'json'
  /**
   * Ids of another resource; `ref` names the resource. With `virtual` they live in a join table (a role's menus,
   * a user's roles); without, in an array column of the row (a package's menus, an icon's cities), each id once,
   * an empty list stored as null.
   */
  | 'idList'
  /** Write-only secret: accepted on add, never stored as sent nor answered. */
  | 'password';

/** One of a field's fixed choices: the stored value and the i18n key of its label. */
export interface FieldChoice {
  value: string;
  label: string;
}

/** How a field filters a list: exact match, substring, a from–to range, or one of several values. */
export type FilterKind = 'eq' | 'like' | 'range' | 'in';

/** A condition on a row: its `field` holds one of `in` (as text). */
export interface RowCondition {
  field: string;
  in: readonly string[];
}

export interface FieldDef {
  /** JSON name (camelCase), and the drizzle column name on the server. */
  name: string;
  type: FieldType;
  /** i18n key of the label; defaults to `field.<resource>.<name>`. */
  label?: string;
  /** Required on add (and on edit when sent). */
  required?: boolean;
  /** Text: length limits. Numbers: value limits. */
  min?: number;
  max?: number;
  /** A regular expression source the text must match (its message: `validation.invalidFormat`). */
  pattern?: string;
  /** type 'dict': the dictionary type whose values the field takes (DOMAIN §0.2 `<table>_<column>`). */
  dict?: string;
  /**
   * type 'dict': the field holds a list of the dictionary's values, each once, in a `text[]` column (a country's payment
   * methods); picked many at once, shown as tags. Never a filter.
   */
  multiple?: boolean;
  /**
   * type 'text': a fixed list of choices declared in code (an allow-list such as JOB_TARGETS), for values that are
   * not tenant data and so not a dictionary. The form picks from it, the list and filter show its labels (i18n keys),
   * and the schema accepts no other value.
   */
  options?: ReadonlyArray<FieldChoice>;
  /** type 'ref' / 'tree': the resource whose ids the field holds, and its label field. */
  ref?: {
    resource: string;
    labelField: string;
    /** What the picker asks the referenced list for (a package picks from the menus a tenant may hold). */
    query?: Record<string, string>;
  };
  /** i18n key of a help line under the form control (what an empty value means, say). */
  hint?: string;
  /** Shown in the list: true, false, or 'hidden' (offered in column settings, hidden by default). */
  list?: boolean | 'hidden';
  filter?: FilterKind;
  sortable?: boolean;
  /** In the form: false = never; 'add' = only when creating; 'readonly' = shown, not editable. */
  form?: boolean | 'add' | 'readonly';
  /** Columns in a 24-column form grid (default 12). */
  span?: number;
  /**
   * An event's payload field asked only on rows whose `field` holds one of `in` (a repair's part lines): the dialog of
   * another row, or of a selection, leaves it out. A fixed field of the resource (a type's own page) counts as held.
   */
  when?: RowCondition;
  /** Unique among the tenant's live rows: a clash answers 2005. */
  unique?: boolean;
  /** Unique together with these fields (a dictionary value within its type). */
  uniqueWith?: string[];
  /** Written by the server only (e.g. counters, timestamps), never accepted from a request. */
  serverOnly?: boolean;
  /** Default value on add. */
  defaultValue?: string | number | boolean;
  /** The stored text is an i18n key (seeded names and labels): shown translated, edited as the key. */
  translated?: boolean;
  /** Not a column of the table: the server binding stores it (join tables, hashed secrets). */
  virtual?: boolean;
  /**
   * Worked out by the database in the list's own query (a count of linked rows, a sum, a column of a joined row): the
   * server binding gives the SQL. Read-only, so always `serverOnly`; sortable like a column. An 'eq' filter only when the
   * binding also gives the filter's own condition (BoundResource.computedFilters: one an index answers, such as a
   * semi-join), never the select's SQL compared row by row.
   */
  computed?: boolean;
  /** idList shown as a checkable tree whose half-checked parents are kept too (a role's menus). */
  tree?: boolean;
  /** A valid value, for the API documentation and the tests generated from the registry. */
  example?: string | number | boolean | readonly number[] | readonly string[];
}

/** Who fires an event (DOMAIN §0: actor_type 1 staff, 2 member, 3 system, 4 device). */
export type ActorKind = 'staff' | 'member' | 'system' | 'device';

/**
 * One event of a resource's state machine (DOMAIN §3): from these values of `field` to `to`, as one conditional
 * update, with its guard, extra columns and effects bound on the server (BoundResource.events).
 */
export interface TransitionDef {
  /** The event's name: route segment and i18n key `transition.<name>`: POST …/<name>. */
  name: string;
  field: string;
  from: ReadonlyArray<string | number>;
  to: string | number;
  /** The permission action staff need (module:page:<action>). */
  action: Action;
  /** Who may fire it; staff only unless it says so. */
  actors?: ReadonlyArray<ActorKind>;
  /** What the event carries (a reason, an assignee), validated and shown in a form before it fires. */
  payload?: ReadonlyArray<FieldDef>;
  /** Confirm before running (destructive or hard to undo). */
  confirm?: boolean;
  /** May be fired on a selection of rows at once (the list's toolbar, POST …/<name>/bulk), each row on its own. */
  bulk?: boolean;
  /** Not offered on rows whose `field` holds one of `in` (the binding's guard refuses them too): a platform account's lock. */
  unless?: RowCondition;
  /**
   * Offered only on rows whose `mine` field holds the caller's own user id (a ticket's technician starts it); the
   * binding's guard refuses anyone else too.
   */
  mine?: string;
}

/** A titled group of a form's fields: a section or a tab (ResourceDef.form). */
export interface FormGroupDef {
  /** Unique within the form. */
  key: string;
  /** i18n key of the title. */
  title: string;
  /** The form fields it holds, by name, in the order shown. */
  fields: ReadonlyArray<string>;
}

/**
 * How the add / edit form groups its fields: titled sections one under another, or tabs. A form field no group
 * names falls in the first group, after the ones it names, so a field added later is never behind a tab unseen.
 */
export interface FormLayoutDef {
  layout: 'sections' | 'tabs';
  groups: ReadonlyArray<FormGroupDef>;
}

/** Another resource's rows that point at a row of this one, listed in the row's detail drawer (a dept's staff). */
export interface RelatedDef {
  /** The other resource's key. */
  resource: string;
  /** Its field that holds this row's id (or refValue), declared with `filter: 'eq'`. */
  field: string;
  /** i18n key of the list's title; default the other resource's name (`resource.<key>`). */
  title?: string;
  /** Shown only for rows whose `field` (declared on this resource) holds one of `in`; default every row. */
  when?: RowCondition;
}

export interface ResourceDef {
  /** Unique key, also the i18n prefix `resource.<key>`. */
  key: string;
  module: ModuleKey;
  /** The perm page key: permissions are `${module}:${page}:<action>`. */
  page: string;
  /** API base under /api, e.g. '/system/post'. */
  api: string;
  /** JSON name of the primary key (RuoYi style `postId`), carried as `id` in the table. */
  idName: string;
  /**
   * A read-only resource over a view or a rollup table (the `rpt_*` tables of DOMAIN §7): no id, no createdAt, no
   * writes. `key` names the fields that identify a row (its grain, e.g. statDate, cityCode, modelId): they break sort
   * ties and make page cursors. Such a resource has a list and an export only.
   */
  view?: { key: ReadonlyArray<string> };
  /**
   * 'cursor': the console pages this list by cursor (First, Previous, Next; no page numbers), reading each page after
   * the last row of the one before (nextCursor): for append-only, high-volume lists (journals, logs, telemetry),
   * where page 40,000 is never asked for by number and OFFSET would have to count its way there.
   */
  paging?: 'cursor';
  /**
   * Where the list's total stops, below its paging's cap (listTotalCap): a busy list read page after page, whose count
   * to 10,000 would be most of its time (rides: "at least 1,000").
   */
  totalCap?: number;
  /**
   * tenant: rows carry tenant_id; global: [G] tables managed by the platform tenant; overlay: [G+tenant] —
   * every tenant reads the platform's rows (tenant 1) with its own, and changes only its own.
   */
  scope: 'tenant' | 'global' | 'overlay';
  /** [C] rows carry city_code and follow the user's visible cities. */
  cityScoped?: boolean;
  /** A city-scoped list that ignores the header's selected city (the city list itself shows every visible city). */
  ignoresCitySelector?: boolean;
  /** Rows are soft-deleted and carry `version` (DOMAIN §0.1); false for append-only journals. */
  editable: boolean;
  /** The actions the resource offers (subset of add, edit, remove, export). */
  actions: ReadonlyArray<'add' | 'edit' | 'remove' | 'export'>;
  /**
   * Rows belong to the staff member in this field: a user sees their own, unless a role of theirs sees every
   * city (data scope '1', DOMAIN §5.3) — then the tenant's.
   */
  ownerField?: string;
  /**
   * Rows of this resource are the table's rows whose field holds one of these values (one table, two pages:
   * the console catalogue and the app texts). A single value is also what add writes.
   */
  fixed?: Record<string, ReadonlyArray<string>>;
  /**
   * Its picker choices go only to those who may view the list (tenants, packages), even though other resources point
   * at it; a resource nothing points at always needs the view permission (`optionsOpenToAll`).
   */
  optionsNeedView?: boolean;
  /** Its picker choices go to every signed-in user of the tenant although no resource field points at it (staff, for a notice's recipients). */
  optionsForAll?: boolean;
  /** Every signed-in user may list (still within their scope): lists that feed shared pickers, like the city selector. */
  listForAll?: boolean;
  /** Small lists (cities, depts) answer every visible row (up to 500) when the call sends no paging. */
  unpagedByDefault?: boolean;
  /** A tree by parent id (depts, menus): the list answers every row, the web renders a tree. */
  tree?: { parentField: string };
  fields: FieldDef[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** The field that names a row in messages, pickers and the detail title. */
  titleField: string;
  /** The field other rows hold to point at a row of this resource (its picker's value); default the id. Cities: cityCode. */
  refValue?: string;
  /**
   * The field holding the ISO 4217 code its money fields are in (DOMAIN §0.3: one currency per row); default
   * `currency`. The currencies page names its own row's: `code`.
   */
  currencyField?: string;
  transitions?: TransitionDef[];
  /**
   * The row's detail shows its timeline (GET …/{id}/events) although this resource fires no events of its own: the
   * page of rows that another resource's events moved to their end (an alarm's history). `eventsOf` is that resource's
   * key: its transitions name the events, their states and their notes.
   */
  timeline?: { eventsOf: string };
  /** Groups the add / edit form's fields into sections or tabs; without it, one grid. */
  form?: FormLayoutDef;
  /**
   * Other resources whose rows a write of this one changes (a stock movement: the shelves and the catalogue's on hand):
   * their lists are read again with its own.
   */
  refreshes?: ReadonlyArray<string>;
  /** Lists of other resources' rows that point at a row, shown in its detail drawer. */
  related?: ReadonlyArray<RelatedDef>;
}

export const isListed = (f: FieldDef) => f.list !== false && f.list !== undefined;
export const fieldLabel = (r: ResourceDef, f: FieldDef) => f.label ?? `field.${r.key}.${f.name}`;
