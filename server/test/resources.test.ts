import { Code } from '@kayuh/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByKey } from '@kayuh/contract/resources/index';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { ALL_RESOURCES } from '../src/modules/resourceRegistry.ts';
import { raiseAlarm } from '../src/modules/alarm/raiseAlarm.ts';
import {
  accountBooks,
  apiLogs,
  illegalMoveLocks,
  ledgerAudits,
  ledgerEntries,
  paymentOrders,
  paymentChannels,
  prepaidOrders,
  printRecords,
  qrisOrders,
  settlementImports,
  settlementLines,
  refunds,
  vehicles,
  vehicleTelemetry,
} from '../src/db/schema.ts';
import type { Db } from '../src/db/client.ts';
import { memberAccounts, platformAccounts } from '../src/platform/ledger/accounts.ts';
import { post } from '../src/platform/ledger/posting.ts';
import { FrameRules } from '../src/modules/alarm/frameRules.ts';
import { IllegalMoveLocks } from '../src/modules/alarm/illegalMove.ts';
import { VehicleCommands } from '../src/modules/vehicle/commands.ts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness.ts';
import { editedValue, sampleBody } from './resourceSamples.ts';

/**
 * Generated from the registry (issue #3): every resource proves the same security and input rules,
 * so a new declaration is covered the moment it is registered.
 */
let t: TestApp;
let users: Record<'kitabike' | 'gowesbali' | 'nobody' | 'superadmin', Record<string, string>>;
beforeAll(async () => {
  t = await createTestApp();
  users = {
    kitabike: await t.signIn('kitabike.admin', { lang: 'EN' }),
    gowesbali: await t.signIn('gowesbali.admin', { lang: 'EN' }),
    nobody: {},
    superadmin: await t.signIn('superadmin', { lang: 'EN' }),
  };
  // KitaBike staff with no role at all: a session, and not one permission.
  const added = await t.call('POST', '/api/system/user/add', {
    headers: users.kitabike,
    body: { userName: 'kitabike.norole', nickName: 'No role', password: 'NoRole-2026x', deptId: 2001, roleIds: [] },
  });
  if (added.code !== Code.ok) throw new Error(JSON.stringify(added));
  users.nobody = await t.signIn('kitabike.norole', { lang: 'EN' });
});
afterAll(async () => {
  await t?.close();
});

/**
 * Add bodies of resources whose references must be rows of the caller's tenant, of the right kind: a model needs a
 * brand that makes its kind, a lot a supplier and a model of its own kind. Made first, through their forms.
 */
