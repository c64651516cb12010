// Every generated table in foreign-key order: a later issue adds its tables by adding a module here.
import type { AnyTableSpec } from '../spec.ts';
import { fleetTables } from './fleet.ts';
import { orgTables } from './org.ts';
import { staffTables } from './staff.ts';

export const TABLES: AnyTableSpec[] = [...orgTables, ...staffTables, ...fleetTables];
