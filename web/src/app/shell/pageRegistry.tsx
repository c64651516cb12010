import { lazy, type ComponentType } from 'react';
import type { ModuleDef, PageDef } from '@kayuh/contract/menus/types';
import { findPageByPath } from '@kayuh/contract/menus/index';
import { RESOURCES } from '@kayuh/contract/resources/index';
import type { PageProps } from '../../shared/pageProps';
type PageComponent = ComponentType<PageProps>;

/** Pages built in this version, by route; each is its own chunk. */
const BUILT: Record<string, PageComponent> = {
  '/configure/personal_info': lazy(() => import('../../modules/configure/personal_info/PersonalInfoPage')),
  '/configure/changePwd': lazy(() => import('../../modules/configure/changePwd/ChangePasswordPage')),
  '/configure/DataMonitoring': lazy(() => import('../../modules/configure/DataMonitoring/DataMonitoringPage')),
  // Declared resources whose pages add to the engine (row actions, field checks): each composes ResourcePage.
  '/configure/city/cityListPage': lazy(() => import('../../modules/configure/city/CityPage')),
  '/configure/role': lazy(() => import('../../modules/configure/role/RolePage')),
  '/configure/user': lazy(() => import('../../modules/configure/user/UserPage')),
  '/configure/timedTask': lazy(() => import('../../modules/configure/timedTask/TimedTaskPage')),
  '/configure/dict': lazy(() => import('../../modules/configure/dict/DictPage')),
  '/configure/downloadList': lazy(() => import('../../modules/configure/downloadList/DownloadListPage')),
  '/configure/i18n/admin': lazy(() => import('../../modules/configure/i18nAdmin/I18nAdminPage')),
  '/vehicle_main/repair': lazy(() => import('../../modules/vehicle/repair/RepairHistoryPage')),
  '/vehicle_main/parts': lazy(() => import('../../modules/vehicle/parts/FaultsPage')),
  '/vehicle_main/monitor': lazy(() => import('../../modules/vehicle/monitor/MonitorPage')),
  '/vehicle_main/vehicle': lazy(() => import('../../modules/vehicle/vehicle/VehiclePage')),
  '/user_main/userReview': lazy(() => import('../../modules/user/userReview/KycReviewPage')),
  '/user_main/user_admin': lazy(() => import('../../modules/user/userAdmin/MemberPage')),
  '/user_main/backFeed': lazy(() => import('../../modules/user/backFeed/FeedbackPage')),
  '/user_main/user_tag': lazy(() => import('../../modules/user/userTag/TagPage')),
  '/user_main/member_level_integral': lazy(() => import('../../modules/user/memberLevelIntegral/PointRulePage')),
  '/user_main/level_benefits': lazy(() => import('../../modules/user/levelBenefits/LevelBenefitPage')),
  '/main/merchantoperation': lazy(() => import('../../modules/merchant/merchantoperation/StationPage')),
  '/main/staff': lazy(() => import('../../modules/merchant/staff/StaffPage')),
  '/payment_main/merchant/merchantListPage': lazy(() => import('../../modules/payment/merchant/MerchantPage')),
  '/payment_main/invoice/invoiceListPage': lazy(() => import('../../modules/payment/invoice/InvoicePage')),
  '/payment_main/settlement': lazy(() => import('../../modules/payment/settlement/SettlementPage')),
  '/operations/settlementList': lazy(() => import('../../modules/payment/settlement/PartnerSettlementPage')),
  '/operations/investment_settlement': lazy(() => import('../../modules/payment/settlement/InvestorSettlementPage')),
  '/payment_main/cardRule': lazy(() => import('../../modules/payment/cardRule/CardRulePage')),
  '/payment_main/coupon/couponListPage': lazy(() => import('../../modules/payment/coupon/CouponPage')),
  '/operations/battery': lazy(() => import('../../modules/operations/battery/BatteryPage')),
  '/brand/list': lazy(() => import('../../modules/operations/brandList/BrandListPage')),
  '/operations/sparepart': lazy(() => import('../../modules/operations/sparepart/SparePartPage')),
  '/operations/steps/tour': lazy(() => import('../../modules/operations/stepsTour/StepsTourPage')),
  '/operations/steps/list': lazy(() => import('../../modules/operations/stepsList/GuideSettingsPage')),
  '/operations/billingRule': lazy(() => import('../../modules/operations/billingRule/BillingRulePage')),
  '/operations/operation_tool': lazy(() => import('../../modules/operations/operationTool/OperationToolPage')),
  '/Ticket/list': lazy(() => import('../../modules/operations/tickets/TicketListPage')),
  '/Ticket/repair/list': lazy(() => import('../../modules/operations/tickets/RepairTicketPage')),
  '/Ticket/create': lazy(() => import('../../modules/operations/ticketCreate/TicketCreatePage')),
  '/operations/orderList': lazy(() => import('../../modules/operations/orderList/RideOrderPage')),
  '/operations/area_scheduling_list': lazy(() => import('../../modules/operations/areaScheduling/AreaSchedulingPage')),
  '/main/businessmap': lazy(() => import('../../modules/merchant/businessMap/BusinessMapPage')),
  '/alarm_main/monitoring_data': lazy(() => import('../../modules/alarm/monitoringData/MonitoringDataPage')),
  '/alarm_main/timed_task': lazy(() => import('../../modules/alarm/timedTask/AlarmTaskPage')),
  '/message_manager/staffNotice': lazy(() => import('../../modules/message/staffNotice/StaffNoticePage')),
};

const ModuleIndexPage: PageComponent = lazy(() => import('../routes/moduleIndex/ModuleIndexPage'));
const NotBuiltPage: PageComponent = lazy(() => import('../../shared/NotBuiltPage'));
const ResourcePage = lazy(() => import('../../shared/resource/ResourcePage'));

/**
 * A declared resource is the page of its module:page: the engine renders it from the declaration. The first
 * declaration of a page is its page (a page's secondary resources, such as a run log, share its permissions).
 * One component per page, made once, so an open tab keeps its page (and state) across renders.
 */
const RESOURCE_PAGES = new Map<string, PageComponent>();
for (const resource of RESOURCES) {
  const key = `${resource.module}:${resource.page}`;
  if (!RESOURCE_PAGES.has(key)) RESOURCE_PAGES.set(key, () => <ResourcePage resource={resource} />);
}

/** Whether a console route leads to a built page (not the "not built yet" notice). */
export function isBuiltPath(path: string): boolean {
  const found = findPageByPath(path);
  return Boolean(found) && pageComponentOf(found!.module, found!.page) !== NotBuiltPage;
}

/** A module's first page is its index; a page without a build says so instead of showing invented data. */
export function pageComponentOf(module: ModuleDef, page: PageDef): PageComponent {
  if (BUILT[page.path]) return BUILT[page.path]!;
  const resourcePage = RESOURCE_PAGES.get(`${module.key}:${page.page}`);
  if (resourcePage) return resourcePage;
  if (page.path === module.basePath) return ModuleIndexPage;
  return NotBuiltPage;
}
