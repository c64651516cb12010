import { PLATFORM_TENANT_ID, SUPER_ADMIN_ROLE_ID, ALL_CITIES_DEPT_ID } from '@kayuh/contract/constants';
import { DICTS } from '@kayuh/contract/dicts/index';
import { adminCatalogue } from '@kayuh/contract/i18n/index';
import { DEFAULT_LANG, type Lang } from '@kayuh/contract/lang';
import type { JobTarget } from '@kayuh/contract/jobTargets';
import { menuRows, type MenuRow } from '@kayuh/contract/menus/index';
import { billingRuleResource } from '@kayuh/contract/resources/billingRules';
import { cityResource } from '@kayuh/contract/resources/city';
import { deptResource } from '@kayuh/contract/resources/dept';
import { vehicleResource } from '@kayuh/contract/resources/fleet';
import { roleResource } from '@kayuh/contract/resources/role';
import { userResource } from '@kayuh/contract/resources/user';
import { zoneResource } from '@kayuh/contract/resources/zone';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../client.ts';
import { starterName, type StarterName } from './starterNames.ts';
import { seedCurrencies } from './money.ts';
import {
  countries,
  depts,
  dictData,
  dictTypes,
  guideSettings,
  i18nEntries,
  menus,
  roles,
  tenantPackages,
  tenants,
  timedTasks,
  userRoles,
  users,
} from '../schema.ts';

/** The package every operator tenant gets: every menu except the platform's own. */
export const STANDARD_PACKAGE_ID = 1;
export const INDONESIA_ID = 1;

/** The call that adds a row of a resource, as the console's HTTP client reports it: what completes a tour step. */
const addOf = (resource: { api: string }) => `${resource.api}/add`;

/** DOMAIN §5.1 default tour steps: the API call that completes each and the page it opens. */
export const GUIDE_STEPS = [
  { key: 'city', requestInterface: addOf(cityResource), routeWeb: '/configure/city/cityListPage' },
  { key: 'dept', requestInterface: addOf(deptResource), routeWeb: '/configure/dept' },
  { key: 'role', requestInterface: addOf(roleResource), routeWeb: '/configure/role' },
  { key: 'user', requestInterface: addOf(userResource), routeWeb: '/configure/user' },
  { key: 'billingRule', requestInterface: addOf(billingRuleResource), routeWeb: '/operations/billingRule' },
  { key: 'vehicle', requestInterface: addOf(vehicleResource), routeWeb: '/vehicle_main/vehicle' },
  { key: 'serviceArea', requestInterface: addOf(zoneResource), routeWeb: '/operations/area_scheduling_list' },
];
const TOUR_DONE_REMARK =
  '<p><b>Selamat!</b> Kota, tim, peran, pengguna, tarif, kendaraan dan area layanan Anda sudah siap.</p>' +
  '<p>Buka <b>Pusat Operasi</b> untuk memantau armada hari ini.</p>';

/** menus rows as the contract's catalogue declares them. */
export const menuValues = (rows: MenuRow[]) =>
  rows.map((m) => ({
    id: m.menuId,
    parentId: m.parentId,
    menuName: m.menuName,
    path: m.path,
    perms: m.perms,
    icon: m.icon,
    menuType: m.menuType,
    moduleKey: m.moduleKey,
    orderNum: m.orderNum,
    isCache: m.isCache,
    visible: m.visible,
    platformOnly: m.platformOnly,
    noLogin: m.noLogin,
    everyRole: m.everyRole,
  }));

const LANG_FIELD = { ID: 'id', EN: 'en', ZH: 'zh' } as const;
export type CatalogueLang = keyof typeof LANG_FIELD;

/** i18n_entries rows of the platform's console catalogue; `keep` picks which (lang, key) pairs. */
export const catalogueValues = (keep: (lang: CatalogueLang, key: string) => boolean = () => true) =>
  Object.entries(adminCatalogue).flatMap(([key, text]) =>
    (Object.keys(LANG_FIELD) as CatalogueLang[])
      .filter((lang) => keep(lang, key))
      .map((lang) => ({
        tenantId: PLATFORM_TENANT_ID,
        client: 'admin',
        module: key.split('.')[0] ?? 'common',
        i18nKey: key,
        lang,
        text: text[LANG_FIELD[lang]],
      })),
  );

