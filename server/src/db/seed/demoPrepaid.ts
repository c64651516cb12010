import { PrepaidKind, PREPAID_CHECK_MINUTES } from '@kayuh/contract/api/prepaid';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { eq } from 'drizzle-orm';
import { recordAlarm } from '../../modules/alarm/raiseAlarm.ts';
import { IAK_SANDBOX_PRODUCTS } from '../../modules/payment/gateways/iakSandbox.ts';
import { openPrepaidOrder } from '../../modules/payment/prepaid.ts';
import { priced, type PricedProduct } from '../../modules/payment/prepaidLinks.ts';
import { PREPAID_STUCK, settleFailure, settleSuccess } from '../../modules/payment/prepaidOutcome.ts';
import { memberBalances } from '../../platform/ledger/memberPay.ts';
import type { Db } from '../client.ts';
import { members, prepaidOrders } from '../schema.ts';
import { prng, type Rng } from './demoFleetMap.ts';
import type { DemoTenant } from './demoOrg.ts';

/** DOMAIN §9.4: prepaid orders per operator, of which 5 still processing (stuck) and 10 failed. */
const SCALE: Record<number, number> = { 2: 150, 3: 80 };
const DAY_MS = 86_400_000;

/** The sandbox's products, priced as members see them (the pricelist the sandbox answers). */
const PRODUCTS = IAK_SANDBOX_PRODUCTS.map((p) =>
  priced({ productCode: p.code, description: p.description, nominal: String(p.nominal), type: p.type, price: p.price, status: 'active' }),
).filter((p): p is PricedProduct => Boolean(p));

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');

/** IAK's PLN serial number: the token in groups of four, then name, tariff, power and kWh (docs/prepaid/sn-format.md). */
const plnSn = (rng: Rng, nominal: number, name: string) =>
  `${digits(rng, 20).replace(/(\d{4})(?=\d)/g, '$1-')}/${name.toUpperCase()}/R1 /000001300/${((nominal * 100) / 144470).toFixed(1)}`;

/**
 * The demo's PLN tokens and pulsa (DOMAIN §9.4) over the last 60 days, bought by members who hold the money in their
 * wallet, through the same services the app and IAK's answers use: each order's wallet debit, then IAK's delivery
 * (its token) or failure (refunded to the wallet). The few still processing have had all their status checks and
 * wait for finance, each with its PREPAID_STUCK alarm. Deterministic: a seeded PRNG, times relative to `now`.
 */
export async function seedDemoPrepaid(db: Db, t: DemoTenant, now: Date) {
  const count = SCALE[t.id] ?? 40;
  const rng = prng(0x70726570 ^ t.id);
  const people = await db.select().from(members).where(eq(members.tenantId, t.id));
  const times = Array.from({ length: count }, () => now.getTime() - rng.int(2 * 3_600_000, 60 * DAY_MS)).sort((a, b) => a - b);
  // The last five are stuck; ten spread among the rest failed.
  const failed = new Set(Array.from({ length: 10 }, (_, i) => Math.floor(((i + 0.5) * (count - 5)) / 10)));
  for (const [i, at] of times.entries()) {
    const product = PRODUCTS[rng.int(0, PRODUCTS.length - 1)]!;
    const member = people[rng.int(0, people.length - 1)]!;
    const balances = await memberBalances(db, t.id, member.id, 'IDR');
    if (balances.wallet < product.sellPrice) continue;
    const customerId = product.kind === 'pln' ? `5${digits(rng, 10)}` : `0812${digits(rng, 8)}`;
    const placedAt = new Date(at);
    const order = await openPrepaidOrder(db, {
      member: { tenantId: t.id, memberId: member.id },
      cityCode: member.registerCityCode ?? t.cities[0]!.code,
      product,
      customerId,
      idempotencyKey: `demo-prepaid-${t.id}-${i}`,
      placedAt,
    });
    const trId = String(10_000 + i);
    const settledAt = new Date(at + rng.int(5, 90) * 1_000);
    if (i >= count - 5) {
      const lastCheck = PREPAID_CHECK_MINUTES[PREPAID_CHECK_MINUTES.length - 1]!;
      await db
        .update(prepaidOrders)
        .set({ trId, rc: '39', message: 'PROCESS', checkCount: PREPAID_CHECK_MINUTES.length, nextCheckAt: null })
        .where(eq(prepaidOrders.id, order.id));
      await recordAlarm(db, {
        tenantId: t.id,
        cityCode: order.cityCode,
        alarmCode: PREPAID_STUCK,
        level: 2,
        targetType: AlarmTarget.system,
        targetId: order.id,
        targetName: order.orderNo,
        at: new Date(at + lastCheck * 60_000),
        detail: { orderNo: order.orderNo, productCode: order.productCode, customerId, checks: PREPAID_CHECK_MINUTES.length, rc: '39' },
      });
    } else if (failed.has(i))
      await db.transaction((tx) => settleFailure(tx, order.id, { trId, rc: '07', message: 'FAILED' }, { by: 'iak', at: settledAt }));
    else
      await db.transaction((tx) =>
        settleSuccess(
          tx,
          order.id,
          {
            trId,
            rc: '00',
            message: 'SUCCESS',
            price: product.price,
            sn: order.kind === PrepaidKind.pln ? plnSn(rng, product.nominal, member.nickName ?? 'PELANGGAN') : digits(rng, 12),
          },
          { by: 'iak', at: settledAt },
        ),
      );
  }
}
