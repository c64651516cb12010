import { matchPerm } from '@kayuh/contract/rules/permissions';
import { DEFAULT_LANG } from '@kayuh/contract/lang';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../client.ts';
import { cities, depts, menus, posts, roleDepts, roleMenus, roles, tenants, userPosts, userRoles, users } from '../schema.ts';
import { copyGuideSteps } from '../../modules/configure/tenantProvisioning.ts';
import { openPlatformAccounts } from '../../platform/ledger/platformAccounts.ts';
import { INDONESIA_ID, STANDARD_PACKAGE_ID, createSuperAdmin } from './base.ts';
import { starterName, type StarterName } from './starterNames.ts';
import { DEMO_POSTS, DEMO_TENANTS, ROLE_PERMS, type DemoRoleKey, type DemoTenant } from './demoOrg.ts';
import { seedFleetCatalogue } from './demoFleet.ts';
import { seedFleetAssets } from './demoFleetAssets.ts';
import { seedJoinApplications, seedPartners, seedShareConfigs } from './demoPartners.ts';
import { CS_REFUND_APPROVE_LIMIT, seedDemoMoney } from './demoMoney.ts';
import { seedDemoBilling, seedDemoCards } from './demoBilling.ts';
import { seedDemoPayments } from './demoPayments.ts';
import { seedDemoMembers, seedRecentSignUps } from './demoMembers.ts';
import { seedDemoPasses } from './demoPasses.ts';
import { seedDemoRides } from './demoRides.ts';
import { seedDemoTickets } from './demoTickets.ts';
import { seedDemoSwaps } from './demoSwaps.ts';
import { seedDemoFeedback } from './demoFeedback.ts';
import { seedDemoTags } from './demoTags.ts';
import { seedDemoMerchants } from './demoMerchants.ts';
import { seedDemoTemplates } from './demoTemplates.ts';
import { seedDemoLoyalty } from './demoLoyalty.ts';
import { seedDemoKyc } from './demoKyc.ts';
import { seedDemoSpareParts } from './demoSpareParts.ts';
import { seedDemoZoneTargets } from './demoZoneTargets.ts';
import { accrueShares } from '../../modules/operations/partners/shareAccrual.ts';
import { seedDemoSettlements } from './demoSettlements.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { FieldCipher } from '../../platform/secrets/fieldCipher.ts';

type MenuRow = { id: number; parentId: number; perms: string | null; platformOnly: boolean };

/** Menu ids a set of permission patterns grants, with their module and page rows. */
function menuIdsFor(patterns: readonly string[], all: MenuRow[]): number[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  const ids = new Set<number>();
  // A pattern that starts with '!' takes back what the others grant (a broad grant less a few buttons).
  const granted = patterns.filter((p) => !p.startsWith('!'));
  const withheld = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const grants = (perms: string) => granted.some((p) => matchPerm(p, perms)) && !withheld.some((p) => matchPerm(p, perms));
  for (const m of all) {
    if (m.platformOnly || !m.perms || !grants(m.perms)) continue;
    for (let node: MenuRow | undefined = m; node; node = byId.get(node.parentId)) ids.add(node.id);
  }
  return [...ids];
}

interface StaffSpec {
  userName: string;
  nickName: string;
  deptId: number;
  role: number;
  post: string;
  lang?: string;
}

