/** The console's menu catalogue: every route of spec §2 as M (module) → C (page) → F (button) rows. */

export const MODULE_KEYS = [
  'configure',
  'operations',
  'user',
  'merchant',
  'vehicle',
  'marketing',
  'carBusiness',
  'payment',
  'log',
  'report',
  'alarm',
  'message',
  'mall',
  'help',
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

/** The 13 menu icons of spec §1 (help has none). */
export const MENU_ICONS = [
  'alarm',
  'carBusiness',
  'configure',
  'customer',
  'ebike',
  'log',
  'mall',
  'marketing',
  'merchant',
  'messageManager',
  'operations',
  'payment',
  'report',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** Button actions (DOMAIN §5.4), plus the few the spec's fixed strings and field work need. */
export const ACTIONS = [
  'view',
  'add',
  'edit',
  'remove',
  'export',
  'import',
  'audit',
  'assign',
  'cancel',
  'approve',
  'refund',
  'lock',
  'unlock',
  'pay',
  'publish',
  'reset',
  'home',
  'grab',
  'accept',
  'submit',
  'ring',
  'resolve',
  'grant',
  'send',
  'run',
  'forceLogout',
  'deviceKey',
  /** Shows a sealed value in full (an identity number), journalled. */
  'reveal',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface PageDef {
  /** Absolute route, exactly as the spec names it (e.g. '/configure/role', '/Ticket/create'). */
  path: string;
  /** The perm page key: the middle part of module:page:action (DOMAIN §5.4). Unique within its module. */
  page: string;
  /** i18n key of the page title (menu.<module>.<page>). */
  title: string;
  /** Button actions besides 'view' (every page has view). */
  actions: Action[];
  /** Spec §2 "most list pages keep their state when revisited" → menus.is_cache '0'. */
  keepState: boolean;
  /** Only the platform tenant manages it ([G] tables); not in operator packages. */
  platformOnly?: boolean;
  /** Opens without a sign-in (operation_tool). */
  noLogin?: boolean;
  /** Every role has it (the user's own pages: personal_info, changePwd). */
  everyRole?: boolean;
}

export interface ModuleDef {
  key: ModuleKey;
  /** Stable ordinal 1..14; menu ids derive from it so seeds and packages are deterministic. */
  ordinal: number;
  /** The module shell's path (spec §2), e.g. '/configure', '/user_main'. */
  basePath: string;
  /** i18n key of the module title (menu.<module>). */
  title: string;
  icon: MenuIcon | null;
  /** Pages in menu order; the first is the module's index (Home) at basePath. */
  pages: PageDef[];
}
