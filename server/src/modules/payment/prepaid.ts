import {
  formatPlnToken,
  PREPAID_CHECK_MINUTES,
  PREPAID_KIND_NAMES,
  PrepaidKind,
  prepaidCustomerOf,
  PrepaidStatus,
  type PrepaidOrderView,
  type PrepaidPurchaseRequest,
} from '@kayuh/contract/api/prepaid';
import { Code } from '@kayuh/contract/codes';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { prepaidOrders } from '../../db/schema.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import { memberAccounts, platformAccounts, tenantCurrency } from '../../platform/ledger/accounts.ts';
import { post } from '../../platform/ledger/posting.ts';
import type { MemberContext } from '../../platform/types.ts';
import { GatewayError } from './gateways/types.ts';
import { parsePlnSn } from './gateways/iak.ts';
import { applyIakAnswer, settleFailure, type PrepaidOrder } from './prepaidOutcome.ts';
import type { PrepaidLink, PrepaidLinks, PricedProduct } from './prepaidLinks.ts';
import { PREPAID_ORDER_BIZ } from './refundPostings.ts';
import { cityOf } from './topup.ts';

/** IAK sells in rupiah only. */
export const IAK_CURRENCY = 'IDR';

/** The operator's IAK account, or 2001 on productCode when it sells no prepaid products (none, or not in rupiah). */
export async function prepaidLinkOf(db: Db, links: PrepaidLinks, tenantId: number): Promise<PrepaidLink> {
  const link = await links.forTenant(tenantId);
  if (!link || link.channel.currency.trim() !== IAK_CURRENCY || (await tenantCurrency(db, tenantId)) !== IAK_CURRENCY)
    throw invalid({ productCode: 'prepaid.unavailable' });
  return link;
}

/** What is on sale now; 2004 when IAK cannot be asked (the app tries again). */
export async function productsOnSale(links: PrepaidLinks, link: PrepaidLink): Promise<PricedProduct[]> {
  try {
    return await links.catalogue(link);
  } catch (err) {
    if (err instanceof GatewayError || (err instanceof Error && err.name === 'TimeoutError'))
      throw new BizError(Code.transitionNotAllowed, 'wallet.gatewayUnavailable');
    throw err;
  }
}

/** How a member sees an order: the PLN token in five groups of four, another product's serial number as IAK sent it. */
export function prepaidViewOf(o: PrepaidOrder): PrepaidOrderView {
  const kind = PREPAID_KIND_NAMES.find((k) => PrepaidKind[k] === o.kind)!;
  const plnToken = o.sn ? parsePlnSn(o.sn)?.token : undefined;
  return {
    orderNo: o.orderNo,
    kind,
    productCode: o.productCode,
    customerId: o.customerId,
    sellPrice: o.sellPrice,
    currency: o.currency,
    status: o.status,
    token: o.status !== PrepaidStatus.success ? null : plnToken ? formatPlnToken(plnToken) : o.sn,
    message: o.message,
    createdAt: o.createdAt.toISOString(),
  };
}

/** When the status-check task asks next, after `checks` checks: minutes after the order was placed, or never. */
export function nextCheckAt(placedAt: Date, checks: number): Date | null {
  const minutes = PREPAID_CHECK_MINUTES[checks];
  return minutes === undefined ? null : new Date(placedAt.getTime() + minutes * 60_000);
}

/**
 * The order and its wallet debit, in one transaction (§3.10 place: Dr WALLET / Cr PREPAID_IN_TRANSIT): written once
 * per key, so a repeat after a crash reads the one written before. 2008 when the wallet does not hold the price; the
 * bonus balance does not buy prepaid products (it is the operator's promotion, not cash).
 */
