// Members and their money (DOMAIN §2.3, §2.7, §4, §9.5): 2,000,000 members, the books and accounts as the server
// opens them, each tenant's demo channels and top-up packages, ≈ 12,000,000 payment orders over the year and every
// paid order's posting (§4.4) in ledger_transactions and ledger_entries.
//
// One simulation, in time order, drives the orders and the ledger: it keeps every member's WALLET and BONUS and every
// platform account's balance, so a spend is split BONUS first (splitSpend, as payFromBalances does), a swap or a pass
// the balances cannot cover fails (2008) with nothing posted, and every entry carries the balance after it. It draws
// from the payment orders' own stream; the accounts (whose balances are where it ends), the transactions and the
// entries replay it and draw nothing of their own.
import { PREPAID_ADMIN_FEE, PrepaidStatus } from '@kayuh/contract/api/prepaid';
import { PaymentStatus, RefundStatus } from '@kayuh/contract/api/wallet';
import { PAYMENT_ORDER_EXPIRY_MINUTES, QRIS_EXPIRY_MINUTES } from '@kayuh/contract/constants';
import { accountBookResource, accountResource, ledgerEntryResource } from '@kayuh/contract/resources/ledger';
import { paymentOrderResource } from '@kayuh/contract/resources/paymentOrders';
import {
  MEMBER_BOOKS,
  MEMBER_OWNER_TYPE,
  MERCHANT_BOOK_TYPE,
  MERCHANT_OWNER_TYPE,
  MERCHANT_PAYABLE,
  PARTNER_BOOK_TYPE,
  PARTNER_OWNER_TYPE,
  PARTNER_PAYABLE,
  type MemberAccountCode,
  PLATFORM_ACCOUNTS,
  PLATFORM_BOOK_TYPE,
  PLATFORM_OWNER_TYPE,
  SHARED_ACCOUNT_SLICES,
  memberAccountNo,
  merchantAccountNo,
  partnerAccountNo,
  platformAccountNo,
  sliceAccountNo,
} from '@kayuh/contract/rules/ledgerChart';
import { splitSpend } from '@kayuh/contract/rules/spend';
import {
  accountBooks,
  accounts,
  ledgerEntries,
  ledgerTransactions,
  members,
  paymentChannels,
  paymentOrders,
  prepaidOrders,
  refunds,
  topupPackages,
} from '../../../server/src/db/schema.ts';
import { apportion, type Context, DAY_MS, FIRST_TENANT_ID, stamped } from '../context.ts';
import { kycPlan, memberNik } from './kycReviews.ts';
import { merchantPlan } from './merchantPlan.ts';
import { partnerIds, partnerPlan } from './partners.ts';
import { rngFor } from '../rng.ts';
import { defineTable } from '../spec.ts';

/** DOMAIN §9.5 at scale 1. */
export const MONEY_VOLUMES = { members: 2_000_000, paymentOrders: 12_000_000 } as const;
const CURRENCY = 'IDR';
const HISTORY_DAYS = 365;

/** The demo's channels (server/src/db/seed/demoMoney.ts) and how top-ups spread over them (demoPayments.ts). */
const CHANNELS = [
  { code: 'QRIS', provider: 'midtrans', feeFixed: 0, feeBp: 70, settleDays: 1, nmid: true, share: 0.6 },
  { code: 'VA_BCA', provider: 'midtrans', feeFixed: 4_000, feeBp: 0, settleDays: 1, nmid: false, share: 0.2 },
  { code: 'VA_BNI', provider: 'xendit', feeFixed: 4_000, feeBp: 0, settleDays: 1, nmid: false, share: 0.05 },
  { code: 'EW_GOPAY', provider: 'midtrans', feeFixed: 0, feeBp: 200, settleDays: 2, nmid: false, share: 0.1 },
  { code: 'EW_OVO', provider: 'xendit', feeFixed: 0, feeBp: 273, settleDays: 2, nmid: false, share: 0.05 },
] as const;
/** DOMAIN §9.3's packages (amount, bonus), as the demo sells them; 30% of top-ups are a free amount instead. */
const PACKAGES = [
  [20_000, 0],
  [50_000, 5_000],
  [100_000, 15_000],
  [200_000, 40_000],
] as const;
const FREE_AMOUNTS = [15_000, 25_000, 30_000, 75_000] as const;
const CARD_PRICES = [49_000, 99_000] as const;
/** The IAK sandbox's products (server/src/modules/payment/gateways/iakSandbox.ts), priced as prepaidLinks.ts does. */
const PREPAID_PRODUCTS = [
  { code: 'hpln20000', kind: 1, price: 20_500, sell: 21_500 },
  { code: 'hpln50000', kind: 1, price: 50_500, sell: 51_500 },
  { code: 'hpln100000', kind: 1, price: 100_500, sell: 101_500 },
  { code: 'xld25000', kind: 2, price: 25_100, sell: 26_500 },
] as const;
const SWAP_FEE = 12_000;

const P = PLATFORM_ACCOUNTS.length;
const platformIndex = (code: string) => PLATFORM_ACCOUNTS.findIndex((a) => a.code === code);
const MEMBER_CODES = Object.keys(MEMBER_BOOKS) as MemberAccountCode[];
const REV = { RIDE: 'REV_RIDE', SWAP: 'REV_SWAP', CARD: 'REV_CARD' } as const;
const KIND = { RIDE: 'RIDE_PAY', SWAP: 'SWAP_PAY', CARD: 'CARD_BUY' } as const;

