/**
 * The shell's tables (DOMAIN §5). drizzle-kit generates the SQL migrations from this file
 * (`npm run db:generate -w @kayuh/server`); the SQL in ./migrations is what runs.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  decimal,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from './columns.ts';

const live = sql`deleted_at IS NULL`;

export const countries = pgTable(
  'countries',
  {
    id: id(),
    countryCode: char('country_code', { length: 2 }).notNull(),
    nameZh: text('name_zh').notNull(),
    nameIn: text('name_in').notNull(),
    phoneCode: text('phone_code').notNull(),
    defaultCurrency: char('default_currency', { length: 3 }).notNull(),
    defaultLang: char('default_lang', { length: 2 }).notNull(),
    status: smallint('status').notNull().default(1),
    ...audited(),
  },
  (t) => [uniqueIndex('countries_code_uq').on(t.countryCode).where(live)],
);

export const tenantPackages = pgTable('tenant_packages', {
  id: id(),
  packageName: text('package_name').notNull(),
  menuIds: bigint('menu_ids', { mode: 'number' }).array().notNull(),
  menuCheckStrictly: boolean('menu_check_strictly').notNull().default(true),
  status: char('status', { length: 1 }).notNull().default('0'),
  ...audited(),
});

export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    tenantCode: text('tenant_code').notNull(),
    companyName: text('company_name').notNull(),
    brandName: text('brand_name').notNull(),
    contactUserName: text('contact_user_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    email: text('email').notNull(),
    licenseNumber: text('license_number'),
    npwp: text('npwp'),
    address: text('address'),
    domain: text('domain'),
    countryId: bigint('country_id', { mode: 'number' })
      .notNull()
      .references(() => countries.id),
    defaultLang: char('default_lang', { length: 2 }).notNull().default('ID'),
    defaultCurrency: char('default_currency', { length: 3 }).notNull().default('IDR'),
    packageId: bigint('package_id', { mode: 'number' }).references(() => tenantPackages.id),
    expireAt: ts('expire_at'),
    accountLimit: integer('account_limit').notNull().default(-1),
    status: char('status', { length: 1 }).notNull().default('0'),
    /** The tenant publishes its public GBFS feed (DOMAIN §8.3); off → every feed path answers 404. */
    gbfsEnabled: boolean('gbfs_enabled').notNull().default(true),
    ...audited(),
  },
  (t) => [uniqueIndex('tenants_code_uq').on(t.tenantCode).where(live)],
);

export const depts = pgTable(
  'depts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    tenantId: tenantId(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull(),
    ancestors: text('ancestors').notNull(),
    deptName: text('dept_name').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    leader: text('leader'),
    phone: text('phone'),
    email: text('email'),
    status: char('status', { length: 1 }).notNull().default('0'),
    kind: smallint('kind').notNull(),
    cityCode: bigint('city_code', { mode: 'number' }),
    ...audited(),
  },
  (t) => [index('depts_tenant_idx').on(t.tenantId, t.parentId)],
);

