import type { Catalogue, Lang } from '../lang.ts';
import { dictCatalogue } from '../dicts/index.ts';
import { alarmCatalogue } from './alarm.ts';
import { codeCatalogue } from './codes.ts';
import { dashboardsCatalogue } from './dashboards.ts';
import { engineSlotsCatalogue } from './engineSlots.ts';
import { fieldCatalogue } from './fields.ts';
import { fleetCatalogue } from './fleet.ts';
import { fleetAssetsCatalogue } from './fleetAssets.ts';
import { fleetImportCatalogue } from './fleetImport.ts';
import { guideCatalogue } from './guide.ts';
import { menuCatalogue } from './menu.ts';
import { noticesCatalogue } from './notices.ts';
import { partnersCatalogue } from './partners.ts';
import { billingCatalogue, cardRuleCatalogue } from './billing.ts';
import { passesCatalogue } from './passes.ts';
import { swapsCatalogue } from './swaps.ts';
import { membersCatalogue } from './members.ts';
import { memberTagsCatalogue } from './memberTags.ts';
import { merchantsCatalogue } from './merchants.ts';
import { ticketsCatalogue } from './tickets.ts';
import { fieldToolCatalogue } from './fieldTool.ts';
import { sparePartsCatalogue } from './spareParts.ts';
import { messageTemplatesCatalogue } from './messageTemplates.ts';
import { loyaltyCatalogue } from './loyalty.ts';
import { feedbackCatalogue } from './feedback.ts';
import { memberDashboardCatalogue } from './memberDashboard.ts';
import { memberAuthLogsCatalogue } from './memberAuthLogs.ts';
import { kycCatalogue } from './kyc.ts';
import { ridesCatalogue } from './rides.ts';
import { iotCatalogue } from './iot.ts';
import { shellCatalogue } from './shell.ts';
import { tenancyCatalogue } from './tenancy.ts';
import { zoneMapsCatalogue } from './zoneMaps.ts';
import { vehicleDashboardCatalogue } from './vehicleDashboard.ts';
import { paymentPagesCatalogue } from './paymentPages.ts';
import { moneyCatalogue } from './money.ts';
import { paymentDashboardCatalogue } from './paymentDashboard.ts';

/**
 * The console catalogue (client `admin`): seeded into i18n_entries and served by /system/i18n/find.
 * Split by who owns the words: menu titles, the web shell, resource / field / transition labels, result-code /
 * server messages, and dictionaries.
 */
export const adminCatalogue: Catalogue = {
  ...menuCatalogue,
  ...shellCatalogue,
  ...fieldCatalogue,
  ...tenancyCatalogue,
  ...moneyCatalogue,
  ...noticesCatalogue,
  ...codeCatalogue,
  ...guideCatalogue,
  ...alarmCatalogue,
  ...engineSlotsCatalogue,
  ...dashboardsCatalogue,
  ...fleetCatalogue,
  ...fleetAssetsCatalogue,
  ...fleetImportCatalogue,
  ...vehicleDashboardCatalogue,
  ...zoneMapsCatalogue,
  ...partnersCatalogue,
  ...billingCatalogue,
  ...ridesCatalogue,
  ...passesCatalogue,
  ...swapsCatalogue,
  ...membersCatalogue,
  ...memberTagsCatalogue,
  ...merchantsCatalogue,
  ...ticketsCatalogue,
  ...fieldToolCatalogue,
  ...sparePartsCatalogue,
  ...messageTemplatesCatalogue,
  ...loyaltyCatalogue,
  ...kycCatalogue,
  ...feedbackCatalogue,
  ...memberDashboardCatalogue,
  ...memberAuthLogsCatalogue,
  ...cardRuleCatalogue,
  ...iotCatalogue,
  ...paymentPagesCatalogue,
  ...paymentDashboardCatalogue,
  ...dictCatalogue(),
};

export function catalogueFor(lang: Lang, catalogue: Catalogue = adminCatalogue): Record<string, string> {
  const field = lang === 'ZH' ? 'zh' : lang === 'EN' ? 'en' : 'id';
  return Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, text[field]]));
}