const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replaceAll('-', '');
/** A business number as nextBusinessNo makes it: prefix + yyMMdd (UTC) + the id's last 8 digits. */
const businessNo = (prefix: string, id: number, at: Date) => `${prefix}${yymmdd(at)}${String(id % 100_000_000).padStart(8, '0')}`;

/** Ids the tables give each other (all from 1 in their table; the platform seed leaves these tables empty). */
const bookId = (ti: number, k: number) => ti * 4 + k + 1; // k: 0 platform, 1 WALLET, 2 BONUS, 3 DEPOSIT
const merchantBookId = (ctx: Context, ti: number) => ctx.tenants.length * 4 + ti + 1;
const partnerBookId = (ctx: Context, ti: number) => ctx.tenants.length * 5 + ti + 1;
const SLICES_PER_TENANT = PLATFORM_ACCOUNTS.filter((a) => a.sliced).length * (SHARED_ACCOUNT_SLICES - 1);

/** The first merchant's payable account id: the accounts table opens them after the platform's, the members' and the slices. */
export const firstMerchantAccountId = (ctx: Context) =>
  ctx.tenants.length * P + 1 + simEnd(ctx).openedCount * MEMBER_CODES.length + ctx.tenants.length * SLICES_PER_TENANT;
/** The first partner's payable account id: the partners' accounts come after the merchants'. */
export const firstPartnerAccountId = (ctx: Context) => firstMerchantAccountId(ctx) + merchantPlan(ctx).length;
const platformAccountId = (ti: number, j: number) => ti * P + j + 1;
const channelId = (ti: number, c: number) => ti * CHANNELS.length + c + 1;
const packageId = (ti: number, p: number) => ti * PACKAGES.length + p + 1;

interface MemberPlan {
  /** Members per tenant (ids from 1, tenant after tenant). */
  counts: number[];
  firstId: number[];
  /** Tenant index of each member (by id − 1). */
  tenantOf: Uint8Array;
  cityOf: Float64Array;
}

/** A member's phone: the tenant's index, then the member's place among its members (the sign-in trail uses it too). */
export const memberPhone = (ti: number, k: number) => `+628${ti + 1}${String(k).padStart(9, '0')}`;

/** The members per tenant and where each registered, worked out once per run (the rides read it too). */
export function memberPlan(ctx: Context): MemberPlan {
  const cached = (ctx as Context & { memberPlan?: MemberPlan }).memberPlan;
  if (cached) return cached;
  const counts = apportion(
    Math.round(MONEY_VOLUMES.members * ctx.scale),
    ctx.tenants.map((t) => t.cities.reduce((n, c) => n + c.weight, 0)),
  );
  const total = counts.reduce((a, b) => a + b, 0);
  const tenantOf = new Uint8Array(total);
  const cityOf = new Float64Array(total);
  const firstId: number[] = [];
  // Where each member registered: a city of the tenant by its weight (own stream, so the members table's rows and
  // the orders' cities agree without either drawing for the other).
  const rng = rngFor(ctx.seed, 'members.register_city');
  let at = 0;
  ctx.tenants.forEach((t, ti) => {
    firstId.push(at + 1);
    const weights = t.cities.map((c) => c.weight);
    const sum = weights.reduce((a, b) => a + b, 0);
    for (let k = 0; k < counts[ti]!; k++, at++) {
      tenantOf[at] = ti;
      let x = rng.next() * sum;
      const pick = weights.findIndex((w) => (x -= w) < 0);
      const city = t.cities[pick < 0 ? t.cities.length - 1 : pick]!;
      cityOf[at] = city.cityCode;
    }
  });
  const plan = { counts, firstId, tenantOf, cityOf };
  (ctx as Context & { memberPlan?: MemberPlan }).memberPlan = plan;
  return plan;
}

/** One line of a posting, as post() writes it: the account, its side, the amount and the balance after. */
interface SimLine {
  accountId: number;
  direction: 'D' | 'C';
  amount: number;
  balanceAfter: number;
  memoKey: string | null;
}
interface SimTxn {
  id: number;
  kind: string;
  idempotencyKey: string;
  bizType: string;
  bizId: number;
  at: Date;
  lines: SimLine[];
}
export interface SimStep {
  tenantId: number;
  cityCode: number;
  /** A payment order (a top-up, or a ride, swap or pass paid from the balances). */
  order?: typeof paymentOrders.$inferInsert & { id: number; tenantId: number; cityCode: number; payNo: string; amount: number };
  /** Or a PLN token or pulsa bought through IAK, with the refund of a failed one. */
  prepaid?: typeof prepaidOrders.$inferInsert & { id: number };
  refund?: typeof refunds.$inferInsert & { id: number };
  /** What the step posted, in order: none for an order not paid. */
  txns: SimTxn[];
}
interface SimEnd {
  /** Members in the order their accounts were opened (their first paid top-up), and when. */
  opened: Int32Array;
  openedCount: number;
  openedAt: Float64Array;
  wallet: Float64Array;
  bonus: Float64Array;
  platform: Float64Array;
}

