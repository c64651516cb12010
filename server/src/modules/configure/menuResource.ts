import { Code } from '@kayuh/contract/codes';
import { menuResource } from '@kayuh/contract/resources/menu';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { menus, roleMenus } from '../../db/schema.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';

/** Menus: a parent must exist (0 for a module); removal waits until no child and no role holds it. */
export const menuBinding = bindResource(menuResource, menus, {
  async check({ values, tx, current }) {
    if (values.parentId === undefined || Number(values.parentId) === 0) return;
    if (current && Number(values.parentId) === Number(current.id)) throw invalid({ parentId: 'validation.invalidOption' });
    const [parent] = await tx
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.id, Number(values.parentId)), isNull(menus.deletedAt)));
    if (!parent) throw invalid({ parentId: 'validation.invalidOption' });
  },
  async beforeRemove({ tx, ids }) {
    const [child] = await tx
      .select({ id: menus.id })
      .from(menus)
      .where(and(inArray(menus.parentId, ids), isNull(menus.deletedAt)))
      .limit(1);
    if (child && !ids.includes(child.id)) throw new BizError(Code.transitionNotAllowed, 'menu.hasChildren');
    const [held] = await tx.select({ id: roleMenus.roleId }).from(roleMenus).where(inArray(roleMenus.menuId, ids)).limit(1);
    if (held) throw new BizError(Code.transitionNotAllowed, 'menu.inUse');
  },
  announces: 'menus',
});
