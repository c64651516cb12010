import { nextBusinessNo } from '../../platform/businessNo.ts';
import type { Db } from '../client.ts';
import { members, memberTestPhones } from '../schema.ts';
import { prng } from './demoFleetMap.ts';
import type { DemoTenant } from './demoOrg.ts';

/**
 * The rider app's test number of every demo operator (like Firebase's test numbers): no code is sent to it, and its
 * fixed code signs in, so the app can be tried and reviewed without a SIM. A real tenant adds its own, or none.
 */
export const DEMO_TEST_PHONE = '+6280000000001';
export const DEMO_TEST_CODE = '123456';

/**
 * The simulator's riders (docs/simulator.md): more test numbers of every demo operator, with the same fixed code. The
 * simulator signs in with them through the rider app's API; each becomes a member on its first ride.
 */
export const SIM_RIDER_PHONES: readonly string[] = Array.from({ length: 60 }, (_, i) => `+62800000${10_000 + i}`);

export async function seedDemoMembers(db: Db, operators: readonly DemoTenant[]) {
  await db
    .insert(memberTestPhones)
    .values(operators.flatMap((t) => [DEMO_TEST_PHONE, ...SIM_RIDER_PHONES].map((phone) => ({ tenantId: t.id, phone, fixedCode: DEMO_TEST_CODE }))));
}

/** How many riders sign up on a demo day, at most, per operator. */
const SIGN_UPS_PER_DAY: Record<number, number> = { 2: 6, 3: 3 };
const DAY_MS = 86_400_000;

/**
 * Riders who signed up over the last two weeks and have not ridden yet (seeded last, so the older members' rides and
 * money stay as they were): the customer centre's sign-up chart has something to show. Their numbers are +62813….
 */
export async function seedRecentSignUps(db: Db, t: DemoTenant, now: Date) {
  const most = SIGN_UPS_PER_DAY[t.id];
  if (!most) return;
  const rng = prng(0x6a6f696e ^ t.id);
  const rows: Array<typeof members.$inferInsert> = [];
  for (let day = 13; day >= 0; day--) {
    const count = rng.int(day === 0 ? 1 : 0, most);
    for (let i = 0; i < count; i++) {
      // Today's sign-ups are of the hours gone by; older ones of any hour.
      const createdAt = new Date(now.getTime() - day * DAY_MS - rng.int(5, day === 0 ? 180 : 1_380) * 60_000);
      const { id, no } = await nextBusinessNo(db, 'members', 'MB', createdAt);
      rows.push({
        id,
        tenantId: t.id,
        memberNo: no,
        phone: `+62813${t.id}${String(rows.length).padStart(6, '0')}`,
        nickName: `${t.people[rng.int(0, t.people.length - 1)]!.split(' ')[0]} ${String.fromCharCode(65 + (rows.length % 26))}.`,
        registerSource: rng.int(1, 3),
        registerCityCode: t.cities[rng.int(0, t.cities.length - 1)]!.code,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  if (rows.length) await db.insert(members).values(rows);
}