const SAMPLES: Record<string, (headers: Record<string, string>, n: number) => Promise<Record<string, unknown>>> = {
  // A part of one of the tenant's types; a movement buys the tenant's first part into its Jakarta depot.
  sparePart: async (headers, n) => {
    const [type] = (await t.call('POST', '/api/operations/sparePartType/list', { headers, body: {} })).rows;
    return { ...sampleBody(resourceByKey('sparePart')!, n), typeId: type.typeId };
  },
  sparePartMovement: async (headers, n) => {
    const [part] = (await t.call('POST', '/api/operations/sparePart/list', { headers, body: { pageSize: 1 } })).rows;
    const [depot] = (await t.call('POST', '/api/merchant/station/list', { headers, body: { type: '3', cityCode: 2001 } })).rows;
    return { move: 'purchaseIn', partId: part.partId, depotId: depot.stationId, qty: n + 1 };
  },
  // A partner's settlement of a week of the demo's shares: its agent's, its investor's.
  partnerSettlement: async (headers, n) => settlementAsk(headers, 1, n),
  investorSettlement: async (headers, n) => settlementAsk(headers, 2, n),
  // Finance settles a technician's piece pay: one of the demo's submitted tickets approved, its technician's today.
  settlement: async (headers) => {
    const [ticket] = (await t.call('POST', '/api/operations/ticket/list', { headers, body: { status: ['4'], pageSize: 1 } })).rows;
    await t.call('POST', '/api/operations/ticket/approveTicket', { headers, body: { ticketId: ticket.ticketId } });
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    return { partyId: ticket.assigneeId, periodStart: today, periodEnd: today };
  },
  // A target sits on one of the tenant's parking zones.
  zoneTarget: async (headers, n) => {
    const [zone] = (await t.call('POST', '/api/operations/zone/list', { headers, body: { type: '2', pageSize: 1 } })).rows;
    return { ...sampleBody(resourceByKey('zoneTarget')!, n), zoneId: zone.zoneId };
  },
  // The demo gives its first level no benefit: a sample is one of the kinds that take no value, on that level.
  levelBenefit: async (headers, n) => {
    const [first] = (await t.call('POST', '/api/user/memberLevel/list', { headers, body: { pageSize: 1 } })).rows;
    const { value: _none, ...body } = sampleBody(resourceByKey('levelBenefit')!, n);
    return { ...body, levelId: first.levelId, benefit: ['5', '4'][n % 2] };
  },
  // The tenant has DOMAIN §6.3's defaults already: a sample is a city's own rule of a vehicle code.
  alarmRule: async (_headers, n) => ({
    ...sampleBody(resourceByKey('alarmRule')!, n),
    cityCode: [2001, 2002, 2003][n % 3],
    alarmCode: ['LOW_SOC', 'OVERSPEED', 'FALL'][n % 3],
  }),
  productModel: async (headers, n) => {
    const brand = await t.call('POST', '/api/operations/brand/add', { headers, body: { name: `Brand ${n}-${++made}`, kind: '1' } });
    return { ...sampleBody(resourceByKey('productModel')!, n), brandId: brand.data.brandId, kind: '1', propulsion: 'electric', maxRangeM: 60_000 };
  },
  factoryLot: async (headers, n) => {
    const k = ++made;
    const supplier = await t.call('POST', '/api/operations/supplier/add', { headers, body: { name: `Supplier ${k}`, kind: '2' } });
    const brand = await t.call('POST', '/api/operations/brand/add', { headers, body: { name: `Cells ${k}`, kind: '2' } });
    const model = await t.call('POST', '/api/operations/productModel/add', {
      headers,
      body: { modelCode: `BAT-${k}`, name: `Battery ${k}`, brandId: brand.data.brandId, kind: '2' },
    });
    return { ...sampleBody(resourceByKey('factoryLot')!, n), supplierId: supplier.data.supplierId, modelId: model.data.modelId, kind: '2' };
  },
  vehicle: async (headers, n) => {
    const k = ++made;
    const brand = await t.call('POST', '/api/operations/brand/add', { headers, body: { name: `Bikes ${k}`, kind: '1' } });
    const model = await t.call('POST', '/api/operations/productModel/add', {
      headers,
      body: { modelCode: `BIKE-${k}`, name: `Bike ${k}`, brandId: brand.data.brandId, kind: '1', propulsion: 'electric_assist', maxRangeM: 50_000 },
    });
    return { ...sampleBody(resourceByKey('vehicle')!, n), modelId: model.data.modelId };
  },
  battery: async (headers, n) => {
    const k = ++made;
    const brand = await t.call('POST', '/api/operations/brand/add', { headers, body: { name: `Packs ${k}`, kind: '2' } });
    const model = await t.call('POST', '/api/operations/productModel/add', {
      headers,
      body: { modelCode: `PACK-${k}`, name: `Pack ${k}`, brandId: brand.data.brandId, kind: '2' },
    });
    const depot = await t.call('POST', '/api/merchant/station/add', {
      headers,
      body: { stationCode: `DEPOT-${k}`, name: `Depot ${k}`, cityCode: 2001, type: '3', lat: -6.2, lng: 106.8 },
    });
    return { ...sampleBody(resourceByKey('battery')!, n), modelId: model.data.modelId, depotId: depot.data.stationId };
  },
  vehicleFault: async (headers, n) => {
    const k = ++made;
    const body = { ...(await SAMPLES.vehicle!(headers, n)), vehicleNo: `KB-FLT-${k}`, frameNo: `MH1FLT00${k}`, imei: undefined };
    const vehicle = await t.call('POST', '/api/vehicle/vehicle/add', { headers, body });
    const type = await t.call('POST', '/api/vehicle/faultType/add', {
      headers,
      body: { code: `FT_${++made}`, nameKey: 'Squeaky', severity: '3', defaultAction: '1' },
    });
    return { ...sampleBody(resourceByKey('vehicleFault')!, n), vehicleId: vehicle.data.vehicleId, faultTypeId: type.data.faultTypeId };
  },
  // A ticket holds its vehicle's one open slot of its type (tickets.test.ts): each sample is on a new vehicle of its own.
  ...Object.fromEntries(
    ['ticket', 'dispatchTicket', 'batteryTicket', 'brokenTicket', 'repairTicket'].map((key) => [
      key,
      async (headers: Record<string, string>, n: number) => {
        const k = ++made;
        const body = { ...(await SAMPLES.vehicle!(headers, n)), vehicleNo: `KB-TKT-${k}`, frameNo: `MH1TKT00${k}`, imei: undefined };
        const vehicle = await t.call('POST', '/api/vehicle/vehicle/add', { headers, body });
        if (vehicle.code !== Code.ok) throw new Error(JSON.stringify(vehicle));
        return { ...sampleBody(resourceByKey(key)!, n), cityCode: vehicle.data.cityCode, vehicleIds: [vehicle.data.vehicleId] };
      },
    ]),
  ),
  // A country's currency must be one of Rule Management's: a new one for each, made first by the platform.
  countryCurrency: async (headers, n) => {
    const code = newCurrencyCode();
    const currency = await t.call('POST', '/api/payment/currency/add', { headers, body: { ...sampleBody(resourceByKey('currency')!), code } });
    if (currency.code !== Code.ok) throw new Error(JSON.stringify(currency));
    return { ...sampleBody(resourceByKey('countryCurrency')!, n), currencyCode: code };
  },
  // One merchant account per channel and currency: a gateway channel the tenant has none of yet.
  paymentChannel: async (headers, n) => {
    const held = (await t.call('POST', '/api/payment/merchant/list', { headers, body: { pageSize: 500 } })).rows.map(
      (row: { channelCode: string }) => row.channelCode,
    );
    const free = ['VA_BRI', 'VA_MANDIRI', 'EW_DANA', 'EW_SHOPEEPAY', 'CARD', 'EW_GOPAY', 'VA_BNI'].filter((code) => !held.includes(code));
    return { ...sampleBody(resourceByKey('paymentChannel')!, n), channelCode: free[n % free.length], provider: 'xendit' };
  },
  // An invoice covers paid orders no other invoice holds: a paid demo order of its own each time.
  invoice: async (_headers, n) => {
    const [order] = await db()
      .select({ payNo: paymentOrders.payNo })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.tenantId, KITABIKE), eq(paymentOrders.status, 2), eq(paymentOrders.refundedAmount, 0)))
      .orderBy(paymentOrders.id)
      .offset(++made + n)
      .limit(1);
    return { ...sampleBody(resourceByKey('invoice')!, n), payNos: order!.payNo };
  },
  // Every product code is seeded: one is taken back first, so the form can add it again.
  productType: async (headers, n) => {
    const rows = (await t.call('POST', '/api/payment/productType/list', { headers, body: { pageSize: 500 } })).rows;
    const row = rows[rows.length - 1 - (n % rows.length)];
    await t.call('POST', `/api/payment/productType/remove/${row.productTypeId}`, { headers });
    return { ...sampleBody(resourceByKey('productType')!, n), code: row.code, nameKey: `dict.product_types_code.${row.code}` };
  },
  batteryAcquisition: async (headers, n) => {
    const k = ++made;
    const partner = await t.call('POST', '/api/operations/partnerAgency/add', {
      headers,
      body: { ...sampleBody(resourceByKey('partnerAgency')!, k), kind: '2' },
    });
    const lot = await SAMPLES.factoryLot!(headers, n);
    return { ...sampleBody(resourceByKey('batteryAcquisition')!, n), partnerId: partner.data.partnerId, modelId: lot.modelId };
  },
};
let made = 0;
/** A currency code no one has: Q and two letters. */
const newCurrencyCode = () => {
  const k = ++made;
  return `Q${String.fromCharCode(65 + (k % 26))}${String.fromCharCode(65 + (Math.floor(k / 26) % 26))}`;
};
const bodyFor = async (def: ResourceDef, headers: Record<string, string>, n: number) => (await SAMPLES[def.key]?.(headers, n)) ?? sampleBody(def, n);

