import { afterEach, describe, expect, it } from 'vitest';
import { city, operator } from '../testing/session';
import { CONFIG_STORAGE_KEY, initialConfigState, useConfigStore } from './configStore';
import { clearSession } from './session';
import { USER_STORAGE_KEY, useUserStore } from './userStore';

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null')?.state;

afterEach(() => {
  useConfigStore.setState(initialConfigState);
  useUserStore.setState({ userInfo: null });
});

describe('configuration state (spec §3)', () => {
  it('starts in Indonesian with every special flag off and view allowed', () => {
    const state = useConfigStore.getState();
    expect(state.lang).toBe('ID');
    expect(state.HPermission).toEqual({ home: false, export: false, accountListPage: false });
    expect(state.Permission).toEqual({ view: true });
    expect(state.tagsList).toEqual([]);
  });

  it('persists exactly lang, tenantId and HCityCode', () => {
    useConfigStore.setState({
      lang: 'ZH',
      tenantId: 7,
      HCityCode: 3101,
      cityList: [city(3101, 'Jakarta')],
      isCollapse: true,
      tagsList: [{ title: 'menu.configure.role', path: '/configure/role' }],
      tourList: [],
      stepActive: 2,
    });
    expect(stored(CONFIG_STORAGE_KEY)).toEqual({ lang: 'ZH', tenantId: 7, HCityCode: 3101 });
  });

  it('persists userInfo under its own key', () => {
    useUserStore.getState().setUserInfo(operator);
    expect(stored(USER_STORAGE_KEY)).toEqual({ userInfo: operator });
  });
});

describe('clearSession (spec §4)', () => {
  it('turns the special flags off and empties tour, cities, user, tenant and city code', () => {
    useUserStore.getState().setUserInfo(operator);
    useConfigStore.setState({
      HPermission: { home: true, export: true, accountListPage: true },
      tourList: [{ id: 1, status: '0', requestInterface: '/system/city/add', routeWeb: '/configure/city/cityListPage', remark: null }],
      cityList: [city(3101, 'Jakarta')],
      tenantId: 2,
      HCityCode: 3101,
      lang: 'EN',
    });
    clearSession();
    const state = useConfigStore.getState();
    expect(state.HPermission).toEqual({ home: false, export: false, accountListPage: false });
    expect(state.tourList).toEqual([]);
    expect(state.cityList).toEqual([]);
    expect(state.tenantId).toBeNull();
    expect(state.HCityCode).toBeNull();
    expect(useUserStore.getState().userInfo).toBeNull();
    // The language is the visitor's, not the session's.
    expect(state.lang).toBe('EN');
    expect(stored(USER_STORAGE_KEY)).toEqual({ userInfo: null });
    expect(stored(CONFIG_STORAGE_KEY)).toEqual({ lang: 'EN', tenantId: null, HCityCode: null });
  });
});

describe('open tabs (spec §2)', () => {
  it('keeps at most 8 tabs, dropping the oldest', () => {
    const { openTag } = useConfigStore.getState();
    for (let i = 1; i <= 9; i++) openTag({ title: `t${i}`, path: `/p${i}` });
    const paths = useConfigStore.getState().tagsList.map((tab) => tab.path);
    expect(paths).toHaveLength(8);
    expect(paths).not.toContain('/p1');
    expect(paths.at(-1)).toBe('/p9');
  });
});
