import { CouponKind, CouponScope, CouponStatus, CouponValidKind, UserCouponSource } from '@kayuh/contract/resources/coupons';
import { and, eq, isNull } from 'drizzle-orm';
import { BizError } from '../../platform/errors.ts';
import { grantCoupon } from '../../modules/payment/passes/couponGrant.ts';
import { buyCard } from '../../modules/payment/passes/cards.ts';
import type { Db } from '../client.ts';
import { cardRules, coupons, members } from '../schema.ts';
import { prng } from './demoFleetMap.ts';
import type { DemoTenant } from './demoOrg.ts';

const DAY_MS = 86_400_000;
/** Members who bought the 30-day pass, some three weeks ago, so the demo's rides of the last weeks ride on it. */
const PASS_HOLDERS = 15;

/**
 * The demo's passes and coupons (ours, as DOMAIN §9.4 names none): a few members bought the 30-day ride pass from
 * their wallets three weeks ago (through the same purchase as the app's); two coupons are listed and granted — a
 * Rp 2,000 welcome coupon to 30 members, 20% off (at most Rp 5,000) to 10 — and a free-unlock one waits in draft.
 */
export async function seedDemoPasses(db: Db, t: DemoTenant, now: Date) {
  const rng = prng(0x70617373 ^ t.id);
  const riders = await db
    .select({ id: members.id, phone: members.phone })
    .from(members)
    .where(and(eq(members.tenantId, t.id), isNull(members.deletedAt)))
    .orderBy(members.id);
  if (!riders.length) return;
  const [monthly] = await db
    .select({ id: cardRules.id })
    .from(cardRules)
    .where(and(eq(cardRules.tenantId, t.id), eq(cardRules.nameKey, 'Pass 30 hari')));
  for (const member of riders.slice(0, PASS_HOLDERS)) {
    const at = new Date(now.getTime() - rng.int(18, 24) * DAY_MS);
    await buyCard(db, { tenantId: t.id, memberId: member.id }, monthly!.id, `demo-${member.id}`, at).catch((err: unknown) => {
      // A member whose wallet cannot pay for it does not buy one.
      if (!(err instanceof BizError)) throw err;
    });
  }

  const base = { tenantId: t.id, currency: 'IDR', scope: CouponScope.ride, perMemberLimit: 1 };
  const added = await db
    .insert(coupons)
    .values([
      {
        ...base,
        nameKey: 'Selamat datang Rp 2.000',
        kind: CouponKind.amountOff,
        amount: 2_000,
        validKind: CouponValidKind.daysAfterGrant,
        validDays: 30,
        totalQty: 1_000,
        status: CouponStatus.listed,
      },
      {
        ...base,
        nameKey: 'Akhir pekan 20%',
        kind: CouponKind.percentOff,
        percentBp: 2_000,
        maxDiscount: 5_000,
        minSpend: 5_000,
        validKind: CouponValidKind.fixedWindow,
        validFrom: new Date(now.getTime() - 2 * DAY_MS),
        validTo: new Date(now.getTime() + 12 * DAY_MS),
        totalQty: 200,
        status: CouponStatus.listed,
      },
      {
        ...base,
        nameKey: 'Buka kunci gratis',
        kind: CouponKind.freeUnlock,
        validKind: CouponValidKind.daysAfterGrant,
        validDays: 7,
        status: CouponStatus.draft,
      },
    ])
    .returning();
  const phones = (from: number, n: number) =>
    riders
      .slice(from, from + n)
      .map((m) => m.phone)
      .join('\n');
  await db.transaction(async (tx) => {
    await grantCoupon(tx, added[0]!, { phones: phones(0, 30), tagId: null, levelId: null, source: UserCouponSource.activity, note: null, by: null });
    await grantCoupon(tx, added[1]!, { phones: phones(10, 10), tagId: null, levelId: null, source: UserCouponSource.manual, note: null, by: null });
  });
}
