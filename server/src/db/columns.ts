import { bigint, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** DOMAIN §0.1 universal columns, shared by every tenant-owned, editable table. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
export const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const audited = () => ({
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: bigint('created_by', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  deletedAt: ts('deleted_at'),
  version: integer('version').notNull().default(0),
  remark: text('remark'),
});

/** [A] append-only tables keep only id, tenant and creation. */
export const appendOnly = () => ({
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: bigint('created_by', { mode: 'number' }),
});
