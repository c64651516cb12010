import { Code } from '@kayuh/contract/codes';
import { PAYMENT_ORDER_EXPIRY_MINUTES, QRIS_EXPIRY_MINUTES } from '@kayuh/contract/constants';
import { PaymentStatus, type TopupRequest, type TopupResult } from '@kayuh/contract/api/wallet';
import { formatThousands } from '@kayuh/contract/rules/format';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { currencies, members, paymentChannels, paymentOrders, qrisOrders, topupPackages } from '../../db/schema.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import { tenantCurrency } from '../../platform/ledger/accounts.ts';
import { memberBalances } from '../../platform/ledger/memberPay.ts';
import { rowsOf } from '../../platform/rows.ts';
import type { MemberContext } from '../../platform/types.ts';
import type { Gateways } from './gatewayLinks.ts';
import { GatewayError, type ChannelCode, type PaymentDisplay } from './gateways/types.ts';

type Channel = typeof paymentChannels.$inferSelect;
type Order = typeof paymentOrders.$inferSelect;

/** members.kyc_status 2: verified, which lifts the wallet cap (DOMAIN §2.7). */
const KYC_VERIFIED = 2;

const money = (symbol: string, amount: number) => `${symbol} ${formatThousands(amount)}`;

/** The tenant's active channel for a code, currency and city (a channel without cities serves them all). */
export async function channelFor(db: Db, tenantId: number, code: ChannelCode, currency: string, cityCode: number): Promise<Channel> {
  const [channel] = await db
    .select()
    .from(paymentChannels)
    .where(
      and(
        eq(paymentChannels.tenantId, tenantId),
        eq(paymentChannels.channelCode, code),
        eq(paymentChannels.currency, currency),
        eq(paymentChannels.status, 0),
        isNull(paymentChannels.deletedAt),
        sql`(${paymentChannels.cityCodes} IS NULL OR ${cityCode} = ANY(${paymentChannels.cityCodes}))`,
      ),
    )
    .limit(1);
  if (!channel) throw invalid({ channelCode: 'wallet.channelUnavailable' });
  return channel;
}

/** The packages on sale now in a city (a package without cities is on sale in all), in their order. */
export function packagesOnSale(db: Db, tenantId: number, cityCode: number, currency: string, packageId?: number) {
  return db
    .select()
    .from(topupPackages)
    .where(
      and(
        packageId === undefined ? undefined : eq(topupPackages.id, packageId),
        eq(topupPackages.tenantId, tenantId),
        eq(topupPackages.currency, currency),
        eq(topupPackages.status, 0),
        isNull(topupPackages.deletedAt),
        sql`(${topupPackages.cityCodes} IS NULL OR ${cityCode} = ANY(${topupPackages.cityCodes}))`,
        sql`(${topupPackages.startAt} IS NULL OR ${topupPackages.startAt} <= now())`,
        sql`(${topupPackages.endAt} IS NULL OR ${topupPackages.endAt} > now())`,
      ),
    )
    .orderBy(topupPackages.sort, topupPackages.id);
}

/** A package on sale now in the city, for this member (first_top_up_only: a member who never paid a top-up). */
async function packageFor(db: Db, tenantId: number, memberId: number, packageId: number, cityCode: number, currency: string) {
  const [pkg] = await packagesOnSale(db, tenantId, cityCode, currency, packageId);
  if (!pkg) throw invalid({ packageId: 'wallet.packageUnavailable' });
  if (pkg.firstTopupOnly) {
    const [paidBefore] = await db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.memberId, memberId), eq(paymentOrders.purpose, 'TOPUP'), eq(paymentOrders.status, PaymentStatus.paid)))
      .limit(1);
    if (paidBefore) throw invalid({ packageId: 'wallet.packageUnavailable' });
  }
  return pkg;
}

