import type { Db } from '../client.ts';
import { faultTypes } from '../schema.ts';

/**
 * DOMAIN §2.1's catalogue of faults every operator starts with (the demo's and a new tenant's): code, component,
 * severity (1 blocks riding) and default action (1 fix on site, 2 workshop). Names are catalogue keys (fault.<code>),
 * shown in the reader's language; a tenant edits or adds its own from there.
 */
export const STANDARD_FAULT_TYPES = [
  { code: 'BRAKE', component: 'brake', severity: 1, defaultAction: 2 },
  { code: 'LOCK_FAIL', component: 'lock', severity: 1, defaultAction: 1 },
  { code: 'FLAT_TYRE', component: 'wheel', severity: 1, defaultAction: 1 },
  { code: 'CONTROLLER', component: 'controller', severity: 1, defaultAction: 2 },
  { code: 'IOT_OFFLINE', component: 'iot', severity: 2, defaultAction: 1 },
  { code: 'LIGHT', component: 'light', severity: 2, defaultAction: 1 },
  { code: 'QR_DAMAGED', component: 'body', severity: 3, defaultAction: 1 },
] as const;

export async function seedFaultTypes(db: Db, tenantId: number, createdBy: number | null = null) {
  await db
    .insert(faultTypes)
    .values(STANDARD_FAULT_TYPES.map((f) => ({ tenantId, ...f, nameKey: `fault.${f.code}`, createdBy, updatedBy: createdBy })));
}
