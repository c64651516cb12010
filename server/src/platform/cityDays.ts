import { businessDayOf } from '@kayuh/contract/rules/zone';
import { and, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { cities } from '../db/schema.ts';
import type { AuthContext } from './auth/context.ts';
import { visibleRows } from './scope.ts';

/** A city in view and its clock (hours from UTC). */
export interface CityClock {
  cityCode: number;
  offset: number;
}

/** The cities the caller sees (only the one asked for, when one is), in code order, each with its clock. */
export async function citiesInView(db: Db, auth: AuthContext, asked: number | undefined): Promise<CityClock[]> {
  const rows = await db
    .select({ cityCode: cities.cityCode, timeZone: cities.timeZone })
    .from(cities)
    .where(and(visibleRows(auth, cities), asked === undefined ? undefined : eq(cities.cityCode, asked)))
    .orderBy(cities.cityCode);
  return rows.map((c) => ({ cityCode: c.cityCode, offset: Number(c.timeZone) }));
}

/** Rows of the cities in view (none in view: no row). */
export const inCitiesOf =
  (scope: readonly CityClock[]) =>
  (city: PgColumn): SQL =>
    scope.length
      ? inArray(
          city,
          scope.map((c) => c.cityCode),
        )
      : sql`false`;

/**
 * Rows of today (DOMAIN §0.4): each city's on its own business day. With `cityless`, rows naming no city count too,
 * on the business day of that clock. No city in view: no row.
 */
export function todayIn(scope: readonly CityClock[], now: Date, city: PgColumn, at: PgColumn, cityless?: { offset: number }): SQL {
  if (!scope.length) return sql`false`;
  const within = (offset: number) => {
    const day = businessDayOf(now, offset);
    return and(gte(at, day.from), lt(at, day.to))!;
  };
  return or(...scope.map((c) => and(eq(city, c.cityCode), within(c.offset))!), cityless ? and(isNull(city), within(cityless.offset)) : undefined)!;
}