/** The top-up's limits (DOMAIN §2.7 currencies): the smallest top-up, and the wallet cap after it, with the bonus. */
async function checkLimits(db: Db, member: MemberContext, currency: string, amount: number, bonus: number) {
  const [rules] = await db
    .select()
    .from(currencies)
    .where(and(eq(currencies.code, currency), isNull(currencies.deletedAt)));
  if (!rules || rules.status !== 0) throw invalid({ channelCode: 'wallet.channelUnavailable' });
  if (amount < rules.minTopup)
    throw new BizError(
      Code.validation,
      'wallet.topupBelowMin',
      { fields: { amount: 'wallet.topupBelowMin' } },
      { min: money(rules.symbol, rules.minTopup) },
    );
  const [row] = await db.select({ kyc: members.kycStatus }).from(members).where(eq(members.id, member.memberId));
  const cap = row?.kyc === KYC_VERIFIED ? rules.maxWalletVerified : rules.maxWalletUnverified;
  const now = await memberBalances(db, member.tenantId, member.memberId, currency);
  if (now.wallet - now.debt + now.bonus + amount + bonus > cap)
    throw new BizError(Code.validation, 'wallet.overCap', { fields: { amount: 'wallet.overCap' } }, { cap: money(rules.symbol, cap) });
}

/** The member's city for the order: the one the app names, else where they registered, else the tenant's first. */
export async function cityOf(db: Db, member: Pick<MemberContext, 'tenantId' | 'memberId'>, asked: number | undefined): Promise<number> {
  const rows = await db.execute(sql`
    SELECT city_code FROM cities WHERE tenant_id = ${member.tenantId} AND deleted_at IS NULL AND status = 1
     ORDER BY (city_code = ${asked ?? -1}) DESC,
              (city_code = (SELECT register_city_code FROM members WHERE id = ${member.memberId})) DESC, city_code
     LIMIT 1`);
  const [city] = rowsOf<{ city_code: string | number }>(rows);
  if (!city) throw invalid({ cityCode: 'validation.invalidOption' });
  if (asked !== undefined && Number(city.city_code) !== asked) throw invalid({ cityCode: 'validation.invalidOption' });
  return Number(city.city_code);
}

export function topupResultOf(order: Order): TopupResult {
  return {
    payNo: order.payNo,
    amount: order.amount,
    bonus: order.bonusAmount ?? 0,
    currency: order.currency,
    expiresAt: order.expiresAt.toISOString(),
    status: order.status,
    pay: order.payDisplay as PaymentDisplay,
  };
}

/**
 * A member's top-up (issue #12): the order is written first (status 0), then the channel is asked for the payment
 * (a dynamic QRIS code, a VA number, an e-wallet redirect) and the order waits for it (status 1) with what the app
 * shows. Once per Idempotency-Key: a repeat gets the same order; the gateway is never asked twice for one order,
 * because a repeat after a crash finds the order and only completes what is missing.
 */
export async function startTopUp(
  db: Db,
  gateways: Gateways,
  member: MemberContext,
  req: TopupRequest,
  idempotencyKey: string,
  clientIp: string,
): Promise<TopupResult> {
  return once(db, { tenantId: member.tenantId, scope: `topup:${member.memberId}`, key: idempotencyKey, payload: req }, async () => {
    const currency = await tenantCurrency(db, member.tenantId);
    const cityCode = await cityOf(db, member, req.cityCode);
    const channel = await channelFor(db, member.tenantId, req.channelCode, currency, cityCode);
    const pkg = req.packageId === undefined ? undefined : await packageFor(db, member.tenantId, member.memberId, req.packageId, cityCode, currency);
    if (pkg && pkg.amount !== req.amount) throw invalid({ amount: 'wallet.packageMismatch' });
    const bonus = pkg?.bonus ?? 0;
    await checkLimits(db, member, currency, req.amount, bonus);

    const order = await openOrder(db, {
      member,
      channel,
      cityCode,
      currency,
      amount: req.amount,
      bonus,
      packageId: pkg?.id ?? null,
      idempotencyKey,
      clientIp,
    });
    if (order.status !== PaymentStatus.created) return topupResultOf(order);
    return topupResultOf(await askChannel(db, gateways, channel, order, member));
  });
}

/** What a member pays through a channel besides a top-up: its purpose (payment_orders_purpose) and its order. */
export interface PaidFor {
  purpose: 'RIDE';
  bizType: string;
  bizId: number;
}

