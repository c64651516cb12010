// Every generated table in foreign-key order: a later issue adds its tables by adding a module here.
import type { AnyTableSpec } from '../spec.ts';
import { alarmTables } from './alarms.ts';
import { batteryTables } from './batteries.ts';
import { faultTables } from './faults.ts';
import { feedbackTables } from './feedbacks.ts';
import { memberAuthLogTables } from './memberAuthLogs.ts';
import { memberTagTables } from './memberTags.ts';
import { loyaltyTables } from './loyalty.ts';
import { messageTemplateTables } from './messageTemplates.ts';
import { merchantTables } from './merchants.ts';
import { fleetTables } from './fleet.ts';
import { fleetMapTables } from './fleetMap.ts';
import { invoiceTables } from './invoices.ts';
import { moneyTables } from './money.ts';
import { partnerTables } from './partners.ts';
import { passTables } from './passes.ts';
import { prepaidTables } from './prepaid.ts';
import { rideTables } from './rides.ts';
import { rideOrderTables } from './rideOrders.ts';
import { orgTables } from './org.ts';
import { staffTables } from './staff.ts';
import { swapTables } from './swapOrders.ts';
import { ticketTables } from './tickets.ts';
import { piecePayTables } from './piecePay.ts';
import { sparePartTables } from './spareParts.ts';
import { shareEntryTables } from './shareEntries.ts';
import { kycTables } from './kycReviews.ts';
import { vehicleTables } from './vehicles.ts';
import { zoneTargetTables } from './zoneTargets.ts';

export const TABLES: AnyTableSpec[] = [
  ...orgTables,
  ...staffTables,
  ...fleetTables,
  ...partnerTables,
  ...fleetMapTables,
  ...zoneTargetTables,
  ...rideTables,
  ...vehicleTables,
  ...batteryTables,
  ...faultTables,
  ...alarmTables,
  ...moneyTables,
  ...rideOrderTables,
  ...shareEntryTables,
  ...passTables,
  ...swapTables,
  ...kycTables,
  ...feedbackTables,
  ...memberAuthLogTables,
  ...memberTagTables,
  ...loyaltyTables,
  ...messageTemplateTables,
  ...merchantTables,
  ...prepaidTables,
  ...invoiceTables,
  ...ticketTables,
  ...piecePayTables,
  ...sparePartTables,
];
