/** Request header names (spec §7). */
export const Header = {
  token: 'token',
  userId: 'userid',
  lang: 'lang',
  currentLanguage: 'currentlanguage',
  systemType: 'system-type',
  tenantId: 'tenant-id',
} as const;
