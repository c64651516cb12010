import { describe, expect, it } from 'vitest';
import { menuCatalogue } from '../i18n/menu.ts';
import { ACTIONS, MENU_ICONS, MODULE_KEYS, MODULES, findPageByPath, menuIdOf, menuRows, permOf } from './index.ts';
import { MENU_IDS } from './menuIds.ts';

/** Spec §2, transcribed route by route (relative children resolved against the module shell). */
const SPEC_ROUTES: Record<string, string[]> = {
  configure: [
    '/configure',
    '/configure/role',
    '/configure/menu',
    '/configure/dept',
    '/configure/post',
    '/configure/dict',
    '/configure/user',
    '/configure/i18n/i18nListPage',
    '/configure/city/cityListPage',
    '/configure/editions',
    '/configure/timedTask',
    '/configure/DataMonitoring',
    '/configure/login_journal',
    '/configure/operation_journal',
    '/configure/i18n/admin',
    '/configure/country',
    '/configure/changePwd',
    '/configure/personal_info',
    '/configure/appIcon',
    '/configure/downloadList',
  ],
  operations: [
    '/operations',
    '/Ticket/create',
    '/Ticket/list',
    '/Ticket/dispatch/list',
    '/Ticket/dispatch/sub-list',
    '/Ticket/battery/list',
    '/Ticket/battery/sub-list',
    '/Ticket/broken/list',
    '/Ticket/broken/sub-list',
    '/Ticket/repair/list',
    '/Ticket/repair/sub-list',
    '/ticketModel/index',
    '/operations/partner_agency',
    '/operations/supplier',
    '/operations/sparepart_type',
    '/operations/sparepart',
    '/operations/battery',
    '/brand/list',
    '/operations/acquired_batteries',
    '/operations/orderList',
    '/operations/settlementList',
    '/operations/billingRule',
    '/operations/factoryLotList',
    '/operations/profitConfiguration',
    '/operations/revenue_order_list',
    '/operations/investment_settlement',
    '/operations/join_list',
    '/operations/operation_tool',
    '/operations/steps/tour',
    '/operations/steps/list',
    '/operations/area_scheduling_list',
  ],
  user: [
    '/user_main',
    '/user_main/userReview',
    '/user_main/user_admin',
    '/user_main/backFeed',
    '/user_main/templateList',
    '/user_main/user_tag',
    '/user_main/login_log',
    '/user_main/member_level',
    '/user_main/member_level_integral',
    '/user_main/integral_history',
    '/user_main/level_benefits',
  ],
  merchant: ['/main', '/main/application', '/main/merchant', '/main/staff', '/main/merchantoperation', '/main/businessmap'],
  vehicle: ['/vehicle_main', '/vehicle_main/vehicle', '/vehicle_main/monitor', '/vehicle_main/parts', '/vehicle_main/repair'],
  marketing: [
    '/marketing_main',
    '/marketing_main/activity',
    '/marketing_main/reward',
    '/marketing_main/partakeActivity',
    '/marketing_main/redemption_code',
  ],
  carBusiness: [
    '/carBusiness_main',
    '/carBusiness_main/order_management/vehicleList',
    '/carBusiness_main/config/configListPage',
    '/carBusiness_main/order_activity',
    '/carBusiness_main/duration',
    '/carBusiness_main/abnormal_order',
  ],
  payment: [
    '/payment_main',
    '/payment_main/account/accountListPage',
    '/payment_main/accountBooks/list',
    '/payment_main/merchant/merchantListPage',
    '/payment_main/transaction/orderListPage',
    '/payment_main/recharge',
    '/payment_main/recharge/list',
    '/payment_main/settlement',
    '/payment_main/productType',
    '/payment_main/currency/currencyListPage',
    '/payment_main/cardRule',
    '/payment_main/cardsList',
    '/payment_main/coupon/couponListPage',
    '/payment_main/account_order/accountOrderListPage',
    '/payment_main/invoice/invoiceListPage',
    '/payment_main/print/printListPage',
    '/payment_main/refund/refundListPage',
    '/payment_main/station_debit/stationDebitListPage',
    '/payment_main/qris_order',
    '/payment_main/PLN_order',
    '/payment_main/IAK_list',
    '/payment_main/countryCurrency',
  ],
  log: [
    '/log_main',
    '/log_main/interfaceLog',
    '/log_main/userLoginLog',
    '/log_main/userAuthLog',
    '/log_main/getBikeLock',
    '/log_main/getMoveBikeLock',
  ],
  report: [
    '/ReportMain',
    '/ReportMain/userDay',
    '/ReportMain/merchantDay',
    '/ReportMain/merchantOrderDay',
    '/ReportMain/orderDay',
    '/ReportMain/orderStatistics',
    '/ReportMain/ebikeStatistics',
    '/ReportMain/userStatistics',
    '/ReportMain/ebikeSummary',
    '/ReportMain/siteSummary',
    '/ReportMain/operationalStatistics',
    '/ReportMain/paymentOrderDay',
    '/ReportMain/rechargeDay',
    '/ReportMain/operatingVehicleDay',
    '/ReportMain/ActiveVehicleDay',
  ],
  alarm: [
    '/alarm_main',
    '/alarm_main/alarm_list',
    '/alarm_main/monitoring_data',
    '/alarm_main/basicConfig',
    '/alarm_main/timed_task',
    '/alarm_main/history',
  ],
  message: ['/message_manager', '/message_manager/list', '/message_manager/sms', '/news_main/record'],
  mall: ['/mall_main', '/mall_main/goodsList', '/mall_main/soldList', '/mall_main/shopList'],
  help: ['/help', '/help/content'],
};