export const cities = pgTable(
  'cities',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    cityName: text('city_name').notNull(),
    cityInName: text('city_in_name').notNull(),
    countryId: bigint('country_id', { mode: 'number' })
      .notNull()
      .references(() => countries.id),
    countryName: text('country_name').notNull(),
    timeZone: decimal('time_zone', { precision: 4, scale: 2 }).notNull(),
    ianaTz: text('iana_tz').notNull(),
    centerLat: decimal('center_lat', { precision: 9, scale: 6 }).notNull(),
    centerLng: decimal('center_lng', { precision: 9, scale: 6 }).notNull(),
    defaultZoom: smallint('default_zoom').notNull().default(13),
    currency: char('currency', { length: 3 }).notNull(),
    openingHours: text('opening_hours').notNull().default('24/7'),
    // DOMAIN §8.2: 1 free-floating (a ride ends anywhere allowed), 2 station-based (only inside a parking zone).
    parkingMode: smallint('parking_mode').notNull().default(1),
    status: smallint('status').notNull().default(1),
    ...audited(),
  },
  (t) => [uniqueIndex('cities_code_uq').on(t.cityCode).where(live), index('cities_tenant_idx').on(t.tenantId)],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    tenantId: tenantId(),
    postCode: text('post_code').notNull(),
    postName: text('post_name').notNull(),
    postSort: integer('post_sort').notNull().default(0),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...audited(),
  },
  (t) => [uniqueIndex('posts_code_uq').on(t.tenantId, t.postCode).where(live)],
);

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    tenantId: tenantId(),
    deptId: bigint('dept_id', { mode: 'number' })
      .notNull()
      .references(() => depts.id),
    userName: text('user_name').notNull(),
    nickName: text('nick_name').notNull(),
    userType: text('user_type').notNull().default('00'),
    email: text('email'),
    phone: text('phone'),
    sex: char('sex', { length: 1 }),
    avatarUrl: text('avatar_url'),
    passwordHash: text('password_hash').notNull(),
    status: char('status', { length: 1 }).notNull().default('0'),
    lang: char('lang', { length: 2 }),
    loginIp: text('login_ip'),
    loginAt: ts('login_at'),
    pwdUpdatedAt: ts('pwd_updated_at'),
    mustChangePwd: boolean('must_change_pwd').notNull().default(false),
    /** Consecutive failed sign-ins; 5 → locked_until (DESIGN §10). */
    loginFailCount: integer('login_fail_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
    ...audited(),
  },
  (t) => [uniqueIndex('users_name_uq').on(t.userName).where(live), index('users_tenant_idx').on(t.tenantId)],
);

