import type { Db } from '../client.ts';
import { memberTestPhones } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';

/**
 * The rider app's test number of every demo operator (like Firebase's test numbers): no code is sent to it, and its
 * fixed code signs in, so the app can be tried and reviewed without a SIM. A real tenant adds its own, or none.
 */
export const DEMO_TEST_PHONE = '+6280000000001';
export const DEMO_TEST_CODE = '123456';

export async function seedDemoMembers(db: Db, operators: readonly DemoTenant[]) {
  await db.insert(memberTestPhones).values(operators.map((t) => ({ tenantId: t.id, phone: DEMO_TEST_PHONE, fixedCode: DEMO_TEST_CODE })));
}
