import { appIconResource } from './appIcon.ts';
import { cityResource } from './city.ts';
import { countryResource } from './country.ts';
import { deptResource } from './dept.ts';
import { dictDataResource, dictTypeResource } from './dict.ts';
import { editionsResource } from './editions.ts';
import { brandResource, factoryLotResource, productModelResource, supplierResource } from './fleetCatalogue.ts';
import { guideSettingResource } from './guideSetting.ts';
import { i18nAdminResource, i18nAppResource } from './i18n.ts';
import { downloadListResource } from './downloadList.ts';
import { menuResource } from './menu.ts';
import { loginJournalResource } from './loginJournal.ts';
import { bikeLockLogResource } from './commandLog.ts';
import { illegalMoveLogResource } from './illegalMoveLog.ts';
import { alarmRuleResource } from './alarmRule.ts';
import { alarmHistoryResource, alarmResource } from './alarm.ts';
import { alarmTaskResource, alarmTaskRunResource } from './alarmTask.ts';
import { telemetryFrameResource } from './telemetry.ts';
import { operationJournalResource } from './operationJournal.ts';
import { postResource } from './post.ts';
import { tenantPackageResource, tenantResource } from './tenant.ts';
import { roleResource } from './role.ts';
import { timedTaskResource, timedTaskRunResource } from './timedTask.ts';
import { userResource } from './user.ts';
import { zoneResource } from './zone.ts';
import { zoneTargetResource } from './zoneTargets.ts';
import { billingRuleResource } from './billingRules.ts';
import { rideOrderResource } from './rideOrders.ts';
import {
  batteryItemResource,
  batteryTicketResource,
  brokenItemResource,
  brokenTicketResource,
  dispatchItemResource,
  dispatchTicketResource,
  repairItemResource,
  repairTicketResource,
  ticketItemResource,
  ticketResource,
  ticketTemplateResource,
} from './tickets.ts';
import { swapOrderResource } from './swapOrders.ts';
import { kycReviewResource } from './kycReviews.ts';
import { feedbackResource } from './feedbacks.ts';
import { memberAuthLogResource, memberLoginLogResource } from './memberAuthLogs.ts';
import { memberResource } from './members.ts';
import { memberTagLinkResource, memberTagResource } from './memberTags.ts';
import { messageTemplateResource } from './messageTemplates.ts';
import { levelBenefitResource, levelPointRuleResource, memberLevelResource, pointLedgerResource } from './loyalty.ts';
import { couponResource, userCouponResource } from './coupons.ts';
import { userCardResource } from './userCards.ts';
import { cardRuleResource } from './cardRules.ts';
import { batteryResource, cabinetSlotResource, stationResource, vehicleResource } from './fleet.ts';
import { faultTypeResource, vehicleFaultResource } from './faults.ts';
import { batteryAcquisitionResource, joinApplicationResource, partnerAgencyResource } from './partners.ts';
import { profitShareConfigResource } from './profitShares.ts';
import { shareEntryResource } from './shareEntries.ts';
import { investorSettlementResource, partnerSettlementResource, settlementResource, settlementShareLineResource } from './settlements.ts';
import { sparePartMovementResource, sparePartResource, sparePartStockResource, sparePartTypeResource } from './spareParts.ts';
import { countryCurrencyResource, currencyResource, paymentChannelResource, productTypeResource, topupPackageResource } from './paymentConfig.ts';
import { accountBookResource, accountResource, ledgerAuditResource, ledgerEntryResource } from './ledger.ts';
import { paymentOrderResource, qrisOrderResource, refundResource, topupOrderResource } from './paymentOrders.ts';
import { plnOrderResource, prepaidOrderResource } from './prepaidOrders.ts';
import { settlementImportResource, settlementLineResource } from './reconciliation.ts';
import { invoiceResource, printRecordResource } from './invoices.ts';
import { apiLogResource } from './apiLog.ts';
import { merchantApplicationResource, merchantResource, merchantStaffResource } from './merchants.ts';
import type { ResourceDef } from './types.ts';

/** Every resource the engine serves; the server registers routes and the web pages from this list. */
export const RESOURCES: readonly ResourceDef[] = [
  postResource,
  countryResource,
  cityResource,
  deptResource,
  roleResource,
  userResource,
  dictDataResource,
  dictTypeResource,
  i18nAdminResource,
  i18nAppResource,
  menuResource,
  editionsResource,
  downloadListResource,
  timedTaskResource,
  timedTaskRunResource,
  operationJournalResource,
  loginJournalResource,
  bikeLockLogResource,
  illegalMoveLogResource,
  alarmRuleResource,
  alarmResource,
  alarmHistoryResource,
  alarmTaskResource,
  alarmTaskRunResource,
  telemetryFrameResource,
  tenantResource,
  tenantPackageResource,
  brandResource,
  productModelResource,
  supplierResource,
  factoryLotResource,
  zoneResource,
  zoneTargetResource,
  billingRuleResource,
  rideOrderResource,
  swapOrderResource,
  memberResource,
  memberTagResource,
  memberTagLinkResource,
  messageTemplateResource,
  memberLevelResource,
  levelPointRuleResource,
  pointLedgerResource,
  levelBenefitResource,
  kycReviewResource,
  feedbackResource,
  memberLoginLogResource,
  memberAuthLogResource,
  cardRuleResource,
  userCardResource,
  couponResource,
  userCouponResource,
  stationResource,
  cabinetSlotResource,
  merchantApplicationResource,
  merchantResource,
  merchantStaffResource,
  vehicleResource,
  batteryResource,
  vehicleFaultResource,
  faultTypeResource,
  partnerAgencyResource,
  joinApplicationResource,
  profitShareConfigResource,
  shareEntryResource,
  partnerSettlementResource,
  investorSettlementResource,
  settlementResource,
  settlementShareLineResource,
  batteryAcquisitionResource,
  sparePartTypeResource,
  sparePartResource,
  sparePartStockResource,
  sparePartMovementResource,
  appIconResource,
  guideSettingResource,
  ticketTemplateResource,
  ticketResource,
  dispatchTicketResource,
  batteryTicketResource,
  brokenTicketResource,
  repairTicketResource,
  ticketItemResource,
  dispatchItemResource,
  batteryItemResource,
  brokenItemResource,
  repairItemResource,
  // The payment centre; a page's first declaration is its page (the books before their audits).
  currencyResource,
  countryCurrencyResource,
  paymentChannelResource,
  productTypeResource,
  topupPackageResource,
  accountResource,
  ledgerEntryResource,
  accountBookResource,
  ledgerAuditResource,
  paymentOrderResource,
  topupOrderResource,
  qrisOrderResource,
  prepaidOrderResource,
  plnOrderResource,
  settlementImportResource,
  settlementLineResource,
  invoiceResource,
  printRecordResource,
  refundResource,
  apiLogResource,
];

export const resourceByKey = (key: string) => RESOURCES.find((r) => r.key === key);

/** Resources that other resources' fields point at: their rows are what forms pick from. */
const REFERENCED = new Set(RESOURCES.flatMap((r) => r.fields.flatMap((f) => (f.ref ? [f.ref.resource] : []))));

/**
 * Who may read a resource's picker choices: any signed-in user for a resource other resources point at, or that
 * says `optionsForAll` (unless it says `optionsNeedView`), else only those who may view its list, so the choices of journals, exports and other
 * private rows do not leak to users without that page.
 */
export const optionsOpenToAll = (r: ResourceDef) => (REFERENCED.has(r.key) || Boolean(r.optionsForAll)) && !r.optionsNeedView;
