import { RESOURCES } from '@kayuh/contract/resources/index';
import { alarmResources } from './alarm/index.ts';
import { configureResources } from './configure/resources.ts';
import { logResources } from './log/index.ts';
import { memberResources } from './member/index.ts';
import { merchantResources } from './merchant/index.ts';
import { operationsResources } from './operations/resources.ts';
import { paymentResources } from './payment/resources.ts';
import { vehicleResources } from './vehicle/index.ts';

/** Every bound resource of every module: the generated security tests walk this list. */
export const ALL_RESOURCES = [
  ...configureResources,
  ...operationsResources,
  ...vehicleResources,
  ...merchantResources,
  ...memberResources,
  ...logResources,
  ...alarmResources,
  ...paymentResources,
];

// The contract's resources and the server's bindings are the same list: a declaration without a table (or a table
// bound to a declaration the contract does not list) stops the server at start.
const bound = new Set(ALL_RESOURCES.map((r) => r.def));
const missing = RESOURCES.filter((def) => !bound.has(def)).map((def) => def.key);
const unlisted = ALL_RESOURCES.filter((r) => !RESOURCES.includes(r.def)).map((r) => r.def.key);
if (missing.length || unlisted.length) throw new Error(`resources without a binding: [${missing}]; bindings not in RESOURCES: [${unlisted}]`);
