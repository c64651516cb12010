import { Code } from '@kayuh/contract/codes';
import { menuRows } from '@kayuh/contract/menus/index';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { accountBooks, accounts, apiLogs, ledgerAudits, paymentOrders } from '../src/db/schema.ts';
import { memberAccounts, platformAccounts } from '../src/platform/ledger/accounts.ts';
import { post } from '../src/platform/ledger/posting.ts';
import { useTestApp } from './harness.ts';

/**
 * The payment centre's console pages (DOMAIN §1.8, §1.9): what their servers add to the engine — the clearing account
 * of a merchant, the sale of a package, the lock of an account, an entry's transaction read beside it and its city
 * scope, a book's totals and latest audit, a payment order's related rows — seen through the API as staff use it.
 */
const t = useTestApp();
const KITA = 2;
const db = () => t.database.db as Db;
let admin: Record<string, string>;
let root: Record<string, string>;
let member = 810_000;
beforeAll(async () => {
  admin = await t.signIn('kitabike.admin', { lang: 'EN' });
  root = await t.signIn('superadmin', { lang: 'EN' });
});

const call = (url: string, body: unknown = {}, headers = admin) => t.call('POST', `/api${url}`, { headers, body });
const get = (url: string, headers = admin) => t.call('GET', `/api${url}`, { headers });

/** A member's top-up through QRIS, posted for a payment order (bizType payment_order), in a city or none. */
async function topUp(memberId: number, amount: number, orderId: number, cityCode: number | null = 2001) {
  const clearing = await platformAccounts(db(), KITA, 'IDR', ['CLEARING:QRIS']);
  return db().transaction(async (tx) => {
    const own = await memberAccounts(tx, KITA, memberId, 'IDR');
    return post(tx, KITA, {
      kind: 'TOPUP',
      idempotencyKey: `pages-topup:${memberId}:${orderId}`,
      bizType: 'payment_order',
      bizId: orderId,
      cityCode,
      lines: [
        { accountId: clearing['CLEARING:QRIS'], direction: 'D', amount, memoKey: 'ledger.memo.topup' },
        { accountId: own.WALLET, direction: 'C', amount, memoKey: 'ledger.memo.topup' },
      ],
    });
  });
}

async function payOrder(purpose = 'TOPUP') {
  const memberId = ++member;
  const [order] = await db()
    .insert(paymentOrders)
    .values({
      tenantId: KITA,
      cityCode: 2001,
      payNo: `PYPAGE${memberId}`,
      memberId,
      purpose,
      amount: 50_000,
      currency: 'IDR',
      status: 2,
      expiresAt: new Date(Date.now() + 900_000),
      idempotencyKey: `pages-order:${memberId}`,
    })
    .returning();
  return order!;
}