/** Every enum of DOMAIN.md as a dictionary (`<table>_<column>`); labels are catalogue keys. */
export const dictTypeValues = (keep: (type: string) => boolean = () => true) =>
  DICTS.filter((d) => keep(d.type)).map((d) => ({ dictType: d.type, dictName: `dictType.${d.type}` }));

export const dictDataValues = (keep: (type: string, value: string) => boolean = () => true) =>
  DICTS.flatMap((d) =>
    d.values
      .filter((v) => keep(d.type, v.value))
      .map((v, i) => ({
        tenantId: PLATFORM_TENANT_ID,
        dictType: d.type,
        dictSort: i,
        dictValue: v.value,
        dictLabel: `dict.${d.type}.${v.value}`,
        listClass: v.listClass ?? null,
      })),
  );

const chunk = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The platform tenant's language (its default, DOMAIN §5.1), in which its starter names are written. */
const PLATFORM_LANG: Lang = DEFAULT_LANG;

/**
 * What every installation has, demo or not: the platform tenant, the menu catalogue, the console texts,
 * the shell dictionaries, countries, the standard package, the super-admin role, and the tour steps.
 */
export async function seedBase(db: Db) {
  await db.insert(countries).values({
    id: INDONESIA_ID,
    countryCode: 'ID',
    nameZh: '印度尼西亚',
    nameIn: 'Indonesia',
    phoneCode: '+62',
    defaultCurrency: 'IDR',
    defaultLang: 'ID',
  });
  const rows = menuRows();
  await db.insert(menus).values(menuValues(rows));
  await db.insert(tenantPackages).values({
    id: STANDARD_PACKAGE_ID,
    packageName: starterName(PLATFORM_LANG, 'standardPackage'),
    menuIds: rows.filter((m) => !m.platformOnly).map((m) => m.menuId),
  });
  await db.insert(tenants).values({
    id: PLATFORM_TENANT_ID,
    tenantCode: 'PLATFORM',
    companyName: 'Kayuh Platform',
    brandName: 'Kayuh',
    contactUserName: 'Platform team',
    contactPhone: '+62 21 0000 0000',
    email: 'platform@kayuh.id',
    countryId: INDONESIA_ID,
  });
  await db.insert(depts).values({
    id: ALL_CITIES_DEPT_ID,
    tenantId: PLATFORM_TENANT_ID,
    parentId: 0,
    ancestors: '0',
    deptName: 'Kayuh',
    kind: 0,
  });
  await db.insert(roles).values({
    id: SUPER_ADMIN_ROLE_ID,
    tenantId: PLATFORM_TENANT_ID,
    roleName: starterName(PLATFORM_LANG, 'superAdminRole'),
    roleKey: 'superadmin',
    dataScope: '1',
  });

  for (const part of chunk(catalogueValues(), 500)) await db.insert(i18nEntries).values(part);

  await db.insert(dictTypes).values(dictTypeValues());
  for (const part of chunk(dictDataValues(), 500)) await db.insert(dictData).values(part);

  await db.insert(guideSettings).values(
    GUIDE_STEPS.map((s, i) => ({
      titleKey: `guide.step.${s.key}`,
      requestInterface: s.requestInterface,
      routeWeb: s.routeWeb,
      orderNum: i + 1,
      remark: i === GUIDE_STEPS.length - 1 ? TOUR_DONE_REMARK : null,
    })),
  );
  await db.insert(timedTasks).values(platformTaskValues());
  await seedCurrencies(db, INDONESIA_ID);
  // Explicit ids were inserted above; move identities past them.
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('countries', 'id'), 100)`);
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('tenants', 'id'), 100)`);
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('tenant_packages', 'id'), 100)`);
}

/** The one platform super-admin account. */
export async function createSuperAdmin(db: Db, password: string, opts: { mustChangePwd: boolean; lang?: string }) {
  const [user] = await db
    .insert(users)
    .values({
      id: 1,
      tenantId: PLATFORM_TENANT_ID,
      deptId: ALL_CITIES_DEPT_ID,
      userName: 'superadmin',
      nickName: 'Super Admin',
      passwordHash: await hashPassword(password),
      mustChangePwd: opts.mustChangePwd,
      lang: opts.lang ?? 'ID',
      email: 'superadmin@kayuh.id',
      pwdUpdatedAt: new Date(),
    })
    .returning();
  await db.insert(userRoles).values({ tenantId: PLATFORM_TENANT_ID, userId: user!.id, roleId: SUPER_ADMIN_ROLE_ID });
  return user!;
}

/** The platform's own timed tasks, one per job target; a newer version's are added on start (sync.ts). */
const PLATFORM_TASKS: Array<{ invokeTarget: JobTarget; name: StarterName; cron: string }> = [
  { invokeTarget: 'sessionTask.cleanExpired', name: 'sessionCleanupJob', cron: '0 0/10 * * * ?' },
  { invokeTarget: 'exportTask.expire', name: 'exportExpiryJob', cron: '0 5 * * * ?' },
  { invokeTarget: 'deviceTask.keepTelemetry', name: 'telemetryPartitionJob', cron: '0 10 0/6 * * ?' },
  { invokeTarget: 'deviceTask.markOffline', name: 'offlineVehiclesJob', cron: '0 * * * * ?' },
  { invokeTarget: 'paymentTask.expireOrders', name: 'paymentExpiryJob', cron: '15 * * * * ?' },
  { invokeTarget: 'paymentTask.submitRefunds', name: 'refundSubmitJob', cron: '0/10 * * * * ?' },
  { invokeTarget: 'paymentTask.checkPrepaid', name: 'prepaidCheckJob', cron: '5/20 * * * * ?' },
  { invokeTarget: 'ledgerTask.audit', name: 'ledgerAuditJob', cron: '0 30 2 * * ?' },
  { invokeTarget: 'rideTask.endOverdue', name: 'overdueRidesJob', cron: '30 * * * * ?' },
  { invokeTarget: 'passTask.expire', name: 'passExpiryJob', cron: '0 2/5 * * * ?' },
  { invokeTarget: 'swapTask.expire', name: 'swapExpiryJob', cron: '0/20 * * * * ?' },
  { invokeTarget: 'memberTask.evaluateTags', name: 'tagRuleJob', cron: '0 45 1 * * ?' },
  { invokeTarget: 'memberTask.grantLevelCoupons', name: 'levelCouponJob', cron: '0 30 1 * * ?' },
  { invokeTarget: 'ticketTask.sla', name: 'ticketSlaJob', cron: '45 * * * * ?' },
  { invokeTarget: 'ticketTask.rules', name: 'ticketRuleJob', cron: '0 20 * * * ?' },
  { invokeTarget: 'ticketTask.zoneTargets', name: 'zoneTargetJob', cron: '0 0/5 * * * ?' },
  // After every city's midnight (UTC+7 to +9 at 08:00 to 10:00 local).
  { invokeTarget: 'shareTask.accrue', name: 'shareAccrualJob', cron: '0 10 1 * * ?' },
  // DOMAIN §3.9: on the 3rd, last month's settlements (its last days accrued by then).
  { invokeTarget: 'shareTask.settle', name: 'settlementJob', cron: '0 0 2 3 * ?' },
];

export const platformTaskValues = (wanted: (target: JobTarget) => boolean = () => true) =>
  PLATFORM_TASKS.filter((task) => wanted(task.invokeTarget)).map((task) => ({
    tenantId: PLATFORM_TENANT_ID,
    jobName: starterName(PLATFORM_LANG, task.name),
    jobGroup: 'SYSTEM',
    invokeTarget: task.invokeTarget,
    cronExpression: task.cron,
  }));