const rows = menuRows();

/** Pages a SaaS console needs that the spec does not show, after the spec's own. */
const BEYOND_SPEC: Record<string, string[]> = {
  configure: ['/configure/tenant', '/configure/tenantPackage'],
  message: ['/message_manager/staffNotice'],
};

describe('menu catalogue', () => {
  it('has the 14 modules of spec §1 in order, ordinals 1..14', () => {
    expect(MODULES).toHaveLength(14);
    expect(MODULES.map((m) => m.key)).toEqual([...MODULE_KEYS]);
    expect(MODULES.map((m) => m.ordinal)).toEqual(MODULE_KEYS.map((_, i) => i + 1));
  });

  it('uses the 13 distinct menu icons (help has none)', () => {
    const icons = MODULES.map((m) => m.icon).filter((i) => i !== null);
    expect(new Set(icons).size).toBe(13);
    expect([...icons].sort()).toEqual([...MENU_ICONS].sort());
    expect(MODULES.find((m) => m.key === 'help')?.icon).toBeNull();
  });

  it('holds every spec §2 route, in spec order, with the index first at basePath', () => {
    for (const module of MODULES) {
      expect(
        module.pages.map((p) => p.path),
        module.key,
      ).toEqual([...SPEC_ROUTES[module.key]!, ...(BEYOND_SPEC[module.key] ?? [])]);
      expect(module.pages[0]).toMatchObject({ path: module.basePath, page: 'index', title: `menu.${module.key}.index` });
    }
    const all = Object.values(SPEC_ROUTES).flat();
    expect(all).toHaveLength(143);
    for (const path of all) expect(findPageByPath(path)?.page.path, path).toBe(path);
  });

  it('has unique menu ids, unique perms and unique page keys per module', () => {
    const ids = rows.map((r) => r.menuId);
    expect(new Set(ids).size).toBe(ids.length);
    const perms = rows.map((r) => r.perms).filter((p) => p !== null);
    expect(new Set(perms).size).toBe(perms.length);
    for (const module of MODULES) {
      const keys = module.pages.map((p) => p.page);
      expect(new Set(keys).size, module.key).toBe(keys.length);
    }
  });

  it('keeps the spec §6 fixed permission strings', () => {
    const perms = new Set(rows.map((r) => r.perms));
    expect(perms).toContain('carBusiness:vehicleList:export');
    expect(perms).toContain('carBusiness:index:home');
    expect(perms).toContain('payment:accountListPage:view');
  });

  it('only uses known actions, never view as a button', () => {
    for (const module of MODULES) {
      for (const page of module.pages) {
        expect(page.actions, page.path).not.toContain('view');
        for (const a of page.actions) expect(ACTIONS, `${page.path} ${a}`).toContain(a);
        expect(new Set(page.actions).size, page.path).toBe(page.actions.length);
      }
    }
  });

  it('has an i18n entry for every title, module description and action label', () => {
    const keys = [...MODULES.flatMap((m) => [m.title, `menu.${m.key}.desc`, ...m.pages.map((p) => p.title)]), ...ACTIONS.map((a) => `action.${a}`)];
    for (const key of keys) {
      const text = menuCatalogue[key];
      expect(text, key).toBeDefined();
      expect(text.id && text.en && text.zh, key).toBeTruthy();
    }
    for (const row of rows) expect(menuCatalogue[row.menuName], row.menuName).toBeDefined();
    for (const module of MODULES) for (const page of module.pages) expect(page.title).toBe(`menu.${module.key}.${page.page}`);
  });

  it('gives every row the id committed for it, whatever its position (an inserted page moves no grant)', () => {
    expect(menuIdOf('configure')).toBe(10000);
    expect(menuIdOf('configure:index:view')).toBe(10100);
    expect(menuIdOf('configure:role:add')).toBe(10201);
    for (const row of rows) expect(row.menuId, row.perms ?? row.moduleKey).toBe(MENU_IDS[row.perms ?? row.moduleKey]);
    // Ids are unique, retired ones included, and a button's id lies in its page's block.
    const all = Object.values(MENU_IDS);
    expect(new Set(all).size).toBe(all.length);
    for (const row of rows.filter((r) => r.menuType === 'F')) expect(Math.floor(row.menuId / 100) * 100).toBe(row.parentId);
    expect(() => menuIdOf('configure:newPage:view')).toThrow(/npm run menus:ids/);
  });

  it('flattens into M → C → F rows with their perms', () => {
    expect(permOf('payment', 'refundListPage', 'approve')).toBe('payment:refundListPage:approve');

    const byId = new Map(rows.map((r) => [r.menuId, r]));
    for (const row of rows) {
      if (row.menuType === 'M') expect(row).toMatchObject({ parentId: 0, perms: null });
      else expect(byId.get(row.parentId)?.menuType).toBe(row.menuType === 'C' ? 'M' : 'C');
    }
    const pages = MODULES.reduce((n, m) => n + m.pages.length, 0);
    const buttons = MODULES.reduce((n, m) => n + m.pages.reduce((k, p) => k + p.actions.length, 0), 0);
    expect(rows.filter((r) => r.menuType === 'M')).toHaveLength(14);
    expect(rows.filter((r) => r.menuType === 'C')).toHaveLength(pages);
    expect(rows.filter((r) => r.menuType === 'F')).toHaveLength(buttons);

    const home = rows.find((r) => r.perms === 'carBusiness:index:home');
    expect(home).toMatchObject({ menuType: 'F', path: '', menuName: 'action.home', parentId: 70100, menuId: 70101 });
  });

  it('carries the page flags of spec §2 and DOMAIN §1', () => {
    const page = (path: string) => findPageByPath(path)!.page;
    expect(page('/operations/operation_tool')).toMatchObject({ noLogin: true, keepState: false });
    expect(page('/configure/personal_info')).toMatchObject({ everyRole: true, keepState: false });
    expect(page('/configure/changePwd')).toMatchObject({ everyRole: true, keepState: false });
    for (const p of ['/configure/menu', '/configure/country', '/configure/DataMonitoring', '/operations/steps/list']) {
      expect(page(p).platformOnly, p).toBe(true);
    }
    expect(page('/Ticket/create').keepState).toBe(false);
    expect(page('/Ticket/list').keepState).toBe(true);
    expect(rows.find((r) => r.path === '/Ticket/create')?.isCache).toBe('1');
    expect(rows.find((r) => r.path === '/Ticket/list')?.isCache).toBe('0');
    expect(findPageByPath('/payment_main/recharge/list/?x=1')?.page.page).toBe('rechargeList');
    expect(findPageByPath('/nowhere')).toBeUndefined();
  });
});
