import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../auth/context.ts';
import type { BoundResource } from './binding.ts';
import { cursorAt, cursorColumns, decodeCursor, encodeCursor } from './cursor.ts';
import { afterCursor, allOf, cityChoice, filterConditions, orderOf, Placeholders, scopeConditions, sortOf } from './queries.ts';

type Row = Record<string, unknown>;
interface Prepared<T> {
  execute(values: Record<string, unknown>): Promise<T>;
}
interface ListStatements {
  rows: Prepared<Row[]>;
  total: Prepared<Array<{ n: number }>>;
}
type Shapes<T> = Map<string, T>;

/** Shapes kept per resource; beyond this the oldest is dropped (a statement stays prepared on its connections). */
const SHAPES_MAX = 64;
let named = 0;

/** The statement of a shape, prepared on first use; the oldest shape goes when there are too many. */
function preparedFor<T>(shapes: Shapes<T>, shape: string, prepare: () => T): T {
  let found = shapes.get(shape);
  if (!found) {
    found = prepare();
    if (shapes.size >= SHAPES_MAX) shapes.delete(shapes.keys().next().value!);
    shapes.set(shape, found);
  }
  return found;
}

/**
 * The rows a list's reference fields point at, joined in the list's own query so it answers each one's name
 * (`<field>Label`: a user's dept, a tenant's package) instead of leaving the browser to look them up.
 */
export function listedReferences(r: BoundResource, resourceOf: (key: string) => BoundResource | undefined) {
  return r.def.fields.flatMap((f) => {
    if (!f.ref || (f.type !== 'ref' && f.type !== 'tree') || f.list === false || f.list === undefined || f.virtual || f.computed) return [];
    const target = resourceOf(f.ref.resource);
    if (!target) return [];
    const joined = alias(target.table, `ref_${f.name}`) as unknown as PgTable & Record<string, PgColumn>;
    const valueKey = target.def.refValue ?? 'id';
    return [{ name: f.name, table: joined as PgTable, on: eq(joined[valueKey]!, r.columns[f.name]!), label: joined[f.ref.labelField]! }];
  });
}

type ListedReference = ReturnType<typeof listedReferences>[number];

/** A select of the resource's own columns, its computed fields and each listed reference's name, joined. */
export function selectWithReferences(db: Db, r: BoundResource, joins: ListedReference[], extra: Record<string, SQL> = {}) {
  const columns = {
    ...r.columns,
    ...r.computed,
    ...Object.fromEntries(joins.map((j) => [`${j.name}Label`, j.label])),
    ...extra,
  };
  return joins.reduce((query, join) => query.leftJoin(join.table, join.on), db.select(columns).from(r.table).$dynamic());
}

/**
 * The engine's reads as prepared statements, one per query shape (which scope, city and filter conditions apply,
 * and the sort): drizzle compiles a shape's SQL once and the database plans it once per connection, where building
 * the queries on every call was most of a small list's cost (bench:request-path).
 */
export class ReadQueries {
  private readonly lists: Shapes<ListStatements> = new Map();
  private readonly totals: Shapes<Prepared<Array<{ n: number }>>> = new Map();
  private readonly rows: Shapes<Prepared<Row[]>> = new Map();
  private readonly linkQueries: Array<[string, Prepared<Array<{ target: unknown }>>]>;
  private readonly joins: ListedReference[];

  constructor(
    private readonly db: Db,
    private readonly r: BoundResource,
    private readonly totalCap: number,
    resourceOf: (key: string) => BoundResource | undefined = () => undefined,
  ) {
    this.joins = listedReferences(r, resourceOf);
    this.linkQueries = Object.entries(r.links ?? {}).map(([name, link]) => [
      name,
      db
        .select({ target: link.target })
        .from(link.table)
        .where(eq(link.owner, sql.placeholder('id')))
        .prepare(`kayuh_links_${++named}`) as unknown as Prepared<Array<{ target: unknown }>>,
    ]);
  }

  /** One row the caller's scope admits, or undefined. */
  async byId(auth: AuthContext, id: number): Promise<Row | undefined> {
    const bind = new Placeholders();
    const where = allOf([eq(this.r.columns.id!, bind.value('row.id', id)), ...scopeConditions(this.r, auth, 'read', bind)]);
    const statement = preparedFor(
      this.rows,
      bind.shape,
      () =>
        this.db
          .select({ ...this.r.columns, ...this.r.computed })
          .from(this.r.table)
          .where(where)
          .limit(1)
          .prepare(`kayuh_row_${++named}`) as unknown as Prepared<Row[]>,
    );
    const [row] = await statement.execute(bind.values);
    return row;
  }

