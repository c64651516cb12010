import { CRUD, CRUD_X, FORM, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('configure');

export const configureModule: ModuleDef = {
  key: 'configure',
  ordinal: 1,
  basePath: '/configure',
  title: 'menu.configure',
  icon: 'configure',
  pages: [
    p('/configure', 'index'),
    p('/configure/role', 'role', [...CRUD_X, 'assign']),
    p('/configure/menu', 'menu', CRUD, { platformOnly: true }),
    p('/configure/dept', 'dept', CRUD),
    p('/configure/post', 'post', CRUD_X),
    p('/configure/dict', 'dict', CRUD_X),
    p('/configure/user', 'user', [...CRUD_X, 'import', 'reset', 'forceLogout']),
    p('/configure/i18n/i18nListPage', 'i18nListPage', [...CRUD_X, 'import']),
    p('/configure/city/cityListPage', 'cityListPage', CRUD_X),
    p('/configure/editions', 'editions', [...CRUD, 'publish']),
    p('/configure/timedTask', 'timedTask', [...CRUD_X, 'run']),
    p('/configure/DataMonitoring', 'DataMonitoring', ['forceLogout'], { ...FORM, platformOnly: true }),
    p('/configure/login_journal', 'login_journal', ['export', 'remove']),
    p('/configure/operation_journal', 'operation_journal', ['export', 'remove']),
    p('/configure/i18n/admin', 'i18nAdmin', [...CRUD_X, 'import']),
    p('/configure/country', 'country', CRUD, { platformOnly: true }),
    p('/configure/changePwd', 'changePwd', ['edit'], { ...FORM, everyRole: true }),
    p('/configure/personal_info', 'personal_info', ['edit'], { ...FORM, everyRole: true }),
    p('/configure/appIcon', 'appIcon', CRUD_X),
    p('/configure/downloadList', 'downloadList', ['cancel', 'remove']),
    // Not in the spec: the super admin's tenants and their packages (DOMAIN §5.1).
    p('/configure/tenant', 'tenant', CRUD_X, { platformOnly: true }),
    p('/configure/tenantPackage', 'tenantPackage', CRUD, { platformOnly: true }),
  ],
};