export const userSessions = pgTable(
  'user_sessions',
  {
    id: id(),
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    browser: text('browser'),
    os: text('os'),
    loginAt: ts('login_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** 1 logout, 2 signed in elsewhere (3001), 3 expired (4001), 4 kicked by admin (10007). */
    revokeReason: smallint('revoke_reason'),
  },
  (t) => [
    uniqueIndex('user_sessions_token_uq').on(t.tokenHash),
    index('user_sessions_live_idx')
      .on(t.userId)
      .where(sql`revoked_at IS NULL`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    tenantId: tenantId(),
    roleName: text('role_name').notNull(),
    roleKey: text('role_key').notNull(),
    roleSort: integer('role_sort').notNull().default(0),
    dataScope: char('data_scope', { length: 1 }).notNull().default('1'),
    /** The largest refund the role may approve (DOMAIN §3.8); null: no limit. */
    refundApproveLimit: bigint('refund_approve_limit', { mode: 'number' }),
    menuCheckStrictly: boolean('menu_check_strictly').notNull().default(true),
    deptCheckStrictly: boolean('dept_check_strictly').notNull().default(true),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...audited(),
  },
  (t) => [uniqueIndex('roles_key_uq').on(t.tenantId, t.roleKey).where(live)],
);

const bigintRef = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantId(),
    userId: bigintRef('user_id'),
    roleId: bigintRef('role_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    tenantId: tenantId(),
    roleId: bigintRef('role_id'),
    menuId: bigintRef('menu_id'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const roleDepts = pgTable(
  'role_depts',
  {
    tenantId: tenantId(),
    roleId: bigintRef('role_id'),
    deptId: bigintRef('dept_id'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] })],
);

export const userPosts = pgTable(
  'user_posts',
  {
    tenantId: tenantId(),
    userId: bigintRef('user_id'),
    postId: bigintRef('post_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

export const menus = pgTable(
  'menus',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000000 }),
    menuName: text('menu_name').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull(),
    orderNum: integer('order_num').notNull().default(0),
    path: text('path').notNull(),
    component: text('component'),
    queryParam: text('query_param'),
    routeName: text('route_name'),
    isFrame: char('is_frame', { length: 1 }).notNull().default('1'),
    isCache: char('is_cache', { length: 1 }).notNull().default('0'),
    menuType: char('menu_type', { length: 1 }).notNull(),
    visible: char('visible', { length: 1 }).notNull().default('0'),
    status: char('status', { length: 1 }).notNull().default('0'),
    perms: text('perms'),
    icon: text('icon'),
    moduleKey: text('module_key').notNull(),
    /** Only the platform tenant may hold it ([G] tables such as menus and countries). */
    platformOnly: boolean('platform_only').notNull().default(false),
    noLogin: boolean('no_login').notNull().default(false),
    /** Granted to every role (the user's own pages). */
    everyRole: boolean('every_role').notNull().default(false),
    ...audited(),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const dictTypes = pgTable(
  'dict_types',
  {
    id: id(),
    dictName: text('dict_name').notNull(),
    dictType: text('dict_type').notNull(),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...audited(),
  },
  (t) => [uniqueIndex('dict_types_type_uq').on(t.dictType).where(live)],
);

export const dictData = pgTable(
  'dict_data',
  {
    id: id(),
    tenantId: tenantId(),
    dictType: text('dict_type').notNull(),
    dictSort: integer('dict_sort').notNull().default(0),
    dictLabel: text('dict_label').notNull(),
    dictValue: text('dict_value').notNull(),
    cssClass: text('css_class'),
    listClass: text('list_class'),
    isDefault: char('is_default', { length: 1 }).notNull().default('N'),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...audited(),
  },
  (t) => [uniqueIndex('dict_data_value_uq').on(t.tenantId, t.dictType, t.dictValue).where(live)],
);

export const i18nEntries = pgTable(
  'i18n_entries',
  {
    id: id(),
    tenantId: tenantId(),
    client: text('client').notNull(),
    module: text('module').notNull(),
    i18nKey: text('i18n_key').notNull(),
    lang: char('lang', { length: 2 }).notNull(),
    text: text('text').notNull(),
    ...audited(),
  },
  (t) => [uniqueIndex('i18n_entries_key_uq').on(t.tenantId, t.client, t.lang, t.i18nKey).where(live)],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    id: id(),
    tenantId: bigint('tenant_id', { mode: 'number' }),
    userName: text('user_name').notNull(),
    ipaddr: text('ipaddr'),
    loginLocation: text('login_location'),
    browser: text('browser'),
    os: text('os'),
    status: char('status', { length: 1 }).notNull(),
    msg: text('msg'),
    loginAt: ts('login_at').notNull().defaultNow(),
    ...appendOnly(),
  },
  (t) => [index('login_logs_tenant_at_idx').on(t.tenantId, t.loginAt)],
);

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: id(),
    tenantId: bigint('tenant_id', { mode: 'number' }),
    title: text('title').notNull(),
    businessType: smallint('business_type').notNull().default(0),
    method: text('method'),
    requestMethod: text('request_method'),
    operatorType: smallint('operator_type').default(1),
    operName: text('oper_name'),
    deptName: text('dept_name'),
    operUrl: text('oper_url'),
    operIp: text('oper_ip'),
    operLocation: text('oper_location'),
    operParam: text('oper_param'),
    jsonResult: text('json_result'),
    status: smallint('status').notNull().default(0),
    errorMsg: text('error_msg'),
    operAt: ts('oper_at').notNull().defaultNow(),
    costMs: integer('cost_ms'),
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    ...appendOnly(),
  },
  // The second: a row's event timeline (its journalled events, newest first).
  (t) => [index('operation_logs_tenant_at_idx').on(t.tenantId, t.operAt), index('operation_logs_ref_idx').on(t.refType, t.refId, t.operAt)],
);

export const guideSettings = pgTable('guide_settings', {
  id: id(),
  titleKey: text('title_key').notNull(),
  requestInterface: text('request_interface').notNull(),
  routeWeb: text('route_web').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  status: char('status', { length: 1 }).notNull().default('0'),
  ...audited(),
});

export const tenantGuideSteps = pgTable(
  'tenant_guide_steps',
  {
    id: id(),
    tenantId: tenantId(),
    guideSettingId: bigint('guide_setting_id', { mode: 'number' })
      .notNull()
      .references(() => guideSettings.id),
    status: char('status', { length: 1 }).notNull().default('0'),
    requestInterface: text('request_interface').notNull(),
    routeWeb: text('route_web').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    finishedAt: ts('finished_at'),
    finishedBy: bigint('finished_by', { mode: 'number' }),
    ...audited(),
  },
  (t) => [uniqueIndex('tenant_guide_steps_uq').on(t.tenantId, t.guideSettingId).where(live)],
);

/** Download Center jobs (DOMAIN §5.8, states §3.16). */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: id(),
    tenantId: tenantId(),
    jobNo: text('job_no').notNull(),
    module: text('module').notNull(),
    pageKey: text('page_key').notNull(),
    /** The engine resource whose list is exported. */
    resourceKey: text('resource_key').notNull(),
    title: text('title').notNull(),
    query: jsonb('query').notNull(),
    /** The requester's scope when asked, so the worker exports exactly what they could see. */
    scope: jsonb('scope').notNull(),
    format: smallint('format').notNull().default(1),
    status: smallint('status').notNull().default(0),
    progressPct: smallint('progress_pct').notNull().default(0),
    rowCount: bigint('row_count', { mode: 'number' }),
    filePath: text('file_path'),
    fileSize: bigint('file_size', { mode: 'number' }),
    expiresAt: ts('expires_at'),
    errorMsg: text('error_msg'),
    requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /** Written while a worker holds the job; a stale beat means its worker died and the job is queued again. */
    heartbeatAt: ts('heartbeat_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('export_jobs_no_uq').on(t.tenantId, t.jobNo),
    index('export_jobs_queue_idx').on(t.status, t.id),
    index('export_jobs_requester_idx').on(t.tenantId, t.requestedBy),
  ],
);

