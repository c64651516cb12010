import { appHeaders } from '@kayuh/contract/api/appAuth';
import { idempotencyKey, statementQuery, topupRequest, type PaymentOrderView, type StatementPage } from '@kayuh/contract/api/wallet';
import { MEMBER_OWNER_TYPE } from '@kayuh/contract/rules/ledgerChart';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentChannels, paymentOrders } from '../../db/schema.ts';
import { memberOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { tenantCurrency } from '../../platform/ledger/accounts.ts';
import { memberBalances } from '../../platform/ledger/memberPay.ts';
import { MEMBER_SECURITY } from '../../platform/openapi.ts';
import { rowsOf } from '../../platform/rows.ts';
import type { Services } from '../../platform/services.ts';
import type { PaymentDisplay } from './gateways/types.ts';
import type { Gateways } from './gatewayLinks.ts';
import { cityOf, packagesOnSale, startTopUp } from './topup.ts';

/** A money-moving app call's headers: the operator and the request's key (DOMAIN §4.3). */
export const idempotentAppHeaders = appHeaders.extend({ 'idempotency-key': idempotencyKey });

/** The rider app's wallet (docs/app-api.md): balances, top-up, the statement, and an order's state. */
export const walletRoutes: FastifyPluginAsyncZod<{ services: Services; gateways: Gateways }> = async (app, { services, gateways }) => {
  const { db } = services;
  /** The OpenAPI words of a signed-in app call. */
  const memberRoute = (summary: string, description?: string) => ({ tags: ['app'], summary, description, security: MEMBER_SECURITY });

  app.get('/app/wallet', { config: { access: 'member' }, schema: { headers: appHeaders, ...memberRoute('My balances') } }, async (req) => {
    const member = memberOf(req);
    const b = await memberBalances(db, member.tenantId, member.memberId, await tenantCurrency(db, member.tenantId));
    return ok({ currency: b.currency, wallet: b.wallet, bonus: b.bonus, debt: b.debt });
  });

  app.get(
    '/app/wallet/packages',
    {
      config: { access: 'member' },
      schema: {
        headers: appHeaders,
        querystring: z.object({ cityCode: z.coerce.number().int().positive().optional() }),
        ...memberRoute(
          'Top-up packages on sale in my city',
          'Each {packageId, amount, bonus, currency, label, firstTopupOnly}: top up with its packageId and its amount.',
        ),
      },
    },
    async (req) => {
      const member = memberOf(req);
      const currency = await tenantCurrency(db, member.tenantId);
      const rows = await packagesOnSale(db, member.tenantId, await cityOf(db, member, req.query.cityCode), currency);
      return ok(
        rows.map((p) => ({
          packageId: p.id,
          amount: p.amount,
          bonus: p.bonus,
          currency: p.currency,
          label: p.labelKey,
          firstTopupOnly: p.firstTopupOnly,
        })),
      );
    },
  );

  app.post(
    '/app/wallet/topup',
    {
      config: { access: 'member' },
      schema: {
        headers: idempotentAppHeaders,
        body: topupRequest,
        ...memberRoute(
          'Top up the wallet',
          'Answers {payNo, amount, bonus, currency, expiresAt, status, pay}: pay.kind qris (render pay.payload as a QR code), va (pay.vaNumber at pay.bank) or redirect (open pay.url / pay.deeplink). The same Idempotency-Key again answers the same order; with another body, 2010; while the first is still working, 2004.',
        ),
      },
    },
    async (req) => ok(await startTopUp(db, gateways, memberOf(req), req.body, req.headers['idempotency-key'], req.ip)),
  );

  app.get(
    '/app/wallet/orders/:payNo',
    {
      config: { access: 'member' },
      schema: {
        headers: appHeaders,
        params: z.object({ payNo: z.string().max(40) }),
        ...memberRoute('One of my payment orders, to follow its state'),
      },
    },
    async (req) => {
      const member = memberOf(req);
      const [row] = await db
        .select({ order: paymentOrders, channelCode: paymentChannels.channelCode })
        .from(paymentOrders)
        .leftJoin(paymentChannels, eq(paymentChannels.id, paymentOrders.channelId))
        .where(
          and(eq(paymentOrders.payNo, req.params.payNo), eq(paymentOrders.tenantId, member.tenantId), eq(paymentOrders.memberId, member.memberId)),
        );
      if (!row) throw notFound();
      const o = row.order;
      const view: PaymentOrderView = {
        payNo: o.payNo,
        purpose: o.purpose,
        amount: o.amount,
        bonus: o.bonusAmount ?? 0,
        currency: o.currency,
        status: o.status,
        channelCode: row.channelCode,
        expiresAt: o.expiresAt.toISOString(),
        paidAt: o.paidAt?.toISOString() ?? null,
        pay: (o.payDisplay as PaymentDisplay | null) ?? null,
      };
      return ok(view);
    },
  );

  app.get(
    '/app/wallet/statement',
    { config: { access: 'member' }, schema: { headers: appHeaders, querystring: statementQuery, ...memberRoute('My statement, newest first') } },
    async (req) => {
      const member = memberOf(req);
      const { before, size } = req.query;
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          SELECT e.id, e.created_at, a.code, e.direction, a.normal_side, e.amount, e.balance_after, e.memo_key, t.kind, t.txn_no
            FROM ledger_entries e
            JOIN accounts a ON a.id = e.account_id
            JOIN ledger_transactions t ON t.id = e.txn_id
           WHERE e.account_id IN (SELECT id FROM accounts WHERE tenant_id = ${member.tenantId} AND owner_type = ${MEMBER_OWNER_TYPE} AND owner_id = ${member.memberId})
             ${before ? sql`AND e.id < ${before}` : sql``}
           ORDER BY e.id DESC
           LIMIT ${size + 1}`),
      );
      const page: StatementPage = {
        rows: rows.slice(0, size).map((r) => ({
          entryId: Number(r.id),
          at: new Date(r.created_at as string).toISOString(),
          account: String(r.code) as 'WALLET' | 'BONUS' | 'DEPOSIT',
          kind: String(r.kind),
          amount: (r.direction === r.normal_side ? 1 : -1) * Number(r.amount),
          balanceAfter: Number(r.balance_after),
          memoKey: (r.memo_key as string | null) ?? null,
          txnNo: String(r.txn_no),
        })),
        nextBefore: rows.length > size ? Number(rows[size - 1]!.id) : null,
      };
      return ok(page);
    },
  );
};
