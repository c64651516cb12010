import { idempotencyKey, MONEY_INPUT_MAX, PaymentStatus } from '@kayuh/contract/api/wallet';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { members, paymentChannels, paymentOrders } from '../../db/schema.ts';
import { memberOf } from '../../platform/access.ts';
import { actorUserId } from '../../platform/auth/context.ts';
import { ok } from '../../platform/envelope.ts';
import { forbidden, invalid, notFound } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import { tenantCurrency } from '../../platform/ledger/accounts.ts';
import { memberBalances } from '../../platform/ledger/memberPay.ts';
import { MEMBER_SECURITY } from '../../platform/openapi.ts';
import { rowsOf } from '../../platform/rows.ts';
import type { Services } from '../../platform/services.ts';
import { refundSupportedBy } from './gatewayLinks.ts';
import { idempotentAppHeaders } from './walletRoutes.ts';
import { RefundDestination, RefundReason } from './refundPostings.ts';
import { requestRefund } from './refunds.ts';

const amount = z.number().int().positive().max(MONEY_INPUT_MAX);

/** Staff ask for a refund of a paid order, or a goodwill refund to a member's wallet (DOMAIN §3.8 → 0). */
const refundRequestBody = z.object({
  paymentOrderId: z.number().int().positive().optional(),
  memberPhone: z.string().trim().max(24).optional(),
  amount,
  reason: z.number().int().min(1).max(8),
  destination: z.number().int().min(1).max(3),
  remark: z.string().trim().max(500).optional(),
  requestId: idempotencyKey.describe('Made when the form opens: a double click asks once'),
});

/** What a refund answers: its number and state. */
const refundView = (r: { id: number; refundNo: string; status: number; amount: number; currency: string }) => ({
  refundId: r.id,
  refundNo: r.refundNo,
  status: r.status,
  amount: r.amount,
  currency: r.currency,
});

export const refundRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.post(
    '/payment/refund/request',
    {
      config: { access: 'payment:refundListPage:refund', audit: { title: 'menu.payment.refundListPage', businessType: 1 } },
      schema: { body: refundRequestBody, tags: ['payment'], summary: 'Ask for a refund (then approved on the refund list)' },
    },
    async (req) => {
      const auth = req.auth!;
      const tenantId = auth.scopeTenantId ?? auth.tenantId;
      const body = req.body;
      let memberId: number | undefined;
      let cityCode: number | undefined;
      const visible = (city: number) => auth.allCities || auth.deptIds.includes(city);
      const firstVisibleCity = async (tenant: number) => {
        const [city] = rowsOf<{ city_code: string | number }>(
          await db.execute(sql`SELECT city_code FROM cities WHERE tenant_id = ${tenant} AND deleted_at IS NULL ORDER BY city_code`),
        ).filter((c) => visible(Number(c.city_code)));
        return city ? Number(city.city_code) : undefined;
      };
      if (body.paymentOrderId !== undefined) {
        const [order] = await db
          .select({ cityCode: paymentOrders.cityCode })
          .from(paymentOrders)
          .where(and(eq(paymentOrders.id, body.paymentOrderId), eq(paymentOrders.tenantId, tenantId)));
        if (!order) throw notFound();
        if (!visible(order.cityCode)) throw forbidden();
      } else {
        if (!body.memberPhone) throw invalid({ memberPhone: 'validation.required' });
        const [member] = await db
          .select()
          .from(members)
          .where(and(eq(members.tenantId, tenantId), eq(members.phone, body.memberPhone)));
        if (!member) throw invalid({ memberPhone: 'validation.invalidOption' });
        memberId = member.id;
        // Listed in the member's city; a member who never named one, in the first city the caller works in.
        cityCode = member.registerCityCode ?? (await firstVisibleCity(tenantId));
        if (cityCode === undefined || !visible(cityCode)) throw invalid({ memberPhone: 'validation.invalidOption' });
      }
      const row = await requestRefund(db, {
        tenantId,
        paymentOrderId: body.paymentOrderId,
        memberId,
        cityCode,
        amount: body.amount,
        reason: body.reason,
        destination: body.destination,
        requestedByType: 2,
        idempotencyKey: `staff:${body.requestId}`,
        createdBy: actorUserId(auth),
        remark: body.remark,
      });
      return ok(refundView(row));
    },
  );

  app.post(
    '/app/wallet/withdraw',
    {
      config: { access: 'member' },
      schema: {
        headers: idempotentAppHeaders,
        body: z.object({ amount }),
        tags: ['app'],
        summary: 'Withdraw wallet balance back to the channel it was paid from',
        description:
          'A refund request (reason 4) on the newest paid top-up that can take it back through its gateway; finance approves it. 2001 when no such top-up or the wallet holds less.',
        security: MEMBER_SECURITY,
      },
    },
    async (req) => {
      const member = memberOf(req);
      const row = await once(
        db,
        { tenantId: member.tenantId, scope: `withdraw:${member.memberId}`, key: req.headers['idempotency-key'], payload: req.body },
        async () => {
          const balances = await memberBalances(db, member.tenantId, member.memberId, await tenantCurrency(db, member.tenantId));
          if (req.body.amount > balances.wallet) throw invalid({ amount: 'refund.overPaid' });
          const topups = await db
            .select({ order: paymentOrders, channelCode: paymentChannels.channelCode, channel: paymentChannels })
            .from(paymentOrders)
            .innerJoin(paymentChannels, eq(paymentChannels.id, paymentOrders.channelId))
            .where(
              and(
                eq(paymentOrders.memberId, member.memberId),
                eq(paymentOrders.purpose, 'TOPUP'),
                sql`${paymentOrders.status} IN (${PaymentStatus.paid}, ${PaymentStatus.partiallyRefunded})`,
                sql`${paymentOrders.amount} - ${paymentOrders.refundedAmount} >= ${req.body.amount}`,
              ),
            )
            .orderBy(desc(paymentOrders.id))
            .limit(20);
          const from = topups.find((t) => refundSupportedBy(t.channel));
          if (!from) throw notFound();
          return refundView(
            await requestRefund(db, {
              tenantId: member.tenantId,
              paymentOrderId: from.order.id,
              amount: req.body.amount,
              reason: RefundReason.balanceWithdrawal,
              destination: RefundDestination.originalChannel,
              requestedByType: 1,
              idempotencyKey: `member:${member.memberId}:${req.headers['idempotency-key']}`,
              createdBy: null,
            }),
          );
        },
      );
      return ok(row);
    },
  );
};
