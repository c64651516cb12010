// A signed-in staff member per bench tenant for the list benchmarks: `<prefix>.admin` (bench1.admin…), holding a
// tenant-admin role with every menu `*:*:*` grants (as the demo's tenant admins, DOMAIN §9.2), data scope all cities.
// And the field technicians the work-order tickets are assigned to: per city one per 500 vehicles (at least two),
// `<prefix>.tech.<city>.NN` in the city's dept, holding the tenant's technician role (the demo's, data scope own).
import { menuRows } from '@kayuh/contract/menus/index';
import { matchPerm } from '@kayuh/contract/rules/permissions';
import { hash } from '@node-rs/argon2';
import { menus, roleMenus, roles, userRoles, users } from '../../../server/src/db/schema.ts';
import { ROLE_PERMS } from '../../../server/src/db/seed/demoOrg.ts';
import { DAY_MS, FIRST_TENANT_ID, stamped, type Context } from '../context.ts';
import { defineTable } from '../spec.ts';

/** The bench staff's password (BENCH_PASSWORD to change it); the bench scripts sign in with it. */
export const BENCH_PASSWORD = process.env.BENCH_PASSWORD ?? 'bench-2026';
export const adminUserName = (prefix: string) => `${prefix}.admin`;
/** Role and user ids: one each per tenant, from here (a fresh install's identities start at 100). */
const roleIdOf = (tenantId: number) => tenantId;
export const userIdOf = (tenantId: number) => tenantId;
/** The technician role of a tenant: clear of the admin roles (1001…). */
const technicianRoleIdOf = (tenantId: number) => tenantId + 100;
/** Technicians' user ids run from here, city by city in the plan's order. */
const FIRST_TECHNICIAN_ID = 10_001;
const VEHICLES_PER_TECHNICIAN = 500;

/** Each city's technicians: `count` user ids from `firstId` (the plan does not depend on the seed). */
export function technicianPlan(ctx: Pick<Context, 'cities'>): Map<number, { firstId: number; count: number }> {
  const plan = new Map<number, { firstId: number; count: number }>();
  let next = FIRST_TECHNICIAN_ID;
  for (const c of ctx.cities) {
    const count = Math.max(2, Math.round(c.vehicles / VEHICLES_PER_TECHNICIAN));
    plan.set(c.cityCode, { firstId: next, count });
    next += count;
  }
  return plan;
}

/**
 * The menus some permission patterns grant an operator tenant: every page with a permission outside the platform's
 * own that one of them matches, and their parents (`*:*:*`: every page, the tenant admin's).
 */
function menuIdsFor(patterns: readonly string[]): number[] {
  const rows = menuRows();
  const byId = new Map(rows.map((m) => [m.menuId, m]));
  const ids = new Set<number>();
  for (const m of rows) {
    if (m.platformOnly || !m.perms || !patterns.some((p) => matchPerm(p, m.perms!))) continue;
    for (let node: (typeof rows)[number] | undefined = m; node; node = byId.get(node.parentId)) ids.add(node.menuId);
  }
  return [...ids].sort((a, b) => a - b);
}

const madeAt = (asOf: Date) => stamped(new Date(asOf.getTime() - 790 * DAY_MS));

export const staffTables = [
  defineTable({
    table: roles,
    *rows(_rng, ctx) {
      for (const t of ctx.tenants) {
        yield {
          id: roleIdOf(t.id),
          tenantId: t.id,
          roleName: 'Admin tenant',
          roleKey: 'tenant_admin',
          roleSort: 1,
          dataScope: '1',
          ...madeAt(ctx.asOf),
        };
      }
      for (const t of ctx.tenants) {
        yield {
          id: technicianRoleIdOf(t.id),
          tenantId: t.id,
          roleName: 'Teknisi lapangan',
          roleKey: 'technician',
          roleSort: 2,
          dataScope: '5',
          ...madeAt(ctx.asOf),
        };
      }
    },
  }),
  defineTable({
    table: roleMenus,
    *rows(_rng, ctx) {
      const menuIds = menuIdsFor(['*:*:*']);
      for (const t of ctx.tenants) for (const menuId of menuIds) yield { tenantId: t.id, roleId: roleIdOf(t.id), menuId };
      const technicianMenuIds = menuIdsFor(ROLE_PERMS.technician);
      for (const t of ctx.tenants) for (const menuId of technicianMenuIds) yield { tenantId: t.id, roleId: technicianRoleIdOf(t.id), menuId };
    },
    references: [
      [roleMenus.roleId, roles.id],
      [roleMenus.menuId, menus.id],
    ],
  }),
  defineTable({
    table: users,
    async *rows(rng, ctx) {
      for (const t of ctx.tenants) {
        // argon2id as passwords.ts makes it, with a salt from the seed so the file is the same on every run.
        const salt = Uint8Array.from({ length: 16 }, () => rng.int(0, 255));
        const userName = adminUserName(t.prefix);
        yield {
          id: userIdOf(t.id),
          tenantId: t.id,
          deptId: t.companyDeptId,
          userName,
          nickName: `Admin ${t.brand}`,
          passwordHash: await hash(BENCH_PASSWORD, { algorithm: 2, salt }),
          lang: 'ID',
          email: `${userName}@${t.prefix}.example`,
          pwdUpdatedAt: ctx.asOf,
          ...madeAt(ctx.asOf),
        };
      }
      // The technicians, after every admin (so the admins' salts stay what they were), each with a salt of its own.
      const technicians = technicianPlan(ctx);
      for (const c of ctx.cities) {
        const { firstId, count } = technicians.get(c.cityCode)!;
        const prefix = ctx.tenants.find((t) => t.id === c.tenantId)!.prefix;
        for (let k = 0; k < count; k++) {
          const salt = Uint8Array.from({ length: 16 }, () => rng.int(0, 255));
          const userName = `${prefix}.tech.${c.slug}.${String(k + 1).padStart(2, '0')}`;
          yield {
            id: firstId + k,
            tenantId: c.tenantId,
            deptId: c.cityCode,
            userName,
            nickName: `Teknisi ${c.name} ${k + 1}`,
            passwordHash: await hash(BENCH_PASSWORD, { algorithm: 2, salt }),
            lang: 'ID',
            email: `${userName}@${prefix}.example`,
            pwdUpdatedAt: ctx.asOf,
            ...madeAt(ctx.asOf),
          };
        }
      }
    },
  }),
  defineTable({
    table: userRoles,
    *rows(_rng, ctx) {
      for (const t of ctx.tenants) yield { tenantId: t.id, userId: userIdOf(t.id), roleId: roleIdOf(t.id) };
      const technicians = technicianPlan(ctx);
      for (const c of ctx.cities) {
        const { firstId, count } = technicians.get(c.cityCode)!;
        for (let k = 0; k < count; k++) yield { tenantId: c.tenantId, userId: firstId + k, roleId: technicianRoleIdOf(c.tenantId) };
      }
    },
    references: [
      [userRoles.userId, users.id],
      [userRoles.roleId, roles.id],
    ],
    rules: [
      {
        name: 'bench user whose role is of another tenant',
        sql: `SELECT count(*) FROM user_roles ur JOIN users u ON u.id = ur.user_id JOIN roles r ON r.id = ur.role_id WHERE u.tenant_id >= ${FIRST_TENANT_ID} AND (r.tenant_id <> u.tenant_id OR ur.tenant_id <> u.tenant_id)`,
      },
    ],
  }),
];