const KITABIKE = 2;
let member = 800_000;
const db = () => t.database.db as Db;

/** A member's top-up of Rp 50,000 through QRIS, posted as the gateway's notification posts it (DOMAIN §4.4). */
async function topUp(memberId: number) {
  const clearing = await platformAccounts(db(), KITABIKE, 'IDR', ['CLEARING:QRIS']);
  return db().transaction(async (tx) => {
    const own = await memberAccounts(tx, KITABIKE, memberId, 'IDR');
    return post(tx, KITABIKE, {
      kind: 'TOPUP',
      idempotencyKey: `resources-topup:${memberId}`,
      bizType: 'payment_order',
      bizId: memberId,
      cityCode: 2001,
      lines: [
        { accountId: clearing['CLEARING:QRIS'], direction: 'D', amount: 50_000 },
        { accountId: own.WALLET, direction: 'C', amount: 50_000 },
      ],
    });
  });
}

/** A member's top-up order in Jakarta, waiting for the payment. */
/** A settlement report of KitaBike's QRIS merchant with one line naming no order of ours. */
async function settlementImport() {
  const n = ++member;
  const [channel] = await db()
    .select({ id: paymentChannels.id })
    .from(paymentChannels)
    .where(and(eq(paymentChannels.tenantId, KITABIKE), eq(paymentChannels.channelCode, 'QRIS')));
  const [row] = await db()
    .insert(settlementImports)
    .values({
      tenantId: KITABIKE,
      importNo: `RCT${n}`,
      channelId: channel!.id,
      fileName: `report-${n}.csv`,
      fileSha256: String(n).padStart(64, '0'),
      currency: 'IDR',
      lineCount: 1,
      matchedCount: 0,
      unmatchedCount: 1,
      grossTotal: 0,
      feeTotal: 0,
      netTotal: 0,
    })
    .returning({ id: settlementImports.id });
  const [line] = await db()
    .insert(settlementLines)
    .values({
      tenantId: KITABIKE,
      importId: row!.id,
      line: 2,
      kind: 'payment',
      orderRef: `PYT${n}`,
      grossAmount: 10_000,
      fee: 70,
      netAmount: 9_930,
      currency: 'IDR',
      settledAt: new Date(),
      providerType: 'settlement',
      matchStatus: 2,
    })
    .returning({ id: settlementLines.id });
  return { importId: row!.id, lineId: line!.id };
}

/** A KitaBike member's PLN order, still processing at IAK. */
async function prepaidOrder() {
  const n = ++member;
  const [row] = await db()
    .insert(prepaidOrders)
    .values({
      tenantId: KITABIKE,
      cityCode: 2001,
      orderNo: `PPT${n}`,
      refId: `PPT${n}`,
      memberId: n,
      kind: 1,
      productCode: 'hpln20000',
      customerId: '51234567890',
      price: 20_500,
      sellPrice: 21_500,
      adminFee: 1_500,
      currency: 'IDR',
      idempotencyKey: `prepaid-test-${n}`,
    })
    .returning({ id: prepaidOrders.id });
  return row!.id;
}