describe('payment merchants', () => {
  const channel = (extra: Record<string, unknown>) => ({
    provider: 'xendit',
    providerMerchantId: 'XND-KITA-9',
    credentialsRef: 'XENDIT_KITABIKE',
    currency: 'IDR',
    ...extra,
  });

  it('open their receivables on the tenant’s CLEARING account of the channel; IAK and MANUAL on BANK', async () => {
    const added = await call('/payment/merchant/add', channel({ channelCode: 'VA_MANDIRI', feeFixed: 4_000 }));
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    const platform = await platformAccounts(db(), KITA, 'IDR', ['CLEARING:VA_MANDIRI', 'BANK']);
    expect(added.data.clearingAccountId).toBe(platform['CLEARING:VA_MANDIRI']);
    const listed = (await call('/payment/merchant/list', { channelCode: 'VA_MANDIRI' })).rows[0];
    expect(listed.clearingAccountIdLabel).toBe('PLT-IDR-CLEARING:VA_MANDIRI');

    const manual = await call('/payment/merchant/add', channel({ channelCode: 'MANUAL', provider: 'manual', providerMerchantId: 'CASHIER' }));
    expect(manual.data.clearingAccountId).toBe(platform.BANK);
    // The demo's IAK account books on BANK too.
    const iak = (await call('/payment/merchant/list', { channelCode: 'IAK' })).rows[0];
    expect(iak.clearingAccountId).toBe(platform.BANK);
    // Sent by hand, the clearing account is not the form's to choose.
    const forced = await call('/payment/merchant/add', channel({ channelCode: 'VA_BRI', clearingAccountId: platform['CLEARING:VA_MANDIRI'] }));
    const bri = await platformAccounts(db(), KITA, 'IDR', ['CLEARING:VA_BRI']);
    expect(forced.data.clearingAccountId).toBe(bri['CLEARING:VA_BRI']);
  });

  it('refuse a QRIS channel without its NMID, a provider that does not serve the channel, and a secret in place of its name', async () => {
    const qris = await call('/payment/merchant/add', channel({ channelCode: 'QRIS', currency: 'IDR', provider: 'midtrans' }));
    // The demo's QRIS channel already holds IDR: the same channel in the same currency is a duplicate; without the NMID it is refused first.
    expect(qris).toMatchObject({ code: Code.validation, data: { fields: { nmid: 'Required for the QRIS channel' } } });
    const badNmid = await call('/payment/merchant/add', channel({ channelCode: 'QRIS', provider: 'midtrans', nmid: '1020021181745' }));
    expect(badNmid.data.fields).toEqual({ nmid: 'Invalid format' });
    const iakByXendit = await call('/payment/merchant/add', channel({ channelCode: 'IAK' }));
    expect(iakByXendit.data.fields).toEqual({ provider: 'This provider does not serve this channel' });
    const secret = await call('/payment/merchant/add', channel({ channelCode: 'CARD', credentialsRef: 'xnd_production_Abc123' }));
    expect(secret.data.fields).toEqual({ credentialsRef: 'Invalid format' });
  });

  it('take a currency only where the tenant has its platform accounts', async () => {
    // MYR is a currency of Rule Management, but KitaBike was provisioned in IDR only.
    const myr = await call('/payment/merchant/add', channel({ channelCode: 'CARD', currency: 'MYR' }));
    expect(myr).toMatchObject({ code: Code.validation, data: { fields: { currency: 'This tenant has no platform accounts in this currency yet' } } });
    const unknown = await call('/payment/merchant/add', channel({ channelCode: 'CARD', currency: 'XYZ' }));
    expect(unknown.data.fields).toEqual({ currency: 'Not an active currency of Rule Management' });
  });
});

describe('top-up packages', () => {
  const pkg = { amount: 150_000, bonus: 25_000, currency: 'IDR', labelKey: 'Bonus 25rb', sort: 9 };

  it('start off sale; whoever may publish puts them on sale and takes them off', async () => {
    const added = await call('/payment/recharge/add', pkg);
    expect(added.code, JSON.stringify(added)).toBe(Code.ok);
    expect(added.data.status).toBe(1);
    const on = await call('/payment/recharge/putOnSale', { packageId: added.data.packageId, version: added.data.version });
    expect(on.data.status).toBe(0);
    const off = await call('/payment/recharge/takeOffSale', { packageId: added.data.packageId, version: on.data.version });
    expect(off.data.status).toBe(1);
    // Customer service holds no publish permission on packages: no sale.
    const cs = await t.signIn('kitabike.cs.01');
    expect((await call('/payment/recharge/putOnSale', { packageId: added.data.packageId }, cs)).code).toBe(Code.forbidden);
  });

  it('do not go on sale once their window has ended, nor cost less than the minimum top-up, nor end before they start', async () => {
    const ended = await call('/payment/recharge/add', { ...pkg, startAt: '2026-01-01T00:00:00+07:00', endAt: '2026-02-01T00:00:00+07:00' });
    const refused = await call('/payment/recharge/putOnSale', { packageId: ended.data.packageId });
    expect(refused).toMatchObject({ code: Code.transitionNotAllowed, msg: "This package's window has ended: change its end first" });
    expect((await call('/payment/recharge/add', { ...pkg, amount: 5_000 })).data.fields).toEqual({ amount: "Below this currency's minimum top-up" });
    const backwards = await call('/payment/recharge/add', { ...pkg, startAt: '2026-03-01T00:00:00Z', endAt: '2026-02-01T00:00:00Z' });
    expect(backwards.data.fields).toEqual({ endAt: 'Must be after the start' });
  });
});