  /** The ids a row links to through its join tables (a user's roles and posts), read side by side. */
  async links(id: number): Promise<Record<string, number[]>> {
    const lists = await Promise.all(this.linkQueries.map(([, query]) => query.execute({ id })));
    return Object.fromEntries(this.linkQueries.map(([name], i) => [name, lists[i]!.map((row) => Number(row.target))]));
  }

  /**
   * A list page, its capped total, and where the next page starts: after the row a cursor names (keyset paging),
   * else at the page number. One row more than the page is read to know whether a next page exists.
   */
  async page(
    auth: AuthContext,
    q: Row & { pageNum: number; pageSize: number; cursor?: string },
  ): Promise<{ rows: Row[]; total: number; nextCursor: string | null }> {
    const bind = new Placeholders();
    const sort = sortOf(this.r, q);
    const filters = [
      ...scopeConditions(this.r, auth, 'read', bind),
      cityChoice(this.r, q.cityCode, bind),
      ...filterConditions(this.r, q, bind, auth),
    ];
    const totalShape = bind.shape;
    const totalValues = { ...bind.values };
    const after = q.cursor === undefined ? undefined : afterCursor(this.r, sort, decodeCursor(this.r, q.cursor, sort), bind);
    const where = allOf([...filters, after]);
    const shape = `${bind.shape}#${sort.field}:${sort.ascending ? 'asc' : 'desc'}`;
    const statements = preparedFor(this.lists, shape, () => this.prepareList(where, allOf(filters), q, totalShape));
    const values = { ...bind.values, limit: q.pageSize + 1, offset: after ? 0 : (q.pageNum - 1) * q.pageSize };
    const [read, [total]] = await Promise.all([statements.rows.execute(values), statements.total.execute(totalValues)]);
    const rows = read.slice(0, q.pageSize);
    return { rows, total: Number(total?.n ?? 0), nextCursor: read.length > q.pageSize ? encodeCursor(sort, cursorAt(this.r, rows.at(-1)!)) : null };
  }

  private prepareList(where: SQL | undefined, filters: SQL | undefined, q: Row, totalShape: string): ListStatements {
    const { db, r } = this;
    const id = ++named;
    // A log (cursor-paged) is counted along the index of its own order, which stops at the cap: planned once for every
    // tenant and city, the count otherwise took a bitmap of the whole city's rows first (bench:lists, the commands).
    const own = sortOf(r, {});
    const countAlong = r.def.paging === 'cursor' ? [(own.ascending ? asc : desc)(own.column)] : [];
    const capped = db
      .select({ one: sql`1` })
      .from(r.table)
      .where(filters)
      .orderBy(...countAlong)
      .limit(this.totalCap)
      .as('capped');
    const order = orderOf(r, q);
    const list = selectWithReferences(db, r, this.joins, cursorColumns(r, sortOf(r, q).column));
    const key = r.columns.id;
    // With names to join, the page's ids are found first and only its rows are joined: a deep page (an offset of
    // 20,000) then walks the index behind the order, not 20,000 joined rows. The ids are an array computed before the
    // join (not `id IN (…)`): past eight joins the planner no longer moves a semi-join ahead of them and would hash
    // every row of the joined tables for a page of 20 (the battery list: 2 s at 16 concurrent, 2 ms this way).
    const page =
      this.joins.length && key && !r.def.view
        ? list.where(
            sql`${key} = any(array${db
              .select({ id: key })
              .from(r.table)
              .where(where)
              .orderBy(...order)
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset'))})`,
          )
        : list.where(where).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
    return {
      rows: page.orderBy(...order).prepare(`kayuh_list_${id}`) as unknown as Prepared<Row[]>,
      // The total does not depend on the cursor: one statement per filter shape, shared by every page of it.
      total: preparedFor(
        this.totals,
        totalShape,
        () => db.select({ n: count() }).from(capped).prepare(`kayuh_total_${id}`) as unknown as Prepared<Array<{ n: number }>>,
      ),
    };
  }
}