/** The year of payments, in time order (see the top of the file); returns where every balance ends. */
export function* simulate(ctx: Context): Generator<SimStep, SimEnd> {
  const plan = memberPlan(ctx);
  const m = plan.tenantOf.length;
  const rng = rngFor(ctx.seed, 'payment_orders');
  const wallet = new Float64Array(m);
  const bonus = new Float64Array(m);
  const account = new Int32Array(m); // the member's WALLET id (BONUS + 1, DEPOSIT + 2); 0 = not opened yet
  const opened = new Int32Array(m);
  const openedAt = new Float64Array(m);
  let openedCount = 0;
  const platform = new Float64Array(ctx.tenants.length * P);
  const clearing = CHANNELS.map((c) => platformIndex(`CLEARING:${c.code}`));
  const [promo, coupon] = [platformIndex('EXP_PROMO'), platformIndex('EXP_COUPON')];
  const revenue = { RIDE: platformIndex(REV.RIDE), SWAP: platformIndex(REV.SWAP), CARD: platformIndex(REV.CARD) };
  const firstMemberAccount = ctx.tenants.length * P + 1;
  let orderId = 0;
  let txnId = 0;
  let prepaidId = 0;
  let refundId = 0;
  const [inTransit, iakDeposit, feeRevenue, refundInTransit] = ['PREPAID_IN_TRANSIT', 'IAK_DEPOSIT', 'REV_FEE', 'REFUND_IN_TRANSIT'].map(
    platformIndex,
  ) as [number, number, number, number];

  const platformLine = (ti: number, j: number, direction: 'D' | 'C', amount: number, memoKey: string | null): SimLine => {
    const k = ti * P + j;
    platform[k] += direction === PLATFORM_ACCOUNTS[j]!.normalSide ? amount : -amount;
    return { accountId: platformAccountId(ti, j), direction, amount, balanceAfter: platform[k]!, memoKey };
  };
  // Member accounts are all on the credit side.
  const memberLine = (accountId: number, balances: Float64Array, i: number, direction: 'D' | 'C', amount: number, memoKey: string | null) => {
    balances[i] += direction === 'C' ? amount : -amount;
    return { accountId, direction, amount, balanceAfter: balances[i]!, memoKey } satisfies SimLine;
  };

  const perDay = apportion(Math.round(MONEY_VOLUMES.paymentOrders * ctx.scale), new Array<number>(HISTORY_DAYS).fill(1));
  const start = ctx.asOf.getTime() - HISTORY_DAYS * DAY_MS;
  for (let d = 0; d < HISTORY_DAYS; d++) {
    const times = new Float64Array(perDay[d]!);
    for (let k = 0; k < times.length; k++) times[k] = start + d * DAY_MS + Math.floor(rng.next() * DAY_MS);
    times.sort();
    for (const t of times) {
      const i = rng.int(0, m - 1);
      const ti = plan.tenantOf[i]!;
      const tenantId = ctx.tenants[ti]!.id;
      const cityCode = plan.cityOf[i]!;
      const memberId = i + 1;
      const funds = wallet[i]! + bonus[i]!;
      // A member's first money is a top-up; one short of money tops up more often than one with plenty.
      const purpose =
        !account[i] || rng.chance(funds < 20_000 ? 0.6 : 0.08)
          ? 'TOPUP'
          : ((x) => (x < 0.74 ? 'RIDE' : x < 0.9 ? 'SWAP' : x < 0.95 ? 'CARD' : 'PREPAID'))(rng.next());
      if (purpose === 'PREPAID') {
        // prepaid.ts: the WALLET alone pays (2008 and no order when it cannot), then IAK delivers or fails (refunded).
        const product = rng.pick(PREPAID_PRODUCTS);
        if (wallet[i]! < product.sell) continue;
        const id = ++prepaidId;
        const at = new Date(t);
        const orderNo = businessNo('PP', id, at);
        const recent = ctx.asOf.getTime() - t < 5 * 60_000;
        const status = recent ? PrepaidStatus.processing : rng.chance(0.97) ? PrepaidStatus.success : PrepaidStatus.failed;
        const txns: SimTxn[] = [
          {
            id: ++txnId,
            kind: 'PREPAID',
            idempotencyKey: `prepaid:${orderNo}:place`,
            bizType: 'prepaid_order',
            bizId: id,
            at,
            lines: [
              memberLine(account[i]!, wallet, i, 'D', product.sell, 'ledger.memo.prepaidPlace'),
              platformLine(ti, inTransit, 'C', product.sell, 'ledger.memo.prepaidPlace'),
            ],
          },
        ];
        const finishedAt = status === PrepaidStatus.processing ? null : new Date(t + rng.int(5, 90) * 1000);
        let refund: SimStep['refund'];
        if (status === PrepaidStatus.success)
          txns.push({
            id: ++txnId,
            kind: 'PREPAID',
            idempotencyKey: `prepaid:${orderNo}:success`,
            bizType: 'prepaid_order',
            bizId: id,
            at,
            lines: [
              platformLine(ti, inTransit, 'D', product.sell, 'ledger.memo.prepaidDone'),
              platformLine(ti, iakDeposit, 'C', product.price, 'ledger.memo.prepaidDone'),
              platformLine(ti, feeRevenue, 'C', product.sell - product.price, 'ledger.memo.prepaidFee'),
            ],
          });
        if (status === PrepaidStatus.failed) {
          const rid = ++refundId;
          const refundNo = businessNo('RF', rid, at);
          refund = {
            id: rid,
            tenantId,
            cityCode,
            refundNo,
            bizType: 'prepaid_order',
            bizId: id,
            memberId,
            amount: product.sell,
            currency: CURRENCY,
            reason: 6,
            destination: 2,
            status: RefundStatus.succeeded,
            requestedByType: 3,
            succeededAt: finishedAt,
            idempotencyKey: `prepaid:${orderNo}:refund`,
            remark: orderNo,
            ...stamped(finishedAt!),
          };
          const refundTxn = (kind: string, key: string, lines: SimLine[]): SimTxn => ({
            id: ++txnId,
            kind,
            idempotencyKey: key,
            bizType: 'refund',
            bizId: rid,
            at,
            lines,
          });
          txns.push(
            refundTxn(`REFUND_START`, `refund:${refundNo}:start:0`, [
              platformLine(ti, inTransit, 'D', product.sell, 'ledger.memo.refundStart'),
              platformLine(ti, refundInTransit, 'C', product.sell, 'ledger.memo.refundStart'),
            ]),
            refundTxn(`REFUND_DONE`, `refund:${refundNo}:done`, [
              memberLine(account[i]!, wallet, i, 'C', product.sell, 'ledger.memo.refundDone'),
              platformLine(ti, refundInTransit, 'D', product.sell, 'ledger.memo.refundDone'),
            ]),
          );
        }
        const prepaid: SimStep['prepaid'] = {
          id,
          tenantId,
          cityCode,
          orderNo,
          refId: orderNo,
          memberId,
          kind: product.kind,
          productCode: product.code,
          customerId: product.kind === 1 ? `5${String(1_000_000_000 + i).slice(-10)}` : `0812${String(10_000_000 + i).slice(-8)}`,
          price: product.price,
          sellPrice: product.sell,
          adminFee: PREPAID_ADMIN_FEE,
          currency: CURRENCY,
          status,
          sn:
            status === PrepaidStatus.success
              ? product.kind === 1
                ? `${String(id)
                    .padStart(20, '7')
                    .replace(/(\d{4})(?=\d)/g, '$1-')}/RIDER/R1 /000001300/13.8`
                : String(id).padStart(12, '9')
              : null,
          trId: String(id),
          rc: status === PrepaidStatus.success ? '00' : status === PrepaidStatus.failed ? '07' : '39',
          message: status === PrepaidStatus.success ? 'SUCCESS' : status === PrepaidStatus.failed ? 'FAILED' : 'PROCESS',
          ledgerTxnId: txns[0]!.id,
          refundId: refund?.id ?? null,
          checkCount: 0,
          nextCheckAt: status === PrepaidStatus.processing ? new Date(t + 60_000) : null,
          finishedAt,
          idempotencyKey: `bench-prepaid-${id}`,
          ...stamped(at),
        };
        yield { tenantId, cityCode, prepaid, refund, txns };
        continue;
      }
      const id = ++orderId;
      if (purpose === 'TOPUP') {
        const c = ((x) => CHANNELS.findIndex((ch) => (x -= ch.share) < 0))(rng.next());
        const channel = CHANNELS[c < 0 ? 0 : c]!;
        const p = rng.chance(0.7) ? rng.int(0, PACKAGES.length - 1) : -1;
        const [amount, bonusAmount] = p >= 0 ? PACKAGES[p]! : [rng.pick(FREE_AMOUNTS), 0];
        // t is when the gateway's notification is applied; the order was opened a little before.
        const createdAt = new Date(t - rng.int(20, 600) * 1000);
        const recent = ctx.asOf.getTime() - t < 10 * 60_000;
        const x = rng.next();
        const status = recent
          ? x < 0.2
            ? PaymentStatus.created
            : PaymentStatus.pending
          : x < 0.92
            ? PaymentStatus.paid
            : x < 0.95
              ? PaymentStatus.failed
              : PaymentStatus.expired;
        const paid = status === PaymentStatus.paid;
        const channelTxnId = status === PaymentStatus.created ? null : `bench-${id}`;
        const minutes = channel.code === 'QRIS' ? QRIS_EXPIRY_MINUTES : PAYMENT_ORDER_EXPIRY_MINUTES;
        const order: NonNullable<SimStep['order']> = {
          id,
          tenantId,
          cityCode,
          payNo: businessNo('PY', id, createdAt),
          memberId,
          purpose,
          amount,
          bonusAmount,
          currency: CURRENCY,
          topupPackageId: p >= 0 ? packageId(ti, p) : null,
          channelId: channelId(ti, c < 0 ? 0 : c),
          channelTxnId,
          status,
          expiresAt: new Date(createdAt.getTime() + minutes * 60_000),
          paidAt: paid ? new Date(t) : null,
          failReason: status === PaymentStatus.failed ? 'gateway: deny' : null,
          idempotencyKey: `bench-${id}`,
          createdAt,
          updatedAt: status === PaymentStatus.created || status === PaymentStatus.pending ? createdAt : new Date(t),
          version: status === PaymentStatus.created ? 0 : status === PaymentStatus.pending ? 1 : 2,
        };
        if (!paid) {
          yield { tenantId, cityCode, order, txns: [] };
          continue;
        }
        if (!account[i]) {
          account[i] = firstMemberAccount + openedCount * MEMBER_CODES.length;
          openedAt[i] = t;
          opened[openedCount++] = i;
        }
        // settle.ts postTopUp: Dr CLEARING:<channel> / Cr WALLET; the package's bonus Dr EXP_PROMO / Cr BONUS.
        const lines = [
          platformLine(ti, clearing[c < 0 ? 0 : c]!, 'D', amount, 'ledger.memo.topup'),
          memberLine(account[i]!, wallet, i, 'C', amount, 'ledger.memo.topup'),
        ];
        if (bonusAmount > 0)
          lines.push(
            platformLine(ti, promo, 'D', bonusAmount, 'ledger.memo.topupBonus'),
            memberLine(account[i]! + 1, bonus, i, 'C', bonusAmount, 'ledger.memo.topupBonus'),
          );
        const txn = {
          id: ++txnId,
          kind: 'TOPUP',
          idempotencyKey: `${channel.code}:${channelTxnId}:paid`,
          bizType: 'payment_order',
          bizId: id,
          at: new Date(t),
          lines,
        };
        yield { tenantId, cityCode, order, txns: [txn] };
        continue;
      }
      // Paid from the balances (payFromBalances): a ride may leave the WALLET in debt, a swap or a pass may not.
      const price = purpose === 'RIDE' ? 500 * rng.int(8, 50) : purpose === 'SWAP' ? SWAP_FEE : rng.pick(CARD_PRICES);
      const discount = purpose === 'RIDE' && rng.chance(0.25) ? Math.min(price - 500, 1_000 * rng.int(1, 5)) : 0;
      const amount = price - discount;
      const split = splitSpend({ wallet: wallet[i]!, bonus: bonus[i]! }, amount, { allowDebt: purpose === 'RIDE' });
      const at = new Date(t);
      const order: NonNullable<SimStep['order']> = {
        id,
        tenantId,
        cityCode,
        payNo: businessNo('PY', id, at),
        memberId,
        purpose,
        amount,
        currency: CURRENCY,
        status: split.ok ? PaymentStatus.paid : PaymentStatus.failed,
        expiresAt: new Date(t + PAYMENT_ORDER_EXPIRY_MINUTES * 60_000),
        paidAt: split.ok ? at : null,
        failReason: split.ok ? null : 'insufficient balance',
        idempotencyKey: `bench-${id}`,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      if (!split.ok) {
        yield { tenantId, cityCode, order, txns: [] };
        continue;
      }
      const lines: SimLine[] = [];
      if (split.fromBonus) lines.push(memberLine(account[i]! + 1, bonus, i, 'D', split.fromBonus, null));
      if (split.fromWallet) lines.push(memberLine(account[i]!, wallet, i, 'D', split.fromWallet, null));
      if (discount) lines.push(platformLine(ti, coupon, 'D', discount, null));
      lines.push(platformLine(ti, revenue[purpose], 'C', price, null));
      const txn = { id: ++txnId, kind: KIND[purpose], idempotencyKey: `pay:${order.payNo}`, bizType: 'payment_order', bizId: id, at, lines };
      yield { tenantId, cityCode, order, txns: [txn] };
    }
  }
  return { opened, openedCount, openedAt, wallet, bonus, platform };
}

/** Where the year ends (the accounts' balances), run once and kept. */
function simEnd(ctx: Context): SimEnd {
  const holder = ctx as Context & { moneyEnd?: SimEnd };
  if (holder.moneyEnd) return holder.moneyEnd;
  const run = simulate(ctx);
  let step = run.next();
  while (!step.done) step = run.next();
  holder.moneyEnd = step.value;
  return step.value;
}

const generated = `tenant_id >= ${FIRST_TENANT_ID}`;
const signed = `CASE WHEN e.direction = a.normal_side THEN e.amount ELSE -e.amount END`;

export const moneyTables = [
  defineTable({
    table: members,
    *rows(rng, ctx) {
      const plan = memberPlan(ctx);
      for (let i = 0; i < plan.tenantOf.length; i++) {
        const ti = plan.tenantOf[i]!;
        const id = i + 1;
        // Registered before the year of payments began (one to two years before the dataset's now).
        const createdAt = new Date(ctx.asOf.getTime() - (HISTORY_DAYS + 1) * DAY_MS - Math.floor(rng.next() * HISTORY_DAYS * DAY_MS));
        const k = id - plan.firstId[ti]!;
        yield {
          id,
          tenantId: ctx.tenants[ti]!.id,
          memberNo: businessNo('MB', id, createdAt),
          phone: memberPhone(ti, k),
          nickName: `Rider ${ti + 1}-${k}`,
          gender: rng.chance(0.2) ? null : rng.int(1, 2),
          registerSource: rng.int(1, 3),
          registerCityCode: plan.cityOf[i]!,
          kycStatus: kycPlan(ctx)[i]!,
          ...memberNik(ctx, id),
          lastActiveAt: new Date(ctx.asOf.getTime() - Math.floor(rng.next() * 60 * DAY_MS)),
          ...stamped(createdAt),
        };
      }
    },
    rules: [
      {
        name: 'a member registered in a city of another tenant',
        sql: `SELECT count(*) FROM members m JOIN cities c ON c.city_code = m.register_city_code WHERE m.${generated} AND c.tenant_id <> m.tenant_id`,
      },
    ],
  }),
  defineTable({
    table: accountBooks,
    *rows(_rng, ctx) {
      for (const [ti, t] of ctx.tenants.entries()) {
        const at = stamped(new Date(ctx.asOf.getTime() - 800 * DAY_MS));
        // openPlatformAccounts' book, then memberAccounts' three.
        yield { id: bookId(ti, 0), tenantId: t.id, bookCode: `PLATFORM-${CURRENCY}`, bookType: PLATFORM_BOOK_TYPE, currency: CURRENCY, ...at };
        for (const [k, code] of MEMBER_CODES.entries())
          yield {
            id: bookId(ti, k + 1),
            tenantId: t.id,
            bookCode: `MEMBER-${code}-${CURRENCY}`,
            bookType: MEMBER_BOOKS[code],
            currency: CURRENCY,
            ...at,
          };
      }
      // openMerchantAccount's book, one per tenant, after every tenant's four.
      for (const [ti, t] of ctx.tenants.entries()) {
        const at = stamped(new Date(ctx.asOf.getTime() - 800 * DAY_MS));
        yield {
          id: merchantBookId(ctx, ti),
          tenantId: t.id,
          bookCode: `MERCHANT-${CURRENCY}`,
          bookType: MERCHANT_BOOK_TYPE,
          currency: CURRENCY,
          ...at,
        };
      }
      // openPartnerAccount's book, one per tenant, after the merchants'.
      for (const [ti, t] of ctx.tenants.entries()) {
        const at = stamped(new Date(ctx.asOf.getTime() - 800 * DAY_MS));
        yield { id: partnerBookId(ctx, ti), tenantId: t.id, bookCode: `PARTNER-${CURRENCY}`, bookType: PARTNER_BOOK_TYPE, currency: CURRENCY, ...at };
      }
    },
    resource: accountBookResource,
  }),
  defineTable({
    table: accounts,
    *rows(_rng, ctx) {
      const end = simEnd(ctx);
      const plan = memberPlan(ctx);
      for (const [ti, t] of ctx.tenants.entries()) {
        const at = stamped(new Date(ctx.asOf.getTime() - 800 * DAY_MS));
        for (const [j, a] of PLATFORM_ACCOUNTS.entries())
          yield {
            id: platformAccountId(ti, j),
            tenantId: t.id,
            accountNo: platformAccountNo(a.code, CURRENCY),
            bookId: bookId(ti, 0),
            ownerType: PLATFORM_OWNER_TYPE,
            code: a.code,
            currency: CURRENCY,
            normalSide: a.normalSide,
            balance: end.platform[ti * P + j]!,
            allowNegative: true,
            ...at,
          };
      }
      // A member's accounts open with the first paid top-up (memberAccounts), in that order.
      let id = ctx.tenants.length * P + 1;
      for (let n = 0; n < end.openedCount; n++) {
        const i = end.opened[n]!;
        const ti = plan.tenantOf[i]!;
        for (const [k, code] of MEMBER_CODES.entries())
          yield {
            id: id++,
            tenantId: ctx.tenants[ti]!.id,
            accountNo: memberAccountNo(i + 1, code, CURRENCY),
            bookId: bookId(ti, k + 1),
            ownerType: MEMBER_OWNER_TYPE,
            ownerId: i + 1,
            code,
            currency: CURRENCY,
            normalSide: 'C',
            balance: code === 'WALLET' ? end.wallet[i]! : code === 'BONUS' ? end.bonus[i]! : 0,
            allowNegative: false,
            ...stamped(new Date(end.openedAt[i]!)),
          };
      }
      // The busy platform accounts' slices (openPlatformAccounts), at zero: the generated history is booked on the
      // accounts themselves, as if every posting's id had picked slice 0; postings made on the loaded database spread.
      for (const [ti, t] of ctx.tenants.entries()) {
        const at = stamped(new Date(ctx.asOf.getTime() - 800 * DAY_MS));
        for (const [j, a] of PLATFORM_ACCOUNTS.entries())
          for (let slice = 1; a.sliced && slice < SHARED_ACCOUNT_SLICES; slice++)
            yield {
              id: id++,
              tenantId: t.id,
              accountNo: sliceAccountNo(platformAccountNo(a.code, CURRENCY), slice),
              bookId: bookId(ti, 0),
              ownerType: PLATFORM_OWNER_TYPE,
              code: a.code,
              currency: CURRENCY,
              normalSide: a.normalSide,
              allowNegative: true,
              sliceOf: platformAccountId(ti, j),
              slice,
              ...at,
            };
      }
      // The merchants' payable accounts (openMerchantAccount), opened with them, at zero: no share has accrued yet.
      if (id !== firstMerchantAccountId(ctx)) throw new Error(`merchant accounts start at ${id}, not ${firstMerchantAccountId(ctx)}`);
      for (const m of merchantPlan(ctx)) {
        const ti = ctx.tenants.findIndex((t) => t.id === m.city.tenantId);
        yield {
          id: id++,
          tenantId: m.city.tenantId,
          accountNo: merchantAccountNo(m.id, CURRENCY),
          bookId: merchantBookId(ctx, ti),
          ownerType: MERCHANT_OWNER_TYPE,
          ownerId: m.id,
          code: MERCHANT_PAYABLE,
          currency: CURRENCY,
          normalSide: 'C',
          allowNegative: false,
          ...stamped(new Date(ctx.asOf.getTime() - 700 * DAY_MS)),
        };
      }
      // The partners' payable accounts (openPartnerAccount), opened with them in id order, at zero.
      if (id !== firstPartnerAccountId(ctx)) throw new Error(`partner accounts start at ${id}, not ${firstPartnerAccountId(ctx)}`);
      for (const [ti, { tenant, ids }] of partnerPlan(ctx)
        .map((p) => ({ tenant: p.tenant, ids: partnerIds(p) }))
        .entries())
        for (const partnerId of ids)
          yield {
            id: id++,
            tenantId: tenant.id,
            accountNo: partnerAccountNo(partnerId, CURRENCY),
            bookId: partnerBookId(ctx, ti),
            ownerType: PARTNER_OWNER_TYPE,
            ownerId: partnerId,
            code: PARTNER_PAYABLE,
            currency: CURRENCY,
            normalSide: 'C',
            allowNegative: false,
            ...stamped(new Date(ctx.asOf.getTime() - 700 * DAY_MS)),
          };
    },
    rules: [
      {
        name: 'an account whose owner is no member, merchant or partner of its tenant',
        sql: `SELECT count(*) FROM accounts a WHERE a.${generated} AND (
                (a.owner_type = ${MEMBER_OWNER_TYPE} AND NOT EXISTS (SELECT 1 FROM members m WHERE m.id = a.owner_id AND m.tenant_id = a.tenant_id))
                OR (a.owner_type = ${MERCHANT_OWNER_TYPE} AND NOT EXISTS (SELECT 1 FROM merchants m WHERE m.id = a.owner_id AND m.tenant_id = a.tenant_id))
                OR (a.owner_type = ${PARTNER_OWNER_TYPE} AND NOT EXISTS (SELECT 1 FROM partner_agencies p WHERE p.id = a.owner_id AND p.tenant_id = a.tenant_id)))`,
      },
      {
        name: "an account's balance is not the sum of its entries",
        sql: `SELECT count(*) FROM accounts a LEFT JOIN (SELECT e.account_id, sum(${signed}) AS net FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
                WHERE e.${generated} GROUP BY e.account_id) s ON s.account_id = a.id WHERE a.${generated} AND a.balance <> coalesce(s.net, 0)`,
      },
      {
        name: 'a member account below zero other than a WALLET in debt',
        sql: `SELECT count(*) FROM accounts WHERE ${generated} AND owner_type = ${MEMBER_OWNER_TYPE} AND balance < 0 AND code <> 'WALLET'`,
      },
      {
        name: "an account in another tenant's book or a book of another type",
        sql: `SELECT count(*) FROM accounts a JOIN account_books b ON b.id = a.book_id WHERE a.${generated}
                AND (b.tenant_id <> a.tenant_id OR b.book_type <> CASE a.code WHEN 'WALLET' THEN 1 WHEN 'BONUS' THEN 2 WHEN 'DEPOSIT' THEN 3 WHEN '${MERCHANT_PAYABLE}' THEN ${MERCHANT_BOOK_TYPE} WHEN '${PARTNER_PAYABLE}' THEN ${PARTNER_BOOK_TYPE} ELSE ${PLATFORM_BOOK_TYPE} END)`,
      },
    ],
    resource: accountResource,
  }),
  defineTable({
    table: paymentChannels,
    *rows(_rng, ctx) {
      for (const [ti, t] of ctx.tenants.entries())
        for (const [c, ch] of CHANNELS.entries())
          yield {
            id: channelId(ti, c),
            tenantId: t.id,
            channelCode: ch.code,
            provider: ch.provider,
            providerMerchantId: `${ch.provider.toUpperCase()}-${t.code}-${c + 1}`,
            nmid: ch.nmid ? `ID10${String(t.id).padStart(4, '0')}${String(2_026_001 + c).padStart(7, '0')}` : null,
            credentialsRef: `DEMO_${ch.code}`,
            feeFixed: ch.feeFixed,
            feeBp: ch.feeBp,
            currency: CURRENCY,
            settleDays: ch.settleDays,
            clearingAccountId: platformAccountId(ti, platformIndex(`CLEARING:${ch.code}`)),
            ...stamped(new Date(ctx.asOf.getTime() - 800 * DAY_MS)),
          };
    },
    references: [[paymentChannels.clearingAccountId, accounts.id]],
    rules: [
      {
        name: "a channel's clearing account is not its tenant's CLEARING:<channel>",
        sql: `SELECT count(*) FROM payment_channels p JOIN accounts a ON a.id = p.clearing_account_id
               WHERE p.${generated} AND (a.tenant_id <> p.tenant_id OR a.code <> 'CLEARING:' || p.channel_code)`,
      },
    ],
  }),
  defineTable({
    table: topupPackages,
    *rows(_rng, ctx) {
      for (const [ti, t] of ctx.tenants.entries())
        for (const [p, [amount, bonus]] of PACKAGES.entries())
          yield {
            id: packageId(ti, p),
            tenantId: t.id,
            amount,
            bonus,
            currency: CURRENCY,
            labelKey: bonus ? `Bonus Rp ${bonus.toLocaleString('id-ID')}` : null,
            sort: p + 1,
            ...stamped(new Date(ctx.asOf.getTime() - 800 * DAY_MS)),
          };
    },
  }),
  defineTable({
    table: paymentOrders,
    *rows(_rng, ctx) {
      for (const { order } of { [Symbol.iterator]: () => simulate(ctx) }) if (order) yield order;
    },
    references: [
      [paymentOrders.memberId, members.id],
      [paymentOrders.channelId, paymentChannels.id],
      [paymentOrders.topupPackageId, topupPackages.id],
    ],
    rules: [
      {
        name: 'a paid order without exactly one posting, or an unpaid one with one',
        sql: `SELECT count(*) FROM payment_orders o WHERE o.${generated} AND (o.status = ${PaymentStatus.paid}) <>
                ((SELECT count(*) FROM ledger_transactions t WHERE t.tenant_id = o.tenant_id AND t.biz_type = 'payment_order' AND t.biz_id = o.id) = 1)`,
      },
      {
        name: 'a top-up without a channel of its tenant, or a wallet payment with one',
        sql: `SELECT count(*) FROM payment_orders o LEFT JOIN payment_channels c ON c.id = o.channel_id
               WHERE o.${generated} AND CASE WHEN o.purpose = 'TOPUP' THEN c.tenant_id IS DISTINCT FROM o.tenant_id ELSE o.channel_id IS NOT NULL END`,
      },
      {
        name: 'a paid top-up whose posting does not credit the WALLET its amount and the BONUS its bonus',
        sql: `SELECT count(*) FROM payment_orders o JOIN ledger_transactions t ON t.tenant_id = o.tenant_id AND t.biz_type = 'payment_order' AND t.biz_id = o.id
               WHERE o.${generated} AND o.purpose = 'TOPUP' AND (
                 (SELECT sum(e.amount) FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE e.txn_id = t.id AND a.code = 'WALLET' AND e.direction = 'C' AND a.owner_id = o.member_id) IS DISTINCT FROM o.amount
                 OR coalesce((SELECT sum(e.amount) FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE e.txn_id = t.id AND a.code = 'BONUS' AND a.owner_id = o.member_id), 0) <> o.bonus_amount)`,
      },
      {
        name: "a paid wallet payment that does not take its amount from the member's BONUS and WALLET",
        sql: `SELECT count(*) FROM payment_orders o JOIN ledger_transactions t ON t.tenant_id = o.tenant_id AND t.biz_type = 'payment_order' AND t.biz_id = o.id
               WHERE o.${generated} AND o.purpose <> 'TOPUP' AND (SELECT sum(e.amount) FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
                 WHERE e.txn_id = t.id AND a.owner_id = o.member_id AND a.code IN ('WALLET', 'BONUS') AND e.direction = 'D') IS DISTINCT FROM o.amount`,
      },
      {
        name: 'paid_at set on an order not paid, or missing on a paid one',
        sql: `SELECT count(*) FROM payment_orders WHERE ${generated} AND (status = ${PaymentStatus.paid}) <> (paid_at IS NOT NULL)`,
      },
    ],
    resource: paymentOrderResource,
  }),
  defineTable({
    table: ledgerTransactions,
    *rows(_rng, ctx) {
      for (const step of { [Symbol.iterator]: () => simulate(ctx) })
        for (const txn of step.txns)
          yield {
            id: txn.id,
            tenantId: step.tenantId,
            txnNo: businessNo('LT', txn.id, txn.at),
            kind: txn.kind,
            idempotencyKey: txn.idempotencyKey,
            bizType: txn.bizType,
            bizId: txn.bizId,
            occurredAt: txn.at,
            cityCode: step.cityCode,
            createdAt: txn.at,
          };
    },
    rules: [
      {
        name: 'a transaction whose business row (payment order, prepaid order, refund) is missing',
        sql: `SELECT count(*) FROM ledger_transactions t WHERE t.${generated} AND NOT CASE t.biz_type
                WHEN 'payment_order' THEN EXISTS (SELECT 1 FROM payment_orders o WHERE o.id = t.biz_id AND o.tenant_id = t.tenant_id)
                WHEN 'prepaid_order' THEN EXISTS (SELECT 1 FROM prepaid_orders o WHERE o.id = t.biz_id AND o.tenant_id = t.tenant_id)
                WHEN 'refund' THEN EXISTS (SELECT 1 FROM refunds r WHERE r.id = t.biz_id AND r.tenant_id = t.tenant_id)
                ELSE false END`,
      },
      {
        name: 'a transaction with fewer than two lines',
        sql: `SELECT count(*) FROM ledger_transactions t WHERE t.${generated} AND (SELECT count(*) FROM ledger_entries e WHERE e.txn_id = t.id) < 2`,
      },
    ],
  }),
  defineTable({
    table: ledgerEntries,
    *rows(_rng, ctx) {
      let id = 0;
      for (const step of { [Symbol.iterator]: () => simulate(ctx) })
        for (const txn of step.txns)
          for (const line of txn.lines)
            yield {
              id: ++id,
              tenantId: step.tenantId,
              txnId: txn.id,
              accountId: line.accountId,
              direction: line.direction,
              amount: line.amount,
              currency: CURRENCY,
              balanceAfter: line.balanceAfter,
              memoKey: line.memoKey,
              cityCode: step.cityCode,
              createdAt: txn.at,
            };
    },
    references: [
      [ledgerEntries.txnId, ledgerTransactions.id],
      [ledgerEntries.accountId, accounts.id],
    ],
    rules: [
      {
        name: 'a transaction whose debits and credits differ (Σ D ≠ Σ C)',
        sql: `SELECT count(*) FROM (SELECT txn_id FROM ledger_entries WHERE ${generated} GROUP BY txn_id, currency
                HAVING sum(CASE direction WHEN 'D' THEN amount ELSE -amount END) <> 0) off`,
      },
      {
        name: "an entry's balance_after is not its account's running balance",
        sql: `SELECT count(*) FROM (SELECT e.balance_after, sum(${signed}) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
                FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE e.${generated}) r WHERE r.balance_after <> r.running`,
      },
      {
        name: "an entry on another tenant's account or not in its transaction's tenant and city",
        sql: `SELECT count(*) FROM ledger_entries e JOIN accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.txn_id
               WHERE e.${generated} AND (a.tenant_id <> e.tenant_id OR t.tenant_id <> e.tenant_id OR t.city_code IS DISTINCT FROM e.city_code)`,
      },
      {
        name: 'a WALLET taken below zero by anything but a ride, or a BONUS below zero',
        sql: `SELECT count(*) FROM ledger_entries e JOIN accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.txn_id
               WHERE e.${generated} AND e.balance_after < 0 AND e.direction = 'D' AND a.owner_type = ${MEMBER_OWNER_TYPE}
                 AND (a.code <> 'WALLET' OR t.kind <> 'RIDE_PAY')`,
      },
    ],
    resource: ledgerEntryResource,
  }),
];