/** Timed tasks (DOMAIN §5.8) and their runs (§3.15). */
export const timedTasks = pgTable(
  'timed_tasks',
  {
    id: id(),
    tenantId: tenantId(),
    jobName: text('job_name').notNull(),
    jobGroup: text('job_group').notNull().default('DEFAULT'),
    invokeTarget: text('invoke_target').notNull(),
    cronExpression: text('cron_expression').notNull(),
    timeZone: text('time_zone').notNull().default('Asia/Jakarta'),
    misfirePolicy: char('misfire_policy', { length: 1 }).notNull().default('0'),
    concurrent: char('concurrent', { length: 1 }).notNull().default('1'),
    timeoutS: integer('timeout_s').notNull().default(600),
    status: char('status', { length: 1 }).notNull().default('0'),
    lastFireAt: ts('last_fire_at'),
    ...audited(),
  },
  (t) => [uniqueIndex('timed_tasks_name_uq').on(t.tenantId, t.jobGroup, t.jobName).where(live)],
);

export const timedTaskRuns = pgTable(
  'timed_task_runs',
  {
    id: id(),
    tenantId: tenantId(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    jobName: text('job_name').notNull(),
    jobGroup: text('job_group').notNull(),
    invokeTarget: text('invoke_target').notNull(),
    status: smallint('status').notNull(),
    message: text('message'),
    exception: text('exception'),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at'),
    rowsAffected: bigint('rows_affected', { mode: 'number' }),
    ...appendOnly(),
  },
  (t) => [index('timed_task_runs_task_idx').on(t.taskId, t.startAt)],
);

/** App versions (editions, DOMAIN §5.7): what each app must or may update to. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: id(),
    tenantId: tenantId(),
    app: smallint('app').notNull(),
    platform: smallint('platform').notNull(),
    versionName: text('version_name').notNull(),
    versionCode: integer('version_code').notNull(),
    minSupportedCode: integer('min_supported_code').notNull(),
    downloadUrl: text('download_url').notNull(),
    notes: jsonb('notes').notNull().default({}),
    status: smallint('status').notNull().default(0),
    publishedAt: ts('published_at'),
    ...audited(),
  },
  (t) => [uniqueIndex('app_versions_code_uq').on(t.tenantId, t.app, t.platform, t.versionCode).where(live)],
);

/** Home-screen icons of the apps (appIcon, DOMAIN §5.7); images live in the file store. */
export const appIcons = pgTable(
  'app_icons',
  {
    id: id(),
    tenantId: tenantId(),
    app: smallint('app').notNull(),
    slotKey: text('slot_key').notNull(),
    titleKey: text('title_key').notNull(),
    imageUrl: text('image_url').notNull(),
    link: text('link'),
    cityCodes: bigint('city_codes', { mode: 'number' }).array(),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    ...audited(),
  },
  (t) => [index('app_icons_slot_idx').on(t.tenantId, t.app, t.slotKey)],
);

/** Ledger books and accounts (DOMAIN §4.1). Balances move only through ledger entries, under a row lock. */
export const accountBooks = pgTable(
  'account_books',
  {
    id: id(),
    tenantId: tenantId(),
    bookCode: text('book_code').notNull(),
    bookType: smallint('book_type').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: smallint('status').notNull().default(0),
    ...audited(),
  },
  (t) => [uniqueIndex('account_books_uq').on(t.tenantId, t.currency, t.bookType).where(live)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    tenantId: tenantId(),
    accountNo: text('account_no').notNull(),
    bookId: bigint('book_id', { mode: 'number' })
      .notNull()
      .references(() => accountBooks.id),
    ownerType: smallint('owner_type').notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }),
    code: text('code').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    normalSide: char('normal_side', { length: 1 }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    frozen: bigint('frozen', { mode: 'number' }).notNull().default(0),
    allowNegative: boolean('allow_negative').notNull().default(false),
    status: smallint('status').notNull().default(0),
    /**
     * A slice of a busy platform account (ledgerChart SLICED_ACCOUNTS): its own balance and lines, in the same book,
     * so concurrent postings move different rows. The account's balance is its own plus its slices'.
     */
    sliceOf: bigint('slice_of', { mode: 'number' }).references((): AnyPgColumn => accounts.id),
    /** 0 for an account itself, 1 … SHARED_ACCOUNT_SLICES - 1 for its slices. */
    slice: smallint('slice').notNull().default(0),
    ...audited(),
  },
  (t) => [
    uniqueIndex('accounts_no_uq').on(t.tenantId, t.accountNo).where(live),
    // A book's control totals (accountBooks/list, the audit).
    index('accounts_book_idx').on(t.bookId).where(live),
    uniqueIndex('accounts_owner_code_uq')
      .on(t.tenantId, t.ownerType, sql`coalesce(owner_id, 0)`, t.code, t.currency, t.slice)
      .where(live),
    uniqueIndex('accounts_slice_uq')
      .on(t.sliceOf, t.slice)
      .where(sql`slice_of IS NOT NULL AND deleted_at IS NULL`),
  ],
);

export * from './tables/live.ts';
export * from './tables/fleet.ts';
export * from './tables/geo.ts';
export * from './tables/partners.ts';
export * from './tables/settlements.ts';
export * from './tables/iot.ts';
export * from './tables/members.ts';
export * from './tables/memberTags.ts';
export * from './tables/merchants.ts';
export * from './tables/messages.ts';
export * from './tables/loyalty.ts';
export * from './tables/money.ts';
export * from './tables/reconciliation.ts';
export * from './tables/invoices.ts';
export * from './tables/rides.ts';
export * from './tables/passes.ts';
export * from './tables/swaps.ts';
export * from './tables/tickets.ts';
export * from './tables/spareParts.ts';