async function seedTenant(db: Db, t: DemoTenant, allMenus: MenuRow[], password: string) {
  // The demo operators work in Indonesian (their default language): their organisation is named in it.
  const name = (key: StarterName, vars?: Record<string, string>) => starterName(DEFAULT_LANG, key, vars);
  await db.insert(tenants).values({
    id: t.id,
    tenantCode: t.code,
    companyName: t.company,
    brandName: t.brand,
    contactUserName: t.contact,
    contactPhone: t.phone,
    email: t.email,
    address: t.address,
    licenseNumber: t.nib,
    npwp: t.npwp,
    countryId: INDONESIA_ID,
    packageId: STANDARD_PACKAGE_ID,
  });
  const cityCodes = t.cities.map((c) => c.code);
  await db.insert(depts).values([
    {
      id: t.companyDeptId,
      tenantId: t.id,
      parentId: 1,
      ancestors: '0,1',
      deptName: name('companyDept', { brand: t.brand }),
      kind: 1,
      orderNum: t.id,
    },
    ...t.cities.map((c, i) => ({
      id: c.code,
      tenantId: t.id,
      parentId: t.companyDeptId,
      ancestors: `0,1,${t.companyDeptId}`,
      deptName: c.name,
      kind: 2,
      cityCode: c.code,
      orderNum: i + 1,
    })),
  ]);
  await db.insert(cities).values(
    t.cities.map((c) => ({
      tenantId: t.id,
      cityCode: c.code,
      cityName: c.zh,
      cityInName: c.name,
      countryId: INDONESIA_ID,
      countryName: 'Indonesia',
      timeZone: String(c.tz),
      ianaTz: c.iana,
      centerLat: String(c.lat),
      centerLng: String(c.lng),
      currency: 'IDR',
    })),
  );
  const teams = await db
    .insert(depts)
    .values([
      ...t.cities.map((c, i) => ({
        tenantId: t.id,
        parentId: c.code,
        ancestors: `0,1,${t.companyDeptId},${c.code}`,
        deptName: name('opsTeamDept', { city: c.name }),
        kind: 3,
        cityCode: c.code,
        orderNum: i,
      })),
      {
        tenantId: t.id,
        parentId: t.companyDeptId,
        ancestors: `0,1,${t.companyDeptId}`,
        deptName: name('customerServiceDept'),
        kind: 3,
        orderNum: 20,
      },
      { tenantId: t.id, parentId: t.companyDeptId, ancestors: `0,1,${t.companyDeptId}`, deptName: name('financeDept'), kind: 3, orderNum: 21 },
    ])
    .returning({ id: depts.id, name: depts.deptName });
  const teamId = (name: string) => teams.find((d) => d.name === name)!.id;

  const postRows = await db
    .insert(posts)
    .values(DEMO_POSTS.map(([postCode, post], i) => ({ tenantId: t.id, postCode, postName: name(post), postSort: i })))
    .returning({ id: posts.id, code: posts.postCode });
  const postId = (code: string) => postRows.find((p) => p.code === code)!.id;

  const roleSpecs: Array<{ key: string; name: string; scope: string; perms: DemoRoleKey; depts: number[] }> = [
    { key: 'tenant_admin', name: name('tenantAdminRole'), scope: '1', perms: 'tenant_admin', depts: [] },
    ...t.cities.map((c) => ({
      key: `city_ops_${c.slug}`,
      name: name('cityOpsRole', { city: c.name }),
      scope: '2',
      perms: 'city_ops' as const,
      depts: [c.code],
    })),
    { key: 'technician', name: name('technicianRole'), scope: '5', perms: 'technician', depts: [] },
    { key: 'cs', name: name('customerServiceRole'), scope: '2', perms: 'cs', depts: cityCodes },
    { key: 'finance', name: name('financeRole'), scope: '1', perms: 'finance', depts: [] },
  ];
  const roleIds = new Map<string, number>();
  for (const [i, spec] of roleSpecs.entries()) {
    const [role] = await db
      .insert(roles)
      .values({
        tenantId: t.id,
        roleName: spec.name,
        roleKey: spec.key,
        roleSort: i + 1,
        dataScope: spec.scope,
        // DOMAIN §9.2: customer service approves refunds up to Rp 100,000; finance any amount.
        refundApproveLimit: spec.key === 'cs' ? CS_REFUND_APPROVE_LIMIT : null,
      })
      .returning({ id: roles.id });
    roleIds.set(spec.key, role!.id);
    const ids = menuIdsFor(ROLE_PERMS[spec.perms], allMenus);
    if (ids.length) await db.insert(roleMenus).values(ids.map((menuId) => ({ tenantId: t.id, roleId: role!.id, menuId })));
    if (spec.depts.length) await db.insert(roleDepts).values(spec.depts.map((deptId) => ({ tenantId: t.id, roleId: role!.id, deptId })));
  }

  const people = [...t.people];
  const next = () => people.shift() ?? `${t.brand} staff`;
  const staff: StaffSpec[] = [
    { userName: `${t.prefix}.admin`, nickName: next(), deptId: t.companyDeptId, role: roleIds.get('tenant_admin')!, post: 'OPS_MGR' },
    ...t.cities.map((c, i) => ({
      userName: `${t.prefix}.ops.${c.slug}`,
      nickName: next(),
      deptId: teamId(name('opsTeamDept', { city: c.name })),
      role: roleIds.get(`city_ops_${c.slug}`)!,
      post: 'OPS_MGR',
      lang: t.id === 2 && i === 1 ? 'EN' : 'ID',
    })),
    ...t.cities.flatMap((c) =>
      [1, 2, 3, 4].map((n) => ({
        userName: `${t.prefix}.tech.${c.slug}.0${n}`,
        nickName: next(),
        deptId: c.code,
        role: roleIds.get('technician')!,
        post: 'TECH',
      })),
    ),
    ...[1, 2].map((n) => ({
      userName: `${t.prefix}.cs.0${n}`,
      nickName: next(),
      deptId: teamId(name('customerServiceDept')),
      role: roleIds.get('cs')!,
      post: 'CS',
    })),
    { userName: `${t.prefix}.fin.01`, nickName: next(), deptId: teamId(name('financeDept')), role: roleIds.get('finance')!, post: 'FIN' },
  ];
  const hashes = await Promise.all(staff.map(() => hashPassword(password)));
  const inserted = await db
    .insert(users)
    .values(
      staff.map((s, i) => ({
        tenantId: t.id,
        deptId: s.deptId,
        userName: s.userName,
        nickName: s.nickName,
        passwordHash: hashes[i]!,
        lang: s.lang ?? 'ID',
        userType: s.post === 'TECH' ? '10' : '00',
        email: `${s.userName}@${t.prefix}.id`,
        pwdUpdatedAt: new Date(),
        phone: `+62 812 ${String(1000 + t.id * 100 + i).padStart(4, '0')} ${String(5000 + i * 37).slice(0, 4)}`,
      })),
    )
    .returning({ id: users.id, userName: users.userName });
  await db.insert(userRoles).values(staff.map((s, i) => ({ tenantId: t.id, userId: inserted[i]!.id, roleId: s.role })));
  await db.insert(userPosts).values(staff.map((s, i) => ({ tenantId: t.id, userId: inserted[i]!.id, postId: postId(s.post) })));
}