async function payOrder() {
  const memberId = ++member;
  const [order] = await db()
    .insert(paymentOrders)
    .values({
      tenantId: KITABIKE,
      cityCode: 2001,
      payNo: `PYTEST${memberId}`,
      memberId,
      purpose: 'TOPUP',
      amount: 50_000,
      currency: 'IDR',
      status: 1,
      expiresAt: new Date(Date.now() + 900_000),
      idempotencyKey: `resources-order:${memberId}`,
    })
    .returning();
  return order!;
}

/** Resources whose rows are not added through their own form are created the way users create them. */
let alarmTarget = 90_000;
let shaken = 0;
/** The newest row of a sign-in trail list, once KitaBike's test number has signed in to the rider app. */
async function trailRow(headers: Record<string, string>, list: string) {
  const app = { 'tenant-code': 'KITABIKE' };
  await t.call('POST', '/api/app/auth/otp/send', { headers: app, body: { phone: '+6280000000001' } });
  await t.call('POST', '/api/app/auth/otp/verify', { headers: app, body: { phone: '+6280000000001', code: '123456' } });
  const rows = (await t.call('POST', list, { headers, body: { pageSize: 1 } })).rows;
  return { code: rows.length ? Code.ok : Code.notFound, data: { authLogId: rows[0]?.authLogId } };
}

/** The first partner of a kind (1 agent, 2 investor) working in Jakarta, and a week of the last fortnight (the demo settled the one before). */
async function settlementAsk(headers: Record<string, string>, kind: number, n: number) {
  const [partner] = (await t.call('POST', '/api/operations/partnerAgency/list', { headers, body: { kind: String(kind), pageSize: 50 } })).rows.filter(
    (p: { cityCodes: number[] }) => p.cityCodes.includes(2001),
  );
  const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);
  return { partyId: partner.partnerId, periodStart: dayAgo(n % 2 ? 15 : 7), periodEnd: dayAgo(n % 2 ? 8 : 1) };
}

/** The agent's settlement of the last week: made, or the one made before. */
async function agentSettlement(headers: Record<string, string>) {
  const ask = await settlementAsk(headers, 1, 2);
  const made = await t.call('POST', '/api/operations/partnerSettlement/add', { headers, body: ask });
  if (made.code !== Code.duplicate) return made;
  const rows = (await t.call('POST', '/api/payment/settlement/list', { headers, body: { partyType: '2', pageSize: 50 } })).rows;
  const found = rows.find((r: { partyId: number; periodStart: string }) => r.partyId === ask.partyId && r.periodStart === ask.periodStart);
  return { code: found ? Code.ok : Code.notFound, data: { settlementId: found?.settlementId } };
}

