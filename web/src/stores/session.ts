import { EMPTY_HPERMISSION } from '@kayuh/contract/rules/permissions';
import { initialConfigState, useConfigStore } from './configStore';
import { useUserStore } from './userStore';

/**
 * Session end of spec §4: special flags off; tour, cities, user, tenant and city code emptied.
 * The menus, route flags and open tabs belong to the user who left, so they go too.
 */
export function clearSession(): void {
  useConfigStore.setState({
    HPermission: { ...EMPTY_HPERMISSION },
    tourList: [],
    cityList: [],
    tenantId: null,
    HCityCode: null,
    stepActive: 0,
    hideStep: false,
    menuList: [],
    curMenuList: [],
    menuLeft: '',
    Permission: { ...initialConfigState.Permission },
    tagsList: [],
  });
  useUserStore.getState().setUserInfo(null);
}