/** DOMAIN §9 demo organisation: the super admin (ZH) and the two operator tenants with their staff. */
export async function seedDemo(db: Db, password: string, keep: { cipher: FieldCipher; files: FileStore }) {
  await createSuperAdmin(db, password, { mustChangePwd: false, lang: 'ZH' });
  const allMenus = await db.select({ id: menus.id, parentId: menus.parentId, perms: menus.perms, platformOnly: menus.platformOnly }).from(menus);
  for (const tenant of DEMO_TENANTS) await seedTenant(db, tenant, allMenus, password);
  // DOMAIN §9.1: KitaBike has finished its tour; GowesBali has done 3 of 7 steps, so its tour shows.
  await copyGuideSteps(db, 2, { done: 7 });
  await copyGuideSteps(db, 3, { done: 3 });
  for (const tenant of DEMO_TENANTS) await openPlatformAccounts(db, tenant.id, 'IDR', null);
  for (const tenant of DEMO_TENANTS) await seedDemoMoney(db, tenant);
  for (const tenant of DEMO_TENANTS) await seedFleetCatalogue(db, tenant);
  for (const tenant of DEMO_TENANTS) await seedDemoBilling(db, tenant);
  for (const tenant of DEMO_TENANTS) await seedDemoCards(db, tenant);
  // The fleet's times are stamped relative to one instant, the seed's own.
  const now = new Date();
  for (const tenant of DEMO_TENANTS) await seedFleetAssets(db, tenant, now);
  for (const tenant of DEMO_TENANTS) await seedPartners(db, tenant, now);
  for (const tenant of DEMO_TENANTS) await seedJoinApplications(db, tenant, now);
  for (const tenant of DEMO_TENANTS) await seedShareConfigs(db, tenant, now);
  await seedDemoMembers(db, DEMO_TENANTS);
  for (const tenant of DEMO_TENANTS) await seedDemoPayments(db, tenant, now);
  for (const tenant of DEMO_TENANTS) await seedDemoPasses(db, tenant, now);
  // The merchants host their sites before the rides and swaps there, so those earn their shares.
  for (const tenant of DEMO_TENANTS) await seedDemoMerchants(db, tenant, now, keep);
  for (const tenant of DEMO_TENANTS) await seedDemoRides(db, tenant, now);
  for (const tenant of DEMO_TENANTS) await seedDemoSwaps(db, tenant, now);
  for (const tenant of DEMO_TENANTS) await seedDemoKyc(db, tenant, now, keep);
  for (const tenant of DEMO_TENANTS) await seedDemoFeedback(db, tenant, now, keep.files);
  for (const tenant of DEMO_TENANTS) await seedRecentSignUps(db, tenant, now);
  for (const tenant of DEMO_TENANTS) await seedDemoTags(db, tenant, now);
  for (const tenant of DEMO_TENANTS) await seedDemoTemplates(db, tenant);
  for (const tenant of DEMO_TENANTS) await seedDemoLoyalty(db, tenant);
  for (const tenant of DEMO_TENANTS) await seedDemoTickets(db, tenant, now);
  for (const tenant of DEMO_TENANTS) await seedDemoSpareParts(db, tenant);
  for (const tenant of DEMO_TENANTS) await seedDemoZoneTargets(db, tenant);
  // The shares the demo's rides, swaps and passes earned, accrued up to yesterday as the daily task does.
  await accrueShares(db, undefined, now);
  for (const tenant of DEMO_TENANTS) await seedDemoSettlements(db, tenant, now);
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('tenants', 'id'), 100)`);
}