export async function openPrepaidOrder(
  db: Db,
  o: {
    member: Pick<MemberContext, 'tenantId' | 'memberId'>;
    cityCode: number;
    product: PricedProduct;
    customerId: string;
    idempotencyKey: string;
    placedAt?: Date;
  },
): Promise<PrepaidOrder> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(prepaidOrders)
      .where(
        and(
          eq(prepaidOrders.tenantId, o.member.tenantId),
          eq(prepaidOrders.memberId, o.member.memberId),
          eq(prepaidOrders.idempotencyKey, o.idempotencyKey),
        ),
      );
    if (existing) return existing;
    const placedAt = o.placedAt ?? new Date();
    const { id, no } = await nextBusinessNo(tx, 'prepaid_orders', 'PP', placedAt);
    const [order] = await tx
      .insert(prepaidOrders)
      .values({
        id,
        tenantId: o.member.tenantId,
        cityCode: o.cityCode,
        orderNo: no,
        refId: no,
        memberId: o.member.memberId,
        kind: PrepaidKind[o.product.kind],
        productCode: o.product.productCode,
        customerId: o.customerId,
        price: o.product.price,
        sellPrice: o.product.sellPrice,
        adminFee: o.product.adminFee,
        currency: IAK_CURRENCY,
        status: PrepaidStatus.processing,
        nextCheckAt: nextCheckAt(placedAt, 0),
        idempotencyKey: o.idempotencyKey,
        createdAt: placedAt,
        updatedAt: placedAt,
      })
      .returning();
    const wallet = (await memberAccounts(tx, o.member.tenantId, o.member.memberId, IAK_CURRENCY)).WALLET;
    const held = (await platformAccounts(tx, o.member.tenantId, IAK_CURRENCY, ['PREPAID_IN_TRANSIT'])).PREPAID_IN_TRANSIT;
    const placed = await post(tx, o.member.tenantId, {
      kind: 'PREPAID',
      idempotencyKey: `prepaid:${no}:place`,
      bizType: PREPAID_ORDER_BIZ,
      bizId: id,
      cityCode: o.cityCode,
      occurredAt: placedAt,
      lines: [
        { accountId: wallet, direction: 'D', amount: o.product.sellPrice, memoKey: 'ledger.memo.prepaidPlace' },
        { accountId: held, direction: 'C', amount: o.product.sellPrice, memoKey: 'ledger.memo.prepaidPlace' },
      ],
    });
    const [withTxn] = await tx.update(prepaidOrders).set({ ledgerTxnId: placed.txnId }).where(eq(prepaidOrders.id, order!.id)).returning();
    return withTxn!;
  });
}

/**
 * Sends the order to IAK and applies its first answer: processing (nearly always), or already final. A refusal before
 * IAK made a transaction (a wrong number, a product gone) fails the order and refunds the wallet at once. No answer
 * at all leaves the order processing: the status-check task asks IAK about it, never buying twice, because IAK
 * answers a ref_id it has seen as a status check.
 */
export async function sendToIak(db: Db, link: PrepaidLink, order: PrepaidOrder, log: FastifyBaseLogger): Promise<PrepaidOrder> {
  try {
    const answer = await link.iak.topUp({ refId: order.refId, productCode: order.productCode, customerId: order.customerId });
    await applyIakAnswer(db, order.id, answer);
  } catch (err) {
    if (err instanceof GatewayError && (err.code === 'invalid_request' || err.code === 'unauthorized')) {
      log.warn({ err, orderNo: order.orderNo }, 'IAK refused a prepaid order');
      await db.transaction((tx) => settleFailure(tx, order.id, { rc: err.message.split(' ')[0], message: err.message }, { by: 'iak' }));
    } else log.warn({ err, orderNo: order.orderNo }, 'IAK did not answer a prepaid order; the status check will ask');
  }
  return (await db.select().from(prepaidOrders).where(eq(prepaidOrders.id, order.id)))[0]!;
}

/**
 * A member buys a PLN token, pulsa or data (POST /app/prepaid/orders): priced from IAK's pricelist, paid from the
 * wallet, sent to IAK. Once per Idempotency-Key: a repeat answers the same order, and IAK is never asked to sell it
 * twice.
 */
export async function placePrepaidOrder(
  db: Db,
  links: PrepaidLinks,
  member: MemberContext,
  req: PrepaidPurchaseRequest,
  idempotencyKey: string,
  log: FastifyBaseLogger,
): Promise<PrepaidOrderView> {
  return once(db, { tenantId: member.tenantId, scope: `prepaid:${member.memberId}`, key: idempotencyKey, payload: req }, async () => {
    const link = await prepaidLinkOf(db, links, member.tenantId);
    const product = (await productsOnSale(links, link)).find((p) => p.productCode === req.productCode);
    if (!product) throw invalid({ productCode: 'prepaid.productUnavailable' });
    const customerId = prepaidCustomerOf(product.kind, req.customerId);
    if (!customerId) throw invalid({ customerId: product.kind === 'pln' ? 'prepaid.meterNumber' : 'validation.phone' });
    const cityCode = await cityOf(db, member, req.cityCode);
    const order = await openPrepaidOrder(db, { member, cityCode, product, customerId, idempotencyKey });
    if (order.status !== PrepaidStatus.processing || order.trId) return prepaidViewOf(order);
    return prepaidViewOf(await sendToIak(db, link, order, log));
  });
}
