import { Code } from '@kayuh/contract/codes';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import { PrepaidStatus } from '@kayuh/contract/api/prepaid';
import { AlarmTarget } from '@kayuh/contract/resources/alarmRule';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { prepaidOrders } from '../../db/schema.ts';
import type { Services } from '../../platform/services.ts';
import { raiseAlarm } from '../alarm/raiseAlarm.ts';
import { verifyIakCallback, type IakTransaction } from './gateways/iak.ts';
import { logCall, type IncomingNotification, type NotifyOutcome } from './notifyLog.ts';
import { nextCheckAt } from './prepaid.ts';
import type { PrepaidLink, PrepaidLinks } from './prepaidLinks.ts';
import { applyIakAnswer, PREPAID_STUCK, type PrepaidOrder } from './prepaidOutcome.ts';

/** Orders asked about per run: each is one call to IAK. */
const CHECK_BATCH = 100;

/** IAK's word on an order, or undefined when it gave none (down, a timeout, an answer we cannot read). */
async function askIak(link: PrepaidLink, o: PrepaidOrder, log: FastifyBaseLogger): Promise<IakTransaction | undefined> {
  try {
    return await link.iak.checkStatus(o.refId);
  } catch (err) {
    log.warn({ err, orderNo: o.orderNo }, 'IAK gave no status for a prepaid order');
    return undefined;
  }
}

/** A stuck order goes to finance (DOMAIN §3.10): an alarm, and only a person resolves it from here. False if not raised. */
async function raiseStuck(services: Services, o: PrepaidOrder, log: FastifyBaseLogger): Promise<boolean> {
  return raiseAlarm(
    services,
    {
      tenantId: o.tenantId,
      cityCode: o.cityCode,
      alarmCode: PREPAID_STUCK,
      level: 2,
      targetType: AlarmTarget.system,
      targetId: o.id,
      targetName: o.orderNo,
      detail: { orderNo: o.orderNo, productCode: o.productCode, customerId: o.customerId, checks: o.checkCount, rc: o.rc },
    },
    log,
  ).then(
    () => true,
    (err: unknown) => {
      log.error({ err, orderNo: o.orderNo }, 'PREPAID_STUCK alarm not raised; the next run tries again');
      return false;
    },
  );
}

/**
 * The status-check task (DOMAIN §3.10): every order still processing is asked about at 1, 2, 5, 10 and 30 minutes
 * after it was placed. IAK's answer settles it (success, or failure with the wallet refunded); no answer, or still
 * processing, counts a check. After the last check the order is stuck: PREPAID_STUCK goes to finance, and the order
 * stays processing — never failed by the system, because IAK may have issued the token.
 */
export async function checkDuePrepaidOrders(
  services: Services,
  links: PrepaidLinks,
  log: FastifyBaseLogger,
  now = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  const { db } = services;
  const due = await db
    .select()
    .from(prepaidOrders)
    .where(and(eq(prepaidOrders.status, PrepaidStatus.processing), lte(prepaidOrders.nextCheckAt, now)))
    .orderBy(asc(prepaidOrders.nextCheckAt))
    .limit(CHECK_BATCH);
  const byTenant = new Map<number, Promise<PrepaidLink | undefined>>();
  let settled = 0;
  for (const o of due) {
    if (signal?.aborted) break;
    if (!byTenant.has(o.tenantId)) byTenant.set(o.tenantId, links.forTenant(o.tenantId));
    const link = await byTenant.get(o.tenantId);
    const answer = link ? await askIak(link, o, log) : undefined;
    const applied = answer ? await applyIakAnswer(db, o.id, answer) : undefined;
    if (answer && answer.status !== 'processing') {
      if (applied) settled++;
      continue;
    }
    // One more check counted; the guard on the count keeps a second runner from counting it twice. After the last,
    // finance hears of the order before it stops being checked: an alarm that could not be raised is tried again by
    // the next run (a second raise only counts up the open alarm).
    const checks = o.checkCount + 1;
    const next = nextCheckAt(o.createdAt, checks);
    if (next === null && !(await raiseStuck(services, { ...o, checkCount: checks }, log))) continue;
    await db
      .update(prepaidOrders)
      .set({ checkCount: checks, nextCheckAt: next, updatedAt: new Date() })
      .where(and(eq(prepaidOrders.id, o.id), eq(prepaidOrders.status, PrepaidStatus.processing), eq(prepaidOrders.checkCount, o.checkCount)));
  }
  return settled;
}

/** The order a callback names (`data.ref_id`), read before anything is trusted: only to find whose key verifies it. */
function claimedRefId(rawBody: string): string | undefined {
  try {
    const refId = (JSON.parse(rawBody) as { data?: { ref_id?: unknown } } | null)?.data?.ref_id;
    return typeof refId === 'string' && /^[A-Za-z0-9_-]{1,50}$/.test(refId) ? refId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * IAK's callback (POST /api/pay/notify/IAK). Its sign proves the sender holds our API key but covers neither the
 * status nor the serial number, so the order is settled by IAK's answer to our own signed status check, never by the
 * callback's body alone (DOMAIN §3.10: callback or check-status). Logged in api_logs with the raw body, like every
 * gateway notification; a repeat settles nothing twice.
 */
export async function receivePrepaidCallback(
  services: Services,
  links: PrepaidLinks,
  n: IncomingNotification,
  log: FastifyBaseLogger,
): Promise<{ outcome: NotifyOutcome; code: number }> {
  const started = Date.now();
  const { db } = services;
  const refId = claimedRefId(n.rawBody);
  const [order] = refId ? await db.select().from(prepaidOrders).where(eq(prepaidOrders.refId, refId)) : [];
  const link = order ? await links.forTenant(order.tenantId) : undefined;
  if (!order || !link) {
    await logCall(db, order?.tenantId ?? PLATFORM_TENANT_ID, n, 'refused_unknown_order', refId, started);
    return { outcome: 'refused_unknown_order', code: Code.notFound };
  }
  const check = verifyIakCallback(n.rawBody, link.creds);
  if (!check.ok) {
    const outcome = check.reason === 'signature' ? 'refused_signature' : 'refused_malformed';
    await logCall(db, order.tenantId, n, outcome, order.orderNo, started);
    return { outcome, code: check.reason === 'signature' ? Code.forbidden : Code.validation };
  }
  try {
    await db.update(prepaidOrders).set({ callbackAt: new Date() }).where(eq(prepaidOrders.id, order.id));
    let outcome: NotifyOutcome = 'duplicate';
    if (order.status === PrepaidStatus.processing) {
      const confirmed = await link.iak.checkStatus(order.refId);
      const applied = await applyIakAnswer(db, order.id, confirmed);
      outcome = confirmed.status === 'processing' ? 'pending' : applied ? 'accepted' : 'duplicate';
    }
    await logCall(db, order.tenantId, n, outcome, order.orderNo, started);
    return { outcome, code: Code.ok };
  } catch (err) {
    log.warn({ err, orderNo: order.orderNo }, 'an IAK callback could not be confirmed; IAK or the status check will bring it again');
    await logCall(db, order.tenantId, n, 'error', order.orderNo, started).catch(() => undefined);
    throw err;
  }
}
