import { RIDE_ORDER_BIZ } from '@kayuh/contract/resources/rideOrders';
import { SWAP_ORDER_BIZ } from '@kayuh/contract/resources/swapOrders';
import { Code } from '@kayuh/contract/codes';
import { accountBookResource, accountResource, ledgerAuditResource, ledgerEntryResource } from '@kayuh/contract/resources/ledger';
import {
  countryCurrencyResource,
  currencyResource,
  paymentChannelResource,
  productTypeResource,
  TopupPackageStatus,
  topupPackageResource,
} from '@kayuh/contract/resources/paymentConfig';
import { paymentOrderResource, qrisOrderResource, refundResource, topupOrderResource } from '@kayuh/contract/resources/paymentOrders';
import { plnOrderResource, prepaidOrderResource } from '@kayuh/contract/resources/prepaidOrders';
import { settlementImportResource, settlementLineResource } from '@kayuh/contract/resources/reconciliation';
import { printRecordResource } from '@kayuh/contract/resources/invoices';
import { CardKind, cardRuleResource } from '@kayuh/contract/resources/cardRules';
import { CLEARING_CHANNELS, PLATFORM_OWNER_TYPE } from '@kayuh/contract/rules/ledgerChart';
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  accountBooks,
  accounts,
  cardRules,
  countryCurrencies,
  currencies,
  ledgerAudits,
  ledgerEntries,
  paymentChannels,
  paymentOrders,
  prepaidOrders,
  printRecords,
  productTypes,
  qrisOrders,
  refunds,
  settlementImports,
  settlementLines,
  topupPackages,
} from '../../db/schema.ts';
import { activeCurrency } from '../../platform/currency.ts';
import { platformAccounts } from '../../platform/ledger/accounts.ts';
import { BizError, invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { assertOwnCities } from './cityCodes.ts';
import { invoiceBinding } from './invoices.ts';
import { couponBinding, userCardBinding, userCouponBinding } from './passes/passBindings.ts';
import { swapOrderBinding } from '../operations/swaps/swapOrderBinding.ts';
import { prepaidEvents } from './prepaidEvents.ts';
import { SETTLEMENT_IMPORT_BIZ } from './reconciliation.ts';
import { PREPAID_ORDER_BIZ } from './refundPostings.ts';
import { refundEvents, requestRefundEvent } from './refundEvents.ts';

/** ledger_transactions.biz_type of the postings a payment order makes (modules/payment/settle.ts). */
const PAYMENT_ORDER_BIZ = 'payment_order';

/** Rule Management: the wallet caps in order; a currency any book, channel, package or country uses stays. */
const currencyBinding = bindResource(currencyResource, currencies, {
  check({ next }) {
    if (Number(next.maxWalletVerified) < Number(next.maxWalletUnverified)) throw invalid({ maxWalletVerified: 'validation.walletCapsOrder' });
    if (Number(next.minTopup) > Number(next.maxWalletUnverified)) throw invalid({ minTopup: 'validation.minTopupOverCap' });
  },
  async beforeRemove({ tx, ids }) {
    const codes = (await tx.select({ code: currencies.code }).from(currencies).where(inArray(currencies.id, ids))).map((row) => row.code);
    const users = [
      tx
        .select({ one: sql`1` })
        .from(accountBooks)
        .where(and(inArray(accountBooks.currency, codes), isNull(accountBooks.deletedAt))),
      tx
        .select({ one: sql`1` })
        .from(paymentChannels)
        .where(and(inArray(paymentChannels.currency, codes), isNull(paymentChannels.deletedAt))),
      tx
        .select({ one: sql`1` })
        .from(topupPackages)
        .where(and(inArray(topupPackages.currency, codes), isNull(topupPackages.deletedAt))),
      tx
        .select({ one: sql`1` })
        .from(countryCurrencies)
        .where(and(inArray(countryCurrencies.currencyCode, codes), isNull(countryCurrencies.deletedAt))),
    ];
    for (const used of users) if ((await used.limit(1)).length) throw new BizError(Code.transitionNotAllowed, 'payment.currency.inUse');
  },
});

/** A country's currencies: of Rule Management; one default per country, so a new default takes over. */
const countryCurrencyBinding = bindResource(countryCurrencyResource, countryCurrencies, {
  async check({ tx, mode, values }) {
    if (mode === 'add') await activeCurrency(tx, 'currencyCode', values.currencyCode);
  },
  async afterWrite({ tx, row }) {
    if (!row?.isDefault) return;
    await tx
      .update(countryCurrencies)
      .set({ isDefault: false, version: sql`${countryCurrencies.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(countryCurrencies.countryId, Number(row.countryId)),
          ne(countryCurrencies.id, Number(row.id)),
          eq(countryCurrencies.isDefault, true),
          isNull(countryCurrencies.deletedAt),
        ),
      );
  },
});

/** Which provider serves a channel: IAK its own, MANUAL by hand, every gateway channel Midtrans or Xendit. */
const providersOf = (channelCode: string): readonly string[] =>
  channelCode === 'IAK' ? ['iak'] : channelCode === 'MANUAL' ? ['manual'] : ['midtrans', 'xendit'];

/**
 * The operator's merchant accounts at the gateways. On add the server opens the channel's receivables on the tenant's
 * platform account CLEARING:<channel> in the channel's currency (DOMAIN §4.1, §4.4). IAK and MANUAL clear through no
 * gateway, so they have no CLEARING account: their money is booked on BANK. A QRIS channel needs its NMID.
 */
const paymentChannelBinding = bindResource(paymentChannelResource, paymentChannels, {
  async check({ tx, mode, tenantId, values, next }) {
    const channelCode = String(next.channelCode);
    if (!providersOf(channelCode).includes(String(next.provider))) throw invalid({ provider: 'validation.providerOfChannel' });
    if (channelCode === 'QRIS' && !next.nmid) throw invalid({ nmid: 'validation.nmidRequired' });
    await assertOwnCities(tx, tenantId, values.cityCodes);
    if (mode !== 'add') return;
    await activeCurrency(tx, 'currency', values.currency);
    const code = (CLEARING_CHANNELS as readonly string[]).includes(channelCode) ? `CLEARING:${channelCode}` : 'BANK';
    try {
      values.clearingAccountId = (await platformAccounts(tx, tenantId, String(values.currency), [code]))[code];
    } catch {
      // The tenant was provisioned in another currency: its platform accounts in this one do not exist.
      throw invalid({ currency: 'validation.noPlatformAccounts' });
    }
  },
});

const productTypeBinding = bindResource(productTypeResource, productTypes);

/** What a pass of each kind may not carry: a ride pass gives no swaps, a swap plan no riding minutes or rides. */
const NOT_FOR_KIND: Record<number, readonly string[]> = {
  [CardKind.ridePass]: ['swapQuota'],
  [CardKind.swapPlan]: ['perRideFreeMinutes', 'dailyFreeMinutes', 'rideQuota'],
};

/** Passes (DOMAIN §2.7): in a currency in use, in the tenant's cities, each giving only what its kind can use. */
const cardRuleBinding = bindResource(cardRuleResource, cardRules, {
  async check({ tx, tenantId, values, next }) {
    const wrong = (NOT_FOR_KIND[Number(next.kind)] ?? []).filter((name) => next[name] !== null && next[name] !== undefined);
    if (wrong.length) throw invalid(Object.fromEntries(wrong.map((name) => [name, 'cardRule.notForKind'])));
    if (values.currency !== undefined) await activeCurrency(tx, 'currency', values.currency);
    await assertOwnCities(tx, tenantId, values.cityCodes);
  },
});

/**
 * Top-up packages: in a currency in use and at least its minimum top-up (the wallet refuses less), in the tenant's
 * cities, ending after they start. A new one starts off sale; one whose window has ended does not go on sale.
 */
const topupPackageBinding = bindResource(topupPackageResource, topupPackages, {
  async check({ tx, mode, tenantId, values, next }) {
    const { startAt, endAt } = next;
    if (startAt instanceof Date && endAt instanceof Date && endAt.getTime() <= startAt.getTime())
      throw invalid({ endAt: 'validation.endBeforeStart' });
    await assertOwnCities(tx, tenantId, values.cityCodes);
    if (values.currency !== undefined || values.amount !== undefined) {
      const currency = await activeCurrency(tx, 'currency', next.currency);
      if (Number(next.amount) < currency.minTopup) throw invalid({ amount: 'validation.belowMinTopup' });
    }
    if (mode === 'add') values.status = TopupPackageStatus.offSale;
  },
  events: {
    putOnSale: {
      guard({ current }) {
        const endAt = current?.endAt;
        if (endAt instanceof Date && endAt.getTime() <= Date.now()) throw new BizError(Code.transitionNotAllowed, 'payment.topupPackage.ended');
      },
    },
  },
});

/** Accounts: read only, locked and unlocked by finance; the platform's control accounts are never locked. */
const accountBinding = bindResource(accountResource, accounts, {
  computed: {
    balanceTotal:
      sql<number>`(accounts.balance + coalesce((SELECT sum(s.balance) FROM accounts s WHERE s.slice_of = accounts.id AND s.deleted_at IS NULL), 0))`.mapWith(
        Number,
      ),
  },
  events: {
    lock: {
      guard({ current }) {
        if (Number(current?.ownerType) === PLATFORM_OWNER_TYPE) throw new BizError(Code.transitionNotAllowed, 'payment.account.platformLock');
      },
    },
  },
});

/**
 * An entry's transaction, read beside it by its primary key: txn_no, kind, business and time. Filters by the
 * transaction go through the transactions' own indexes, as a set of ids, never row by row.
 */
const txnColumn = (column: string) => sql.raw(`(SELECT t.${column} FROM ledger_transactions t WHERE t.id = ledger_entries.txn_id)`);
const txnsWhere = (condition: SQL) =>
  sql`ledger_entries.txn_id IN (SELECT t.id FROM ledger_transactions t WHERE t.tenant_id = ledger_entries.tenant_id AND ${condition})`;

/** The businesses an entry's detail links to, by the field naming them and their ledger biz_type. */
const BUSINESS_REFS = {
  paymentOrderId: PAYMENT_ORDER_BIZ,
  prepaidOrderId: PREPAID_ORDER_BIZ,
  settlementImportId: SETTLEMENT_IMPORT_BIZ,
  rideOrderId: RIDE_ORDER_BIZ,
  swapOrderId: SWAP_ORDER_BIZ,
};

const ledgerEntryBinding = bindResource(ledgerEntryResource, ledgerEntries, {
  computed: {
    txnNo: sql<string>`${txnColumn('txn_no')}`,
    kind: sql<string>`${txnColumn('kind')}`,
    bizType: sql<string>`${txnColumn('biz_type')}`,
    bizId: sql<number>`${txnColumn('biz_id')}`.mapWith(Number),
    occurredAt: sql<Date>`${txnColumn('occurred_at')}`.mapWith(ledgerEntries.createdAt),
    ...Object.fromEntries(
      Object.entries(BUSINESS_REFS).map(([field, bizType]) => [
        field,
        sql<number>`(SELECT t.biz_id FROM ledger_transactions t WHERE t.id = ledger_entries.txn_id AND t.biz_type = ${bizType})`.mapWith(Number),
      ]),
    ),
  },
  computedFilters: {
    txnNo: (value) => txnsWhere(sql`t.txn_no = ${value}`),
    kind: (value) => txnsWhere(sql`t.kind = ${value}`),
    ...Object.fromEntries(
      Object.entries(BUSINESS_REFS).map(([field, bizType]) => [
        field,
        (value: unknown) => txnsWhere(sql`t.biz_type = ${bizType} AND t.biz_id = ${value}`),
      ]),
    ),
  },
});

/** A book's latest audit, by the audits' (tenant, book, id) index. */
const latestAudit = (column: string) =>
  sql.raw(
    `(SELECT la.${column} FROM ledger_audits la WHERE la.tenant_id = account_books.tenant_id AND la.book_id = account_books.id ORDER BY la.id DESC LIMIT 1)`,
  );

/** A book with its accounts' count and Σ balances now, and what its latest nightly audit found. */
const accountBookBinding = bindResource(accountBookResource, accountBooks, {
  computed: {
    accountCount: sql<number>`(SELECT count(*) FROM accounts a WHERE a.book_id = account_books.id AND a.deleted_at IS NULL)`.mapWith(Number),
    balanceTotal:
      sql<number>`(SELECT coalesce(sum(a.balance), 0) FROM accounts a WHERE a.book_id = account_books.id AND a.deleted_at IS NULL)`.mapWith(Number),
    auditStatus: sql<number>`${latestAudit('status')}`.mapWith(Number),
    auditedAt: sql<Date>`${latestAudit('created_at')}`.mapWith(ledgerAudits.createdAt),
    driftAccounts: sql<number>`${latestAudit('drift_accounts')}`.mapWith(Number),
  },
});

/** The payment centre's declared resources, each bound to its table (modules/payment/index.ts registers them). */
export const paymentResources = [
  currencyBinding,
  countryCurrencyBinding,
  paymentChannelBinding,
  productTypeBinding,
  cardRuleBinding,
  userCardBinding,
  couponBinding,
  userCouponBinding,
  swapOrderBinding,
  topupPackageBinding,
  accountBinding,
  ledgerEntryBinding,
  accountBookBinding,
  bindResource(ledgerAuditResource, ledgerAudits),
  bindResource(paymentOrderResource, paymentOrders, { events: { requestRefund: requestRefundEvent } }),
  bindResource(topupOrderResource, paymentOrders, { events: { requestRefund: requestRefundEvent } }),
  bindResource(qrisOrderResource, qrisOrders),
  bindResource(refundResource, refunds, {
    events: refundEvents,
    computed: {
      prepaidOrderId: sql<number>`(CASE WHEN refunds.biz_type = ${PREPAID_ORDER_BIZ} THEN refunds.biz_id END)`.mapWith(Number),
      rideOrderId: sql<number>`(CASE WHEN refunds.biz_type = ${RIDE_ORDER_BIZ} THEN refunds.biz_id END)`.mapWith(Number),
    },
    computedFilters: {
      prepaidOrderId: (value) => sql`refunds.biz_type = ${PREPAID_ORDER_BIZ} AND refunds.biz_id = ${value}`,
      rideOrderId: (value) => sql`refunds.biz_type = ${RIDE_ORDER_BIZ} AND refunds.biz_id = ${value}`,
    },
  }),
  bindResource(prepaidOrderResource, prepaidOrders, { events: prepaidEvents }),
  bindResource(plnOrderResource, prepaidOrders, { events: prepaidEvents }),
  bindResource(settlementImportResource, settlementImports),
  bindResource(settlementLineResource, settlementLines),
  invoiceBinding,
  bindResource(printRecordResource, printRecords),
];