describe('accounts', () => {
  it('are locked with a reason and unlocked by finance; a platform account never', async () => {
    const own = await memberAccounts(db(), KITA, ++member, 'IDR');
    const [wallet] = await db().select().from(accounts).where(eq(accounts.id, own.WALLET));
    const locked = await call('/payment/account/lock', { accountId: wallet!.id, version: wallet!.version, reason: 'Disputed chargeback' });
    expect(locked.code, JSON.stringify(locked)).toBe(Code.ok);
    expect(locked.data.status).toBe(1);
    const history = await get(`/payment/account/${wallet!.id}/events`);
    expect(history.rows[0]).toMatchObject({ event: 'lock', payload: { reason: 'Disputed chargeback' } });
    expect((await call('/payment/account/unlock', { accountId: wallet!.id })).data.status).toBe(0);
    expect((await call('/payment/account/lock', { accountId: wallet!.id })).data.fields).toEqual({ reason: 'Required' });

    const { BANK } = await platformAccounts(db(), KITA, 'IDR', ['BANK']);
    const platform = await call('/payment/account/lock', { accountId: BANK, reason: 'Try' });
    expect(platform).toMatchObject({
      code: Code.transitionNotAllowed,
      msg: 'A platform account cannot be locked: every refund and payout would stop',
    });
  });

  it('are listed by owner, code and number, and read only', async () => {
    const rows = (await call('/payment/account/list', { ownerType: '4', code: 'CLEARING:', pageSize: 50 })).rows;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((row: { code: string; ownerType: number }) => row.code.startsWith('CLEARING:') && row.ownerType === 4)).toBe(true);
    expect((await call('/payment/account/edit', { accountId: rows[0].accountId, version: 0, balance: 1 })).code).not.toBe(Code.ok);
  });
});

