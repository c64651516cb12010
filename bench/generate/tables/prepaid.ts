// PLN tokens and pulsa bought through IAK (DOMAIN §2.7 prepaid_orders, §3.10), and the refunds of the ones IAK failed:
// the money simulation's prepaid steps (money.ts), so each order's wallet debit, delivery or refund is in the ledger
// it writes. About 5% of the members' spends: ≈ 400,000 orders at scale 1 (DOMAIN §9.5 names no figure).
import { PrepaidStatus } from '@kayuh/contract/api/prepaid';
import { prepaidOrderResource } from '@kayuh/contract/resources/prepaidOrders';
import { refundResource } from '@kayuh/contract/resources/paymentOrders';
import { members, prepaidOrders, refunds } from '../../../server/src/db/schema.ts';
import { FIRST_TENANT_ID } from '../context.ts';
import { defineTable } from '../spec.ts';
import { simulate } from './money.ts';

const generated = `tenant_id >= ${FIRST_TENANT_ID}`;

export const prepaidTables = [
  defineTable({
    table: prepaidOrders,
    *rows(_rng, ctx) {
      for (const { prepaid } of { [Symbol.iterator]: () => simulate(ctx) }) if (prepaid) yield prepaid;
    },
    references: [
      [prepaidOrders.memberId, members.id],
      [prepaidOrders.refundId, refunds.id],
    ],
    rules: [
      {
        name: 'a prepaid order without its wallet debit, a delivered one without its delivery, a failed one without its refund',
        sql: `SELECT count(*) FROM prepaid_orders o WHERE o.${generated} AND (
                NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.tenant_id = o.tenant_id AND t.idempotency_key = 'prepaid:' || o.order_no || ':place')
                OR (o.status = ${PrepaidStatus.success}) <> EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.tenant_id = o.tenant_id AND t.idempotency_key = 'prepaid:' || o.order_no || ':success')
                OR (o.status = ${PrepaidStatus.failed}) <> (o.refund_id IS NOT NULL))`,
      },
    ],
    resource: prepaidOrderResource,
  }),
  defineTable({
    table: refunds,
    *rows(_rng, ctx) {
      for (const { refund } of { [Symbol.iterator]: () => simulate(ctx) }) if (refund) yield refund;
    },
    references: [[refunds.memberId, members.id]],
    resource: refundResource,
  }),
];