/** The order row, written once per key (a repeat after a crash reads the one written before). */
export async function openOrder(
  db: Db,
  o: {
    member: MemberContext;
    channel: Channel;
    cityCode: number;
    currency: string;
    amount: number;
    bonus: number;
    packageId: number | null;
    idempotencyKey: string;
    clientIp: string;
    /** Unless it is a top-up. */
    paysFor?: PaidFor;
  },
): Promise<Order> {
  const minutes = o.channel.channelCode === 'QRIS' ? QRIS_EXPIRY_MINUTES : PAYMENT_ORDER_EXPIRY_MINUTES;
  const { id, no } = await nextBusinessNo(db, 'payment_orders', 'PY');
  const [inserted] = await db
    .insert(paymentOrders)
    .values({
      id,
      tenantId: o.member.tenantId,
      cityCode: o.cityCode,
      payNo: no,
      memberId: o.member.memberId,
      payerType: 1,
      purpose: o.paysFor?.purpose ?? 'TOPUP',
      bizType: o.paysFor?.bizType ?? null,
      bizId: o.paysFor?.bizId ?? null,
      amount: o.amount,
      bonusAmount: o.bonus,
      currency: o.currency,
      topupPackageId: o.packageId,
      channelId: o.channel.id,
      status: PaymentStatus.created,
      expiresAt: new Date(Date.now() + minutes * 60_000),
      idempotencyKey: o.idempotencyKey,
      clientIp: o.clientIp,
    })
    .onConflictDoNothing({ target: [paymentOrders.tenantId, paymentOrders.memberId, paymentOrders.idempotencyKey] })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.tenantId, o.member.tenantId),
        eq(paymentOrders.memberId, o.member.memberId),
        eq(paymentOrders.idempotencyKey, o.idempotencyKey),
      ),
    );
  return existing!;
}

/**
 * Asks the channel for the payment and keeps what it answered: the order waits (0 → 1, DOMAIN §3.7) with what the
 * app shows, and a QRIS code is its own row (§3.10). A channel that cannot be reached fails the order (0 → 3); the
 * member asks again with a new key.
 */
export async function askChannel(db: Db, gateways: Gateways, channel: Channel, order: Order, payer: MemberContext): Promise<Order> {
  const link = gateways.link(channel);
  let charged;
  try {
    charged = await link.adapter.charge(
      {
        orderId: order.payNo,
        amount: order.amount,
        currency: order.currency,
        channelCode: channel.channelCode as ChannelCode,
        expiresAt: order.expiresAt,
        // OVO pushes the payment to the member's phone; DANA and ShopeePay send the member back to the app.
        customer: { phone: payer.phone },
        returnUrl: `${gateways.appReturnUrl}?payNo=${encodeURIComponent(order.payNo)}`,
      },
      link.secret,
      link.http,
    );
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    await db
      .update(paymentOrders)
      .set({ status: PaymentStatus.failed, failReason: err.message.slice(0, 500), updatedAt: new Date(), version: sql`${paymentOrders.version} + 1` })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, PaymentStatus.created)));
    throw new BizError(Code.transitionNotAllowed, 'wallet.gatewayUnavailable');
  }
  return db.transaction(async (tx) => {
    const [waiting] = await tx
      .update(paymentOrders)
      .set({
        status: PaymentStatus.pending,
        channelTxnId: charged.channelTxnId,
        payDisplay: charged.display,
        updatedAt: new Date(),
        version: sql`${paymentOrders.version} + 1`,
      })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, PaymentStatus.created)))
      .returning();
    if (!waiting) return (await tx.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)))[0]!;
    if (charged.display.kind === 'qris') {
      const { id, no } = await nextBusinessNo(tx, 'qris_orders', 'QR');
      await tx.insert(qrisOrders).values({
        id,
        tenantId: order.tenantId,
        cityCode: order.cityCode,
        qrisNo: no,
        paymentOrderId: order.id,
        nmid: channel.nmid ?? '',
        qrPayload: charged.display.payload,
        amount: order.amount,
        currency: order.currency,
        expiresAt: order.expiresAt,
      });
    }
    return waiting;
  });
}