describe('the account flow', () => {
  it('reads each entry with its transaction, and filters by kind, transaction, payment order and account', async () => {
    const order = await payOrder();
    const txn = await topUp(order.memberId!, 50_000, order.id);
    const byTxn = await call('/payment/accountFlow/list', { txnNo: txn.txnNo });
    expect(byTxn.rows).toHaveLength(2);
    expect(byTxn.rows[0]).toMatchObject({
      txnNo: txn.txnNo,
      kind: 'TOPUP',
      bizType: 'payment_order',
      bizId: order.id,
      paymentOrderId: order.id,
      amount: 50_000,
      memoKey: 'ledger.memo.topup',
      cityCode: 2001,
    });
    expect(new Date(byTxn.rows[0].occurredAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The clearing account, or the slice of it the transaction was booked on.
    expect(byTxn.rows.map((row: { accountIdLabel: string }) => row.accountIdLabel)).toContainEqual(
      expect.stringMatching(/^PLT-IDR-CLEARING:QRIS(\/\d)?$/),
    );

    const related = await call('/payment/accountFlow/list', { paymentOrderId: order.id });
    expect(related.rows.map((row: { txnNo: string }) => row.txnNo)).toEqual([txn.txnNo, txn.txnNo]);
    const wallet = byTxn.rows.find((row: { direction: string }) => row.direction === 'C');
    expect((await call('/payment/accountFlow/list', { accountId: wallet.accountId })).rows).toMatchObject([{ balanceAfter: 50_000 }]);
    const kinds = (await call('/payment/accountFlow/list', { kind: 'TOPUP', pageSize: 500 })).rows.map((row: { kind: string }) => row.kind);
    expect(new Set(kinds)).toEqual(new Set(['TOPUP']));
    expect((await call('/payment/accountFlow/list', { kind: 'PAYOUT' })).rows).toEqual([]);
    expect((await call('/payment/accountFlow/list', { kind: 'NOT_A_KIND' })).code).toBe(Code.validation);
  });

  it("pages newest first by cursor, and shows a city's staff only their cities' entries (the tenant-wide ones to all-city staff)", async () => {
    const jakarta = await topUp(++member, 10_000, 0, 2001);
    const bandung = await topUp(++member, 20_000, 0, 2002);
    const tenantWide = await topUp(++member, 30_000, 0, null);
    const first = await call('/payment/accountFlow/list', { pageSize: 2 });
    expect(first.rows.map((row: { txnNo: string }) => row.txnNo)).toEqual([tenantWide.txnNo, tenantWide.txnNo]);
    const next = await call('/payment/accountFlow/list', { pageSize: 2, cursor: first.nextCursor });
    expect(next.rows.map((row: { txnNo: string }) => row.txnNo)).toEqual([bandung.txnNo, bandung.txnNo]);

    const menuIds = menuRows()
      .filter((m) => m.perms === 'payment:accountOrderListPage:view')
      .map((m) => m.menuId);
    const role = await call('/system/role/add', { roleName: 'Jakarta finance', roleKey: 'jkt_finance', dataScope: '2', menuIds, deptIds: [2001] });
    expect(role.code, JSON.stringify(role)).toBe(Code.ok);
    await call('/system/user/add', {
      userName: 'kitabike.jktfinance',
      nickName: 'Jakarta finance',
      password: 'Finance-2026x',
      deptId: 2001,
      roleIds: [role.data.roleId],
    });
    const session = (await t.call('POST', '/api/system/sso/login', { body: { username: 'kitabike.jktfinance', password: 'Finance-2026x' } })).data;
    const jkt = { token: session.token, userid: String(session.userId) };
    const seen = new Set((await call('/payment/accountFlow/list', { pageSize: 500 }, jkt)).rows.map((row: { txnNo: string }) => row.txnNo));
    expect(seen.has(jakarta.txnNo)).toBe(true);
    expect(seen.has(bandung.txnNo)).toBe(false);
    expect(seen.has(tenantWide.txnNo)).toBe(false);
    // The City filter narrows the finance lead's flow on purpose.
    const inBandung = (await call('/payment/accountFlow/list', { cityCode: 2002, pageSize: 500 })).rows;
    expect(new Set(inBandung.map((row: { cityCode: number }) => row.cityCode))).toEqual(new Set([2002]));
  });
  it('exports the flow as listed: each entry with its transaction, kinds by their names, filtered by kind', async () => {
    const order = await payOrder();
    const txn = await topUp(order.memberId!, 12_345, order.id);
    const queued = await call('/payment/accountFlow/export', { kind: 'TOPUP', txnNo: txn.txnNo });
    expect(queued.code, JSON.stringify(queued)).toBe(Code.ok);
    expect(await t.workers.exports.poll()).toBe(true);
    expect((await get(`/system/export/${queued.data.jobId}`)).data).toMatchObject({ status: 2, rowCount: 2 });
    const file = await t.app.inject({ method: 'GET', url: `/api/system/export/download/${queued.data.jobId}`, headers: admin });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const [header, ...rows] = workbook.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(header).toEqual(expect.arrayContaining(['Transaction no.', 'Transaction kind', 'Account', 'Balance after']));
    expect(rows[0]).toEqual(expect.arrayContaining([txn.txnNo, 'Top-up', 'Wallet top-up']));
  });
});

describe('account books', () => {
  it('show their accounts, Σ balances now, and what the latest nightly audit found', async () => {
    const [book] = await db()
      .select()
      .from(accountBooks)
      .where(and(eq(accountBooks.tenantId, KITA), eq(accountBooks.bookType, 1)));
    const [sums] = await db()
      .select({ n: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(balance), 0)::bigint` })
      .from(accounts)
      .where(eq(accounts.bookId, book!.id));
    for (const [status, drift] of [
      [0, 0],
      [1, 2],
    ] as const)
      await db().insert(ledgerAudits).values({
        tenantId: KITA,
        bookId: book!.id,
        currency: 'IDR',
        statDate: '2026-11-25',
        accountCount: 1,
        balanceTotal: 0,
        entriesTotal: 0,
        debitTotal: 0,
        creditTotal: 0,
        driftAccounts: drift,
        unbalancedTxns: 0,
        status,
        durationMs: 3,
      });
    const row = (await call('/payment/accountBook/list', { bookCode: book!.bookCode })).rows[0];
    expect(row).toMatchObject({ bookId: book!.id, accountCount: sums!.n, balanceTotal: Number(sums!.total), auditStatus: 1, driftAccounts: 2 });
    expect(typeof row.auditedAt).toBe('string');
    // Newest first: the two above, then the demo seed's own audit of its books (in order).
    const audits = await call('/payment/ledgerAudit/list', { bookId: book!.id });
    expect(audits.rows.map((audit: { status: number }) => audit.status)).toEqual([1, 0, 0]);
  });
});

describe('payment orders', () => {
  it('list every purpose on the transactions page and only top-ups on the Top Up List', async () => {
    const ride = await payOrder('RIDE');
    const topup = await payOrder('TOPUP');
    const all = (await call('/payment/order/list', { pageSize: 500 })).rows.map((row: { payNo: string }) => row.payNo);
    expect(all).toEqual(expect.arrayContaining([ride.payNo, topup.payNo]));
    const topups = (await call('/payment/topupOrder/list', { pageSize: 500 })).rows.map((row: { payNo: string }) => row.payNo);
    expect(topups).toContain(topup.payNo);
    expect(topups).not.toContain(ride.payNo);
    expect((await get(`/payment/topupOrder/${ride.id}`)).code).toBe(Code.notFound);
  });
});

describe('the interface log', () => {
  it('keeps the raw call for the detail and filters by outcome and reference', async () => {
    const [log] = await db()
      .insert(apiLogs)
      .values({
        tenantId: KITA,
        direction: 2,
        provider: 'midtrans',
        channelCode: 'QRIS',
        endpoint: '/api/pay/notify/QRIS',
        refNo: 'PYPAGE-LOG-1',
        httpStatus: 200,
        outcome: 'parked_amount',
        requestHeaders: { 'content-type': 'application/json' },
        requestBody: '{"gross_amount":"49000.00"}',
        durationMs: 5,
      })
      .returning();
    const listed = await call('/log/interfaceLog/list', { outcome: 'parked_amount', refNo: 'PYPAGE-LOG-1' });
    expect(listed.rows.map((row: { logId: number }) => row.logId)).toEqual([log!.id]);
    expect((await get(`/log/interfaceLog/${log!.id}`)).data).toMatchObject({
      requestHeaders: { 'content-type': 'application/json' },
      requestBody: '{"gross_amount":"49000.00"}',
    });
  });
});

describe('currencies and country currencies', () => {
  it('keep a currency in use, and its wallet caps in order', async () => {
    const [idr] = (await call('/payment/currency/list', { code: 'IDR' }, root)).rows;
    expect((await t.call('POST', `/api/payment/currency/remove/${idr.currencyId}`, { headers: root })).code).toBe(Code.transitionNotAllowed);
    const caps = await call('/payment/currency/edit', { currencyId: idr.currencyId, version: idr.version, maxWalletVerified: 1_000 }, root);
    expect(caps.data.fields).toEqual({ maxWalletVerified: 'The verified limit cannot be below the unverified one' });
  });

  it("hold a country's payment methods, and one default currency per country", async () => {
    const [before] = (await call('/payment/countryCurrency/list', { countryId: 1, currencyCode: 'IDR' }, root)).rows;
    expect(before.isDefault).toBe(true);
    const myr = await call(
      '/payment/countryCurrency/add',
      { countryId: 1, currencyCode: 'MYR', isDefault: true, paymentMethods: ['CARD', 'QRIS'] },
      root,
    );
    expect(myr.code, JSON.stringify(myr)).toBe(Code.ok);
    expect(myr.data.paymentMethods).toEqual(['QRIS', 'CARD']);
    expect((await get(`/payment/countryCurrency/${before.countryCurrencyId}`, root)).data).toMatchObject({
      isDefault: false,
      version: before.version + 1,
    });
    const edited = await call(
      '/payment/countryCurrency/edit',
      { countryCurrencyId: myr.data.countryCurrencyId, version: myr.data.version, paymentMethods: 'VA_BCA' },
      root,
    );
    expect(edited.data.paymentMethods).toEqual(['VA_BCA']);
    expect((await call('/payment/countryCurrency/add', { countryId: 1, currencyCode: 'SGD', paymentMethods: ['QRIS'] }, root)).data.fields).toEqual({
      currencyCode: 'Not an active currency of Rule Management',
    });
  });
});