const CREATORS: Record<string, (headers: Record<string, string>) => Promise<{ code: number; data: Record<string, unknown> }>> = {
  // A stock row comes with a movement.
  sparePartStock: async (headers) => {
    const body = await SAMPLES.sparePartMovement!(headers, 1);
    await t.call('POST', '/api/operations/sparePartMovement/add', { headers, body });
    const rows = (await t.call('POST', '/api/operations/sparePartStock/list', { headers, body: { partId: body.partId, depotId: body.depotId } }))
      .rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { stockId: rows[0]?.stockId } };
  },
  // Applications come from the rider app: the demo's newest of the caller's tenant.
  joinApplication: async (headers) => {
    const rows = (await t.call('POST', '/api/operations/joinApplication/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { applicationId: rows[0]?.applicationId } };
  },
  operationJournal: async (headers) => {
    await t.call('POST', '/api/system/post/add', { headers, body: { postCode: 'AUDITED', postName: 'Audited', postSort: 1, status: '0' } });
    const rows = (await t.call('POST', '/api/system/operlog/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { operId: rows[0]?.operId } };
  },
  loginJournal: async (headers) => {
    // Every sign-in attempt writes a row: a mistyped password of the caller's, the newest of their tenant.
    const { userName } = (await t.call('GET', '/api/system/user/profile', { headers })).data;
    await t.call('POST', '/api/system/sso/login', { body: { username: userName, password: 'mistyped-password-1' } });
    const rows = (await t.call('POST', '/api/system/logininfor/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { infoId: rows[0]?.infoId } };
  },
  timedTaskRun: async (headers) => {
    const task = await t.call('POST', '/api/monitor/job/add', { headers, body: sampleBody(resourceByKey('timedTask')!, 9) });
    const run = await t.call('POST', '/api/monitor/job/run', { headers, body: { jobId: task.data.jobId } });
    return { code: run.code, data: { jobLogId: run.data?.runId } };
  },
  // Rides are made by the rider app (rides.test.ts): one of the demo's.
  rideOrder: async (headers) => {
    const rows = (await t.call('POST', '/api/operations/rideOrder/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { rideOrderId: rows[0]?.rideOrderId } };
  },
  // Passes are bought in the app and coupons granted on the coupon page (passes.test.ts): one of the demo's.
  userCard: async (headers) => {
    const rows = (await t.call('POST', '/api/payment/userCard/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { userCardId: rows[0]?.userCardId } };
  },
  userCoupon: async (headers) => {
    const rows = (await t.call('POST', '/api/payment/userCoupon/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { userCouponId: rows[0]?.userCouponId } };
  },
  // A ticket's items are made with it: one of the demo's of each sub-list.
  ...Object.fromEntries(
    ['ticketItem', 'dispatchItem', 'batteryItem', 'brokenItem', 'repairItem'].map((key) => [
      key,
      async (headers: Record<string, string>) => {
        const rows = (await t.call('POST', `/api${resourceByKey(key)!.api}/list`, { headers, body: { pageSize: 1 } })).rows;
        return { code: rows.length ? Code.ok : Code.notFound, data: { itemId: rows[0]?.itemId } };
      },
    ]),
  ),
  // Members sign up in the rider app (appAuth.test.ts): one of the demo's.
  member: async (headers) => {
    const rows = (await t.call('POST', '/api/user/member/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { memberId: rows[0]?.memberId } };
  },
  // A cabinet's bays are made with it and written by its reports: one of the demo's.
  cabinetSlot: async (headers) => {
    const rows = (await t.call('POST', '/api/merchant/cabinetSlot/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { cabinetSlotId: rows[0]?.cabinetSlotId } };
  },
  // Swaps are made by the app and a cabinet on the device link (swaps.test.ts): one of the demo's.
  swapOrder: async (headers) => {
    const rows = (await t.call('POST', '/api/payment/swapOrder/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { swapOrderId: rows[0]?.swapOrderId } };
  },
  // Shares are written by a paid order (shareEntries.test.ts): one of the demo's rides' or swaps'.
  shareEntry: async (headers) => {
    const rows = (await t.call('POST', '/api/operations/shareEntry/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { entryId: rows[0]?.entryId } };
  },
  // Finance's page makes none: its agent's settlement of the last week, made on the partners' page (or found there).
  settlement: async (headers) => agentSettlement(headers),
  settlementShareLine: async (headers) => {
    const made = await agentSettlement(headers);
    const rows = (
      await t.call('POST', '/api/payment/settlementShareLine/list', { headers, body: { pageSize: 1, settlementId: made.data.settlementId } })
    ).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { lineId: rows[0]?.lineId } };
  },
  // Identity checks are sent from the rider app (kyc.test.ts): one of the demo's.
  kycReview: async (headers) => {
    const rows = (await t.call('POST', '/api/user/kycReview/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { kycReviewId: rows[0]?.kycReviewId } };
  },
  // The sign-in trail is written by the rider app's sign-in (memberAuthLogs.test.ts): the demo test number signs in.
  memberLoginLog: async (headers) => trailRow(headers, '/api/user/loginLog/list'),
  memberAuthLog: async (headers) => trailRow(headers, '/api/log/memberAuth/list'),
  // Points are awarded by rides, top-ups and identity checks (loyalty.test.ts): one of the demo's.
  pointLedger: async (headers) => {
    const rows = (await t.call('POST', '/api/user/pointLedger/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { entryId: rows[0]?.entryId } };
  },
  // A manual tag's members are added through the tag (memberTags.test.ts): one of the demo VIP tag's.
  memberTagLink: async (headers) => {
    const [vip] = (await t.call('POST', '/api/user/memberTag/list', { headers, body: { pageSize: 1, name: 'VIP' } })).rows;
    const rows = vip ? (await t.call('POST', '/api/user/memberTagLink/list', { headers, body: { pageSize: 1, tagId: vip.tagId } })).rows : [];
    return { code: rows.length ? Code.ok : Code.notFound, data: { linkId: rows[0]?.linkId } };
  },
  // Feedback is sent from the rider app (feedback.test.ts): one of the demo's.
  feedback: async (headers) => {
    const rows = (await t.call('POST', '/api/user/feedback/list', { headers, body: { pageSize: 1 } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { feedbackId: rows[0]?.feedbackId } };
  },
  bikeLockLog: async (headers) => {
    // A lock sent to a box that is not connected (the device link is not started here): refused at once, recorded.
    const [vehicle] = (await t.call('POST', '/api/vehicle/vehicle/list', { headers, body: { pageSize: 50 } })).rows.filter(
      (v: { imei?: string }) => v.imei,
    );
    await t.call('POST', '/api/vehicle/vehicle/command', { headers, body: { vehicleId: vehicle.vehicleId, command: 'lock' } });
    const rows = (await t.call('POST', '/api/log/bikeLock/list', { headers, body: { pageSize: 1, vehicleId: vehicle.vehicleId } })).rows;
    return { code: rows.length ? Code.ok : Code.notFound, data: { commandId: rows[0]?.commandId } };
  },
  // The illegal-move rule writes these: a locked KitaBike vehicle shaken where it stands (its box is not connected here).
  illegalMoveLog: async () => {
    const { db } = t.database;
    const [v] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, 2), eq(vehicles.cityCode, 2001), isNotNull(vehicles.imei)))
      .orderBy(vehicles.id)
      .offset(++shaken)
      .limit(1);
    const commands = new VehicleCommands({ db, devices: t.services.devices, log: t.app.log });
    const illegalMoves = new IllegalMoveLocks({ db, issue: (...a) => commands.issue(...a), log: t.app.log });
    const at = { lat: -6.1754, lng: 106.8272 };
    await new FrameRules(t.services, t.app.log, { ILLEGAL_MOVE: illegalMoves }).evaluate([
      {
        tenantId: 2,
        cityCode: 2001,
        vehicleId: v!.id,
        at: new Date(),
        soc: 60,
        speedKph: 0,
        alarmBits: 1,
        lockState: 0,
        fixed: true,
        inServiceArea: true,
        ...at,
        parked: at,
      },
    ]);
    const [row] = await db.select().from(illegalMoveLocks).where(eq(illegalMoveLocks.vehicleId, v!.id));
    return { code: row ? Code.ok : Code.notFound, data: { lockId: row?.id } };
  },
  // Alarms are raised by rules, never added: one raised for KitaBike's Jakarta, closed by staff for the history.
  alarm: async () => {
    const raised = await raiseAlarm(t.services, {
      tenantId: 2,
      cityCode: 2001,
      alarmCode: 'TAMPER',
      level: 3,
      targetType: 1,
      targetId: ++alarmTarget,
    });
    return { code: Code.ok, data: { alarmId: raised.alarmId } };
  },
  alarmHistory: async (headers) => {
    const raised = await raiseAlarm(t.services, { tenantId: 2, cityCode: 2001, alarmCode: 'FALL', level: 3, targetType: 1, targetId: ++alarmTarget });
    const res = await t.call('POST', '/api/alarm/alarm/ignore', { headers, body: { alarmId: raised.alarmId, version: 0, reason: 'Test' } });
    return { code: res.code, data: { alarmId: raised.alarmId } };
  },
  // The ALARM tasks come with the tenant; their runs come from Run now.
  alarmTask: async (headers) => {
    const [task] = (await t.call('POST', '/api/alarm/task/list', { headers, body: {} })).rows;
    return { code: task ? Code.ok : Code.notFound, data: { jobId: task?.jobId } };
  },
  alarmTaskRun: async (headers) => {
    const [task] = (await t.call('POST', '/api/alarm/task/list', { headers, body: {} })).rows;
    const run = await t.call('POST', '/api/alarm/task/run', { headers, body: { jobId: task.jobId } });
    return { code: run.code, data: { jobLogId: run.data?.runId } };
  },
  // Frames come from devices: one of KitaBike's vehicles reports.
  telemetryFrame: async () => {
    const [v] = await t.database.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, 2), isNotNull(vehicles.imei)))
      .limit(1);
    const [frame] = await t.database.db
      .insert(vehicleTelemetry)
      .values({
        tenantId: 2,
        cityCode: v!.cityCode,
        vehicleId: v!.id,
        imei: v!.imei!,
        msgType: 1,
        reportedAt: new Date(),
        receivedAt: new Date(),
        gpsValid: false,
        lockState: 0,
        alarmBits: 0,
      })
      .returning({ id: vehicleTelemetry.id });
    return { code: Code.ok, data: { id: frame!.id, vehicleId: v!.id } };
  },
  // The ledger's rows come from postings: a top-up of a KitaBike member, with the accounts it opens.
  account: async () => {
    const own = await memberAccounts(db(), KITABIKE, ++member, 'IDR');
    return { code: Code.ok, data: { accountId: own.WALLET } };
  },
  ledgerEntry: async () => {
    const txn = await topUp(++member);
    const [entry] = await db().select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.txnId, txn.txnId)).limit(1);
    return { code: Code.ok, data: { entryId: entry!.id } };
  },
  accountBook: async () => {
    const [book] = await db().select({ id: accountBooks.id }).from(accountBooks).where(eq(accountBooks.tenantId, KITABIKE)).limit(1);
    return { code: Code.ok, data: { bookId: book!.id } };
  },
  // The nightly audit writes these: one that found a drift.
  ledgerAudit: async () => {
    const [book] = await db().select().from(accountBooks).where(eq(accountBooks.tenantId, KITABIKE)).limit(1);
    const [audit] = await db()
      .insert(ledgerAudits)
      .values({
        tenantId: KITABIKE,
        bookId: book!.id,
        currency: book!.currency,
        statDate: '2026-11-20',
        accountCount: 3,
        balanceTotal: 50_000,
        entriesTotal: 45_000,
        debitTotal: 50_000,
        creditTotal: 50_000,
        driftAccounts: 1,
        unbalancedTxns: 0,
        status: 1,
        durationMs: 12,
      })
      .returning({ id: ledgerAudits.id });
    return { code: Code.ok, data: { auditId: audit!.id } };
  },
  // Members pay: their payment orders, QRIS codes and refunds are the gateways' and the system's rows.
  paymentOrder: async () => ({ code: Code.ok, data: { paymentOrderId: (await payOrder()).id } }),
  topupOrder: async () => ({ code: Code.ok, data: { paymentOrderId: (await payOrder()).id } }),
  qrisOrder: async () => {
    const order = await payOrder();
    const [qris] = await db()
      .insert(qrisOrders)
      .values({
        tenantId: KITABIKE,
        cityCode: 2001,
        qrisNo: `QRT${order.id}`,
        paymentOrderId: order.id,
        nmid: 'ID1020021181745',
        qrPayload: '00020101021226',
        amount: order.amount,
        currency: 'IDR',
        expiresAt: new Date(Date.now() + 900_000),
      })
      .returning({ id: qrisOrders.id });
    return { code: Code.ok, data: { qrisOrderId: qris!.id } };
  },
  refund: async () => {
    const order = await payOrder();
    const [refund] = await db()
      .insert(refunds)
      .values({
        tenantId: KITABIKE,
        cityCode: 2001,
        refundNo: `RFT${order.id}`,
        paymentOrderId: order.id,
        bizType: 'payment_order',
        bizId: order.id,
        memberId: order.memberId,
        amount: 10_000,
        currency: 'IDR',
        reason: 4,
        destination: 2,
        requestedByType: 1,
        idempotencyKey: `refund-test-${order.id}`,
      })
      .returning({ id: refunds.id });
    return { code: Code.ok, data: { refundId: refund!.id } };
  },
  // A settlement report finance imported, and one of its lines.
  settlementImport: async () => ({ code: Code.ok, data: { importId: (await settlementImport()).importId } }),
  settlementLine: async () => ({ code: Code.ok, data: { lineId: (await settlementImport()).lineId } }),
  // Downloading an issued invoice writes these.
  printRecord: async () => {
    const [row] = await db()
      .insert(printRecords)
      .values({ tenantId: KITABIKE, docType: 2, refType: 'invoice', refId: ++member, refNo: `INVT${member}`, copies: 1, printedBy: 1 })
      .returning({ id: printRecords.id });
    return { code: Code.ok, data: { printId: row!.id } };
  },
  // Members buy them from the app; IAK settles them.
  prepaidOrder: async () => ({ code: Code.ok, data: { prepaidOrderId: await prepaidOrder() } }),
  plnOrder: async () => ({ code: Code.ok, data: { prepaidOrderId: await prepaidOrder() } }),
  apiLog: async () => {
    const [log] = await db()
      .insert(apiLogs)
      .values({
        tenantId: KITABIKE,
        direction: 2,
        provider: 'midtrans',
        channelCode: 'QRIS',
        endpoint: '/api/pay/notify/QRIS',
        refNo: `PYTEST${++member}`,
        httpStatus: 200,
        outcome: 'accepted',
        requestBody: '{}',
        durationMs: 8,
      })
      .returning({ id: apiLogs.id });
    return { code: Code.ok, data: { logId: log!.id } };
  },
  downloadList: async (headers) => {
    const res = await t.call('POST', '/api/system/post/export', { headers, body: {} });
    return { code: res.code, data: { jobId: res.data?.jobId } };
  },
};

describe.each(ALL_RESOURCES.map((r) => [r.def.key, r.def] as const))('resource %s', (_key, def) => {
  const api = `/api${def.api}`;
  const owner = () => (def.scope === 'global' ? users.superadmin : users.kitabike);
  const add = (headers: Record<string, string>, body: unknown) => t.call('POST', `${api}/add`, { headers, body });
  /** Large tables (the catalogue) hold thousands of rows: a list check filters by the row's own title when it can. */
  const narrowTo = (row: Record<string, unknown>) => {
    const title = def.fields.find((f) => f.name === def.titleField);
    return title?.filter === 'like' || title?.filter === 'eq' ? { [def.titleField]: row[def.titleField] } : {};
  };
  const create = async (headers: Record<string, string>, n: number) => CREATORS[def.key]?.(headers) ?? add(headers, await bodyFor(def, headers, n));

  it('answers 10007 on every route without a session', async () => {
    type Route = ['GET' | 'POST', string, 'view' | 'transition' | 'add' | 'edit' | 'remove' | 'export'];
    const routes: Route[] = [
      ['POST', `${api}/list`, 'view'],
      // A view (rollups, telemetry) has a list and an export only.
      ...(def.view ? [] : [['GET', `${api}/1`, 'view'] as Route]),
      ['POST', `${api}/add`, 'add'],
      ['POST', `${api}/edit`, 'edit'],
      ['POST', `${api}/remove/1`, 'remove'],
      ['POST', `${api}/export`, 'export'],
      ...(def.transitions ?? []).map((x): Route => ['POST', `${api}/${x.name}`, 'transition']),
    ];
    for (const [method, url, action] of routes) {
      if (action !== 'view' && action !== 'transition' && !def.actions.includes(action)) continue;
      expect((await t.call(method, url, { body: method === 'POST' ? {} : undefined })).code, url).toBe(Code.noSession);
    }
  });

  it('answers 2006 to a user without its permission', async () => {
    if (!def.listForAll) expect((await t.call('POST', `${api}/list`, { headers: users.nobody, body: {} })).code).toBe(Code.forbidden);
    if (def.actions.includes('add')) expect((await add(users.nobody, sampleBody(def, 7))).code).toBe(Code.forbidden);
  });

  it('refuses bad input with 2001 and a translated message per required field', async () => {
    if (!def.actions.includes('add')) return;
    const res = await add(owner(), {});
    expect(res.code).toBe(Code.validation);
    for (const f of def.fields.filter((x) => x.required && !x.serverOnly && x.defaultValue === undefined)) {
      expect(res.data.fields[f.name], f.name).toBe('Required');
    }
  });

  it('refuses a sort key it does not declare', async () => {
    for (const orderByColumn of ['id; DROP TABLE users', 'password_hash', 'tenantId desc']) {
      const res = await t.call('POST', `${api}/list`, { headers: owner(), body: { orderByColumn } });
      expect(res.code, orderByColumn).toBe(Code.validation);
    }
  });

  it('adds, reads, edits with the version, lists, and removes a row', async () => {
    if (!def.actions.includes('add')) return;
    const body = await bodyFor(def, owner(), 1);
    const created = await add(owner(), body);
    expect(created.code, JSON.stringify(created)).toBe(Code.ok);
    const id = created.data[def.idName];
    const again = await add(owner(), body);
    if (def.fields.some((f) => f.unique || f.uniqueWith)) expect(again.code).toBe(Code.duplicate);
    else if (again.code === Code.ok) await t.call('POST', `${api}/remove/${again.data[def.idName]}`, { headers: owner() });
    const got = await t.call('GET', `${api}/${id}`, { headers: owner() });
    // An append-only row (a stock movement) has no version.
    expect(got.data).toMatchObject({ [def.idName]: id, ...(def.editable ? { version: 0 } : {}) });
    // A row kept as it was asked for (an invoice request): no edits, it moves by its events.
    if (!def.actions.includes('edit')) return;
    const title = def.titleField;
    const titleField = def.fields.find((f) => f.name === title)!;
    const edited = await t.call('POST', `${api}/edit`, {
      headers: owner(),
      body: { [def.idName]: id, version: 0, [title]: editedValue(titleField, got.data[title]) },
    });
    expect(edited.code, JSON.stringify(edited)).toBe(Code.ok);
    expect(edited.data.version).toBe(1);
    const stale = await t.call('POST', `${api}/edit`, {
      headers: owner(),
      body: { [def.idName]: id, version: 0, [title]: editedValue(titleField, 'late') },
    });
    expect(stale.code).toBe(Code.versionConflict);
    const list = await t.call('POST', `${api}/list`, { headers: owner(), body: { pageSize: 500, ...narrowTo(edited.data) } });
    expect(list.rows.map((row: Record<string, unknown>) => row[def.idName])).toContain(id);
    // A resource without removal (a fault is resolved, never deleted) keeps the row.
    if (!def.actions.includes('remove')) return;
    expect((await t.call('POST', `${api}/remove/${id}`, { headers: owner() })).code).toBe(Code.ok);
    expect((await t.call('GET', `${api}/${id}`, { headers: owner() })).code).toBe(Code.notFound);
  });

  it("hides another tenant's row: 2002 on get, edit and remove, absent from the list", async () => {
    if (def.scope === 'global') {
      // Platform rows: an operator may not write them at all.
      if (def.actions.includes('add')) expect((await add(users.kitabike, sampleBody(def, 3))).code).toBe(Code.forbidden);
      return;
    }
    const created = await create(users.kitabike, 2);
    expect(created.code).toBe(Code.ok);
    const id = created.data[def.idName];
    const other = users.gowesbali;
    if (def.view) {
      // No row route: the other tenant's list of the same rows does not hold it.
      const list = await t.call('POST', `${api}/list`, { headers: other, body: { pageSize: 500, ...created.data } });
      expect(list.rows.map((row: Record<string, unknown>) => row[def.idName])).not.toContain(id);
      return;
    }
    expect((await t.call('GET', `${api}/${id}`, { headers: other })).code).toBe(Code.notFound);
    if (def.actions.includes('edit'))
      expect((await t.call('POST', `${api}/edit`, { headers: other, body: { [def.idName]: id, version: 0 } })).code).toBe(Code.notFound);
    for (const x of def.transitions ?? []) {
      // With a valid payload, so only the row's tenant can refuse it.
      const payload = sampleBody({ ...def, fields: [...(x.payload ?? [])] });
      const res = await t.call('POST', `${api}/${x.name}`, { headers: other, body: { [def.idName]: id, version: 0, ...payload } });
      expect(res.code, x.name).toBe(Code.notFound);
    }
    if (def.actions.includes('remove')) expect((await t.call('POST', `${api}/remove/${id}`, { headers: other })).code).toBe(Code.notFound);
    const list = await t.call('POST', `${api}/list`, {
      headers: other,
      body: { pageSize: 500, ...narrowTo((await t.call('GET', `${api}/${id}`, { headers: users.kitabike })).data) },
    });
    expect(list.rows.map((row: Record<string, unknown>) => row[def.idName])).not.toContain(id);
    expect((await t.call('GET', `${api}/${id}`, { headers: users.kitabike })).code).toBe(Code.ok);
  });
});
