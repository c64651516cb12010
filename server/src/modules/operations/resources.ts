import { batteryAcquisitionBinding } from './acquisitions.ts';
import { joinApplicationBinding } from './partners/joinApplications.ts';
import { partnerAgencyBinding } from './partners/partnerAgencies.ts';
import { profitShareConfigBinding } from './partners/profitShareConfigs.ts';
import { shareEntryBinding } from './partners/shareEntries.ts';
import { settlementBindings } from './partners/settlements.ts';
import { fleetCatalogueBindings } from './fleetCatalogue.ts';
import { batteryBinding } from './batteries.ts';
import { guideSettingBinding } from './guideSettings.ts';
import { zoneBinding } from './zones.ts';
import { zoneTargetBinding } from './zoneTargets.ts';
import { billingRuleBinding } from './billingRules.ts';
import { rideOrderBinding } from './rides/rideOrderBinding.ts';
import { ticketBindings } from './tickets/ticketBindings.ts';
import { sparePartBindings } from './spareParts/sparePartBindings.ts';

/** The operations centre's declared resources, each bound to its table. */
export const operationsResources = [
  guideSettingBinding,
  ...fleetCatalogueBindings,
  zoneBinding,
  zoneTargetBinding,
  billingRuleBinding,
  rideOrderBinding,
  batteryBinding,
  partnerAgencyBinding,
  joinApplicationBinding,
  profitShareConfigBinding,
  shareEntryBinding,
  ...settlementBindings,
  batteryAcquisitionBinding,
  ...ticketBindings,
  ...sparePartBindings,
];
