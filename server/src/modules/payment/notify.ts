import { Code } from '@kayuh/contract/codes';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { paymentChannels, paymentOrders } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { raiseAlarm } from '../alarm/raiseAlarm.ts';
import type { Gateways } from './gatewayLinks.ts';
import type { ChannelCode, GatewayNotification } from './gateways/types.ts';
import { logCall, type IncomingNotification, type NotifyOutcome } from './notifyLog.ts';
import { receivePrepaidCallback } from './prepaidChecks.ts';
import { applyNotification, type SettleOutcome } from './settle.ts';

/** An order id as the gateways take them (Midtrans: letters, digits and -_.~, up to 50); anything else is no order of ours. */
const isOrderId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9._~-]{1,64}$/.test(value);

/**
 * The order a notification claims to be about, read from the body before anything is trusted: only to find whose
 * secret verifies it. Midtrans names it `order_id`; Xendit `external_id` (VA), `reference_id` (QR, e-wallet).
 */
export function claimedOrderId(rawBody: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  const pick = (o: unknown): string | undefined => {
    if (!o || typeof o !== 'object') return undefined;
    const r = o as Record<string, unknown>;
    for (const key of ['order_id', 'external_id', 'reference_id']) if (isOrderId(r[key])) return r[key];
    return undefined;
  };
  const top = body as Record<string, unknown> | null;
  const data = top?.data as Record<string, unknown> | undefined;
  // A Xendit refund callback's reference_id is our refund_no; the order rides in its metadata.
  const refundOf = (data?.metadata as Record<string, unknown> | undefined)?.order_id;
  if (isOrderId(refundOf)) return refundOf;
  return pick(top) ?? pick(data) ?? pick(data?.qr_code);
}

/** A payment that arrived for an order that had closed, or that does not match it: finance looks (LATE_PAYMENT). */
async function alarmParked(
  services: Services,
  order: typeof paymentOrders.$inferSelect,
  n: GatewayNotification,
  outcome: SettleOutcome,
  log: FastifyBaseLogger,
) {
  await raiseAlarm(
    services,
    {
      tenantId: order.tenantId,
      cityCode: order.cityCode,
      alarmCode: 'LATE_PAYMENT',
      level: 2,
      targetType: AlarmTarget.system,
      targetId: order.id,
      targetName: order.payNo,
      detail: { outcome, orderStatus: order.status, amount: n.amount, currency: n.currency, channelTxnId: n.channelTxnId, event: n.status },
    },
    log,
  ).catch((err: unknown) => log.error({ err, payNo: order.payNo }, 'LATE_PAYMENT alarm not raised'));
}

/**
 * A gateway's notification (POST /api/pay/notify/{channelCode}). It is verified — signature or callback token, with
 * the secret of the channel of the order it names — before anything is written. A forged or malformed one, or one
 * for an order we do not have, is refused; a verified one moves its order (settle.ts), and one that cannot be taken
 * as it is (another amount, a closed order) is parked for review. Every call is kept in api_logs with its raw body.
 * A fault answers 500, and the gateway's retry of the same notification completes the work once.
 */
export async function receiveNotification(
  services: Services,
  gateways: Gateways,
  n: IncomingNotification,
  log: FastifyBaseLogger,
): Promise<{ outcome: NotifyOutcome; code: number }> {
  if (n.channelCode === 'IAK') return receivePrepaidCallback(services, gateways.prepaid, n, log);
  const started = Date.now();
  const db = services.db;
  const payNo = claimedOrderId(n.rawBody);
  const [found] = payNo
    ? await db
        .select({ order: paymentOrders, channel: paymentChannels })
        .from(paymentOrders)
        .innerJoin(paymentChannels, eq(paymentChannels.id, paymentOrders.channelId))
        .where(eq(paymentOrders.payNo, payNo))
    : [];
  if (!found || found.channel.channelCode !== n.channelCode) {
    await logCall(db, found?.order.tenantId ?? PLATFORM_TENANT_ID, n, 'refused_unknown_order', payNo, started);
    return { outcome: 'refused_unknown_order', code: Code.notFound };
  }
  const { order, channel } = found;
  const link = gateways.link(channel);
  const check = link.adapter.verifyNotification(n.headers, n.rawBody, link.secret);
  if (!check.ok) {
    const outcome: NotifyOutcome =
      check.reason === 'signature' ? 'refused_signature' : check.reason === 'malformed' ? 'refused_malformed' : 'unsupported';
    await logCall(db, order.tenantId, n, outcome, payNo, started);
    return { outcome, code: check.reason === 'signature' ? Code.forbidden : Code.validation };
  }
  const notification = check.notification;
  if (notification.orderId !== order.payNo || notification.channel !== (channel.channelCode as ChannelCode)) {
    await logCall(db, order.tenantId, n, 'refused_unknown_order', payNo, started);
    return { outcome: 'refused_unknown_order', code: Code.notFound };
  }
  try {
    const { outcome, order: after } = await applyNotification(db, order.id, notification);
    await logCall(db, order.tenantId, n, outcome, payNo, started);
    if (outcome === 'parked_amount' || outcome === 'parked_late') await alarmParked(services, after, notification, outcome, log);
    return { outcome, code: Code.ok };
  } catch (err) {
    await logCall(db, order.tenantId, n, 'error', payNo, started).catch(() => undefined);
    throw err;
  }
}
