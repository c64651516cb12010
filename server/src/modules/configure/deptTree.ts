import { Code } from '@kayuh/contract/codes';
import { deptResource } from '@kayuh/contract/resources/dept';
import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { depts, users } from '../../db/schema.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { tenantRows } from '../../platform/scope.ts';

/** A dept's subtree is every dept whose ancestors pass through it. */
const subtreeOf = (id: number) => or(like(depts.ancestors, `%,${id}`), like(depts.ancestors, `%,${id},%`));

/**
 * Depts keep `ancestors` (DOMAIN §5.2): set from the parent on add and on a move, and a move rewrites the
 * whole subtree in the same transaction. City depts (kind 2) come and go with their city.
 */
export const deptBinding = bindResource(deptResource, depts, {
  announces: 'auth',
  async check({ values, tx, tenantId, mode }) {
    if (values.parentId === undefined) return;
    const [parent] = await tx
      .select()
      .from(depts)
      .where(and(eq(depts.id, Number(values.parentId)), tenantRows(tenantId, depts)));
    if (!parent) throw invalid({ parentId: 'validation.invalidOption' });
    values.ancestors = `${parent.ancestors},${parent.id}`;
    if (mode === 'add') values.kind = 3;
  },
  async afterWrite({ tx, current: before, row: after }) {
    if (!before || !after || before.parentId === after.parentId) return;
    const id = Number(after.id);
    if (String(after.ancestors).split(',').map(Number).includes(id)) throw invalid({ parentId: 'validation.deptCycle' });
    const oldPrefix = `${before.ancestors},${id}`;
    const newPrefix = `${after.ancestors},${id}`;
    await tx
      .update(depts)
      .set({ ancestors: sql`${newPrefix} || substr(${depts.ancestors}, ${oldPrefix.length + 1})` })
      .where(and(eq(depts.tenantId, Number(after.tenantId)), subtreeOf(id)));
  },
  async beforeRemove({ tx, ids }) {
    const rows = await tx.select().from(depts).where(inArray(depts.id, ids));
    if (rows.some((d) => d.kind === 2 || d.kind === 1)) throw new BizError(Code.transitionNotAllowed, 'dept.cannotRemoveCity');
    const [child] = await tx
      .select({ id: depts.id })
      .from(depts)
      .where(and(inArray(depts.parentId, ids), isNull(depts.deletedAt)))
      .limit(1);
    if (child && !ids.includes(child.id)) throw new BizError(Code.transitionNotAllowed, 'dept.hasChildren');
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.deptId, ids), isNull(users.deletedAt)))
      .limit(1);
    if (member) throw new BizError(Code.transitionNotAllowed, 'dept.hasUsers');
  },
});
