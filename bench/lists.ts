// List calls at DOMAIN §9.5 scale (DESIGN §9): each through the real server against the same SQL served bare,
// 16 concurrent, on the dataset bench/generate loaded. Later issues add their lists (rides…) to ALL_CALLS.
// Run: npm run bench:generate -- --load postgres://postgres@127.0.0.1:5432/kayuh_bench, then npm run bench:lists
// (BENCH_DATABASE_URL, default that database; BENCH_SECONDS per measurement, default 8; BENCH_ONLY=<part of a name>;
// BENCH_SQL=1 prints each call's statements)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { BENCH_FIELD_KEY } from './generate/tables/kycReviews.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { ledgerEntryResource } from '@kayuh/contract/resources/ledger';
import { paymentOrderResource } from '@kayuh/contract/resources/paymentOrders';
import { plnOrderResource, prepaidOrderResource } from '@kayuh/contract/resources/prepaidOrders';
import { OPEN_TICKET_STATES, TicketType } from '@kayuh/contract/resources/tickets';
import { bareServer, handlerStatements, load, type Call } from './apiVsBare.ts';
import { makeContext } from './generate/context.ts';
import { templateTypeOf } from './generate/tables/tickets.ts';
import { adminUserName, BENCH_PASSWORD } from './generate/tables/staff.ts';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kayuh_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = 16;

// The first bench tenant and its biggest city (the plan does not depend on the seed or the scale).
const tenant = makeContext({ seed: '', scale: 1 }).tenants[0]!;
const city = tenant.cities[0]!;

/**
 * A list call, and what its first answer must hold (so a wrong answer is not measured as a fast one); `prepare`
 * completes the body from earlier answers (a cursor) once signed in.
 */
type ListCall = Call & {
  expect: (rows: Array<Record<string, unknown>>) => string | undefined;
  prepare?: (send: (call: Call) => Promise<{ json(): ListAnswer }>) => Promise<void>;
};
type ListAnswer = { code: number; rows: Array<Record<string, unknown>>; nextCursor?: string };

/** The fleet of the city, by state (DOMAIN §9.5's measure): 20 rows of the city, in op_state order. */
const byState = { cityCode: city.cityCode, orderByColumn: 'opState', isAsc: 'asc', pageSize: 20 };
const fleetPage = (rows: Array<Record<string, unknown>>) =>
  rows.length === 20 && rows.every((r, i) => r.cityCode === city.cityCode && (i === 0 || Number(rows[i - 1]!.opState) <= Number(r.opState)))
    ? undefined
    : `expected 20 vehicles of ${city.cityCode} in op_state order`;
const cursorAtPage1000: ListCall = {
  name: `vehicle/list, ${city.name}, by state, page 1,000 by cursor`,
  method: 'POST',
  url: '/api/vehicle/vehicle/list',
  body: byState,
  expect: fleetPage,
  // The cursor a user holds after paging to 999: page 999's nextCursor.
  async prepare(send) {
    const page999 = (await send({ ...cursorAtPage1000, body: { ...byState, pageNum: 999 } })).json();
    if (!page999.nextCursor) throw new Error(`${cursorAtPage1000.name}: page 999 gave no nextCursor`);
    cursorAtPage1000.body = { ...byState, cursor: page999.nextCursor };
  },
};
/** One vehicle's frames of the last day (monitoring_data searched by a vehicle), newest first. */
const vehicleFrames: ListCall = {
  name: `monitoringData/list, ${city.name}, one vehicle, a day`,
  method: 'POST',
  url: '/api/alarm/monitoringData/list',
  body: {},
  expect: (rows) => (rows.length === 20 && new Set(rows.map((r) => r.vehicleId)).size === 1 ? undefined : 'expected 20 frames of one vehicle'),
  async prepare(send) {
    const [newest] = (await send({ ...vehicleFrames, body: { cityCode: city.cityCode, pageSize: 1 } })).json().rows;
    if (!newest) throw new Error(`${vehicleFrames.name}: the city has no frames (bench:generate --telemetry-days 1)`);
    const to = new Date(String(newest.reportedAt));
    const from = new Date(to.getTime() - 86_400_000).toISOString();
    vehicleFrames.body = { cityCode: city.cityCode, vehicleId: newest.vehicleId, reportedAtFrom: from, reportedAtTo: to.toISOString(), pageSize: 20 };
  },
};
/** Account Flow (ledger_entries, cursor paging, newest first): the city's lines, and a deep page by cursor. */
const cityFlow = { cityCode: city.cityCode, pageSize: 20 };
const newestFirst = (what: string, idName: string, fits: (r: Record<string, unknown>) => boolean) => (rows: Array<Record<string, unknown>>) =>
  rows.length === 20 && rows.every((r, i) => fits(r) && (i === 0 || Number(rows[i - 1]![idName]) > Number(r[idName])))
    ? undefined
    : `expected 20 ${what}, newest first (got ${rows.length}: ${JSON.stringify(rows[0])})`;
const flowOfCity = newestFirst(`lines of ${city.cityCode}`, ledgerEntryResource.idName ?? 'id', (r) => r.cityCode === city.cityCode);
const flowAtPage1000: ListCall = {
  name: `ledgerEntry/list (Account Flow), ${city.name}, page 1,000 by cursor`,
  method: 'POST',
  url: '/api/payment/accountFlow/list',
  body: cityFlow,
  expect: flowOfCity,
  async prepare(send) {
    const page999 = (await send({ ...flowAtPage1000, body: { ...cityFlow, pageNum: 999 } })).json();
    if (!page999.nextCursor) throw new Error(`${flowAtPage1000.name}: page 999 gave no nextCursor`);
    flowAtPage1000.body = { ...cityFlow, cursor: page999.nextCursor };
  },
};
/** One member's WALLET flow (the account's related list): the busiest WALLET of the city's newest page. */
const walletFlow: ListCall = {
  name: `ledgerEntry/list (Account Flow), one WALLET, page 1`,
  method: 'POST',
  url: '/api/payment/accountFlow/list',
  body: {},
  expect: (rows) => (rows.length && new Set(rows.map((r) => r.accountId)).size === 1 ? undefined : 'expected the lines of one account'),
  async prepare(send) {
    const { rows } = (await send({ ...walletFlow, body: { ...cityFlow, pageSize: 200 } })).json();
    const [line] = rows.filter((r) => String(r.memoKey ?? '') === 'ledger.memo.topup' && r.direction === 'C');
    if (!line) throw new Error(`${walletFlow.name}: no top-up line among the city's newest 200 (is the money loaded?)`);
    walletFlow.body = { accountId: line.accountId, pageSize: 20 };
  },
};
/** A list newest first, as staff of one city see it and as those who pick All cities do (cursor paging, page 1). */
const newestOfTenant = (name: string, url: string, what: string): ListCall[] =>
  [{ cityCode: city.cityCode }, {}].map((scope) => ({
    name: `${name}, ${'cityCode' in scope ? city.name : 'All cities'}, page 1`,
    method: 'POST',
    url,
    body: { ...scope, pageSize: 20 },
    expect: (rows: Array<Record<string, unknown>>) =>
      rows.length === 20 &&
      rows.every(
        (r, i) =>
          r.tenantId === tenant.id &&
          (!('cityCode' in scope) || r.cityCode === city.cityCode) &&
          (i === 0 || String(rows[i - 1]!.createdAt) >= String(r.createdAt)),
      )
        ? undefined
        : `expected 20 ${what} of ${tenant.code}, newest first`,
  }));

/**
 * Rides (DESIGN §9's ride list): the city's last 7 days before the dataset's end, newest first, page 1 and page 1,000
 * by cursor (the way the console pages on: ride lists are paged by cursor, never counted in full).
 */
const AS_OF = makeContext({ seed: '', scale: 1 }).asOf;
const rideWeek = {
  cityCode: city.cityCode,
  createdAtFrom: new Date(AS_OF.getTime() - 7 * 86_400_000).toISOString(),
  createdAtTo: AS_OF.toISOString(),
  pageSize: 20,
};
/** 20 rides of the city within the range's start, newest first. */
const ridesSince = (from: string) => (rows: Array<Record<string, unknown>>) =>
  rows.length === 20 &&
  rows.every(
    (r, i) => r.cityCode === city.cityCode && String(r.createdAt) >= from && (i === 0 || String(rows[i - 1]!.createdAt) >= String(r.createdAt)),
  )
    ? undefined
    : `expected 20 rides of ${city.cityCode} since ${from}, newest first (got ${rows.length}: ${JSON.stringify(rows[0])})`;
/**
 * Page 1,000 needs 20,000 rides in the range: the city's week holds that many at scale 1; at a smaller scale the range
 * reaches back as many weeks as the scale is short of 1 (scale 0.25: 28 days), so the page is as deep.
 */
const deepWeeks = Math.max(1, Math.round(1 / Number(process.env.BENCH_SCALE ?? 0.25)));
const rideWeeks = { ...rideWeek, createdAtFrom: new Date(AS_OF.getTime() - deepWeeks * 7 * 86_400_000).toISOString() };
const ridesAtPage1000: ListCall = {
  name: `rideOrder/list, ${city.name}, ${deepWeeks * 7} days, page 1,000 by cursor`,
  method: 'POST',
  url: '/api/operations/rideOrder/list',
  body: rideWeeks,
  expect: ridesSince(rideWeeks.createdAtFrom),
  async prepare(send) {
    const page999 = (await send({ ...ridesAtPage1000, body: { ...rideWeeks, pageNum: 999 } })).json();
    if (!page999.nextCursor) throw new Error(`${ridesAtPage1000.name}: page 999 gave no nextCursor (BENCH_SCALE = the dataset's scale)`);
    ridesAtPage1000.body = { ...rideWeeks, cursor: page999.nextCursor };
  },
};
/**
 * Work orders (the tickets generated by bench/generate/tables/tickets.ts): the city's tickets newest first (the
 * list's default order; tickets_city_idx), page 1 and page 1,000 as the console pages them (by number) and by cursor;
 * its open tickets, overdue first (status in the open states, dueAt ascending; tickets_open_due_idx); and the swap
 * and repair tickets' pages (one type, fixed by the resource; tickets_city_type_idx). The bare side runs what the API ran.
 */
const cityTickets = { cityCode: city.cityCode, pageSize: 20 };
const ticketsNewestFirst =
  (what: string, fits: (r: Record<string, unknown>) => boolean = () => true) =>
  (rows: Array<Record<string, unknown>>) =>
    rows.length === 20 &&
    rows.every((r, i) => r.cityCode === city.cityCode && fits(r) && (i === 0 || String(rows[i - 1]!.createdAt) >= String(r.createdAt)))
      ? undefined
      : `expected 20 ${what} of ${city.cityCode}, newest first (got ${rows.length}: ${JSON.stringify(rows[0])})`;
const ticketsAtPage1000: ListCall = {
  name: `ticket/list (ticketList), ${city.name}, page 1,000 by cursor`,
  method: 'POST',
  url: '/api/operations/ticket/list',
  body: cityTickets,
  expect: ticketsNewestFirst('tickets'),
  async prepare(send) {
    const page999 = (await send({ ...ticketsAtPage1000, body: { ...cityTickets, pageNum: 999 } })).json();
    if (!page999.nextCursor) throw new Error(`${ticketsAtPage1000.name}: page 999 gave no nextCursor`);
    ticketsAtPage1000.body = { ...cityTickets, cursor: page999.nextCursor };
  },
};
const OPEN_TICKETS = OPEN_TICKET_STATES.map(String);
const TICKET_CALLS: ListCall[] = [
  {
    name: `ticket/list (ticketList), ${city.name}, page 1`,
    method: 'POST',
    url: '/api/operations/ticket/list',
    body: cityTickets,
    expect: ticketsNewestFirst('tickets'),
  },
  {
    name: `ticket/list (ticketList), ${city.name}, page 1,000`,
    method: 'POST',
    url: '/api/operations/ticket/list',
    body: { ...cityTickets, pageNum: 1000 },
    expect: ticketsNewestFirst('tickets'),
  },
  ticketsAtPage1000,
  {
    name: `ticket/list (ticketList), ${city.name}, open, overdue first, page 1`,
    method: 'POST',
    url: '/api/operations/ticket/list',
    body: { ...cityTickets, status: OPEN_TICKETS, orderByColumn: 'dueAt', isAsc: 'asc' },
    expect: (rows) =>
      rows.length > 0 &&
      rows.every(
        (r, i) =>
          r.cityCode === city.cityCode && OPEN_TICKETS.includes(String(r.status)) && (i === 0 || String(rows[i - 1]!.dueAt) <= String(r.dueAt)),
      )
        ? undefined
        : `expected the open tickets of ${city.cityCode}, due first (got ${rows.length}: ${JSON.stringify(rows[0])})`,
  },
  {
    name: `batteryTicket/list (batteryList), ${city.name}, page 1`,
    method: 'POST',
    url: '/api/operations/ticket/battery/list',
    body: cityTickets,
    // The page shows no type column (the resource fixes it): the ticket's template tells its type.
    expect: ticketsNewestFirst('swap tickets', (r) => templateTypeOf(Number(r.templateId)) === TicketType.batterySwap),
  },
  {
    // The rarest type's page (6% of the rows): it reads tickets_city_type_idx in order, not the city's rows filtered.
    name: `repairTicket/list (repairList), ${city.name}, page 1`,
    method: 'POST',
    url: '/api/operations/ticket/repair/list',
    body: cityTickets,
    expect: ticketsNewestFirst('repair tickets', (r) => templateTypeOf(Number(r.templateId)) === TicketType.repair),
  },
];
const ALL_CALLS: ListCall[] = [
  {
    name: `rideOrder/list, ${city.name}, 7 days, page 1`,
    method: 'POST',
    url: '/api/operations/rideOrder/list',
    body: rideWeek,
    expect: ridesSince(rideWeek.createdAtFrom),
  },
  ridesAtPage1000,
  {
    name: `factoryLot/list, ${city.name}, page 1`,
    method: 'POST',
    url: '/api/operations/factoryLot/list',
    body: { cityCode: city.cityCode },
    expect: (rows) => (rows.length && rows.every((r) => r.cityCode === city.cityCode) ? undefined : `expected the lots of ${city.cityCode}`),
  },
  { name: `vehicle/list, ${city.name}, by state, page 1`, method: 'POST', url: '/api/vehicle/vehicle/list', body: byState, expect: fleetPage },
  {
    name: `vehicle/list, ${city.name}, by state, page 1,000`,
    method: 'POST',
    url: '/api/vehicle/vehicle/list',
    body: { ...byState, pageNum: 1000 },
    expect: fleetPage,
  },
  cursorAtPage1000,
  vehicleFrames,
  // Every other fleet table's list, page 1 of the city in its default order (20 rows).
  ...(
    [
      ['battery/list', '/api/operations/battery/list', { state: ['30', '40', '45'] }],
      ['station/list', '/api/merchant/station/list', { type: '2' }],
      ['zone/list', '/api/operations/zone/list', { type: '2' }],
      ['billingRule/list', '/api/operations/billingRule/list', {}],
      ['fault/list, open', '/api/vehicle/fault/list', { status: ['0'] }],
      ['batteryAcquisition/list', '/api/operations/batteryAcquisition/list', {}],
      ['alarm/list, open and acknowledged', '/api/alarm/alarm/list', {}],
      ['alarmHistory/list', '/api/alarm/history/list', {}],
      ['bikeLock/list (commands)', '/api/log/bikeLock/list', {}],
      ['moveBikeLock/list (illegal-move locks)', '/api/log/moveBikeLock/list', {}],
      ['monitoringData/list (frames)', '/api/alarm/monitoringData/list', {}],
    ] as const
  ).map(([name, url, filter]): ListCall => ({
    name: `${name}, ${city.name}, page 1`,
    method: 'POST',
    url,
    body: { cityCode: city.cityCode, pageSize: 20, ...filter },
    expect: (rows) => (rows.length && rows.every((r) => r.cityCode === city.cityCode) ? undefined : `expected rows of ${city.cityCode}`),
  })),
  {
    name: `ledgerEntry/list (Account Flow), ${city.name}, page 1`,
    method: 'POST',
    url: '/api/payment/accountFlow/list',
    body: cityFlow,
    expect: flowOfCity,
  },
  flowAtPage1000,
  walletFlow,
  {
    name: `paymentOrder/list, ${city.name}, page 1`,
    method: 'POST',
    url: '/api/payment/order/list',
    body: { cityCode: city.cityCode, pageSize: 20 },
    expect: newestFirst(`orders of ${city.cityCode}`, paymentOrderResource.idName ?? 'id', (r) => r.cityCode === city.cityCode),
  },
  {
    name: `prepaidOrder/list (IAK_list), ${city.name}, page 1`,
    method: 'POST',
    url: '/api/payment/prepaidOrder/list',
    body: { cityCode: city.cityCode, pageSize: 20 },
    expect: newestFirst(`prepaid orders of ${city.cityCode}`, prepaidOrderResource.idName ?? 'id', (r) => r.cityCode === city.cityCode),
  },
  {
    name: `plnOrder/list (PLN_order), ${city.name}, page 1`,
    method: 'POST',
    url: '/api/payment/plnOrder/list',
    body: { cityCode: city.cityCode, pageSize: 20 },
    expect: newestFirst(`PLN orders of ${city.cityCode}`, plnOrderResource.idName ?? 'id', (r) => r.cityCode === city.cityCode && r.kind === 1),
  },
  {
    name: 'invoice/list, page 1',
    method: 'POST',
    url: '/api/payment/invoice/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 20 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected 20 invoices of ${tenant.code}`),
  },
  {
    name: 'printRecord/list, page 1',
    method: 'POST',
    url: '/api/payment/printRecord/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 20 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected 20 prints of ${tenant.code}`),
  },
  {
    name: 'alarmRule/list, page 1',
    method: 'POST',
    url: '/api/alarm/rule/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 13 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected the 13 rules of ${tenant.code}`),
  },
  {
    name: 'cardRule/list, page 1',
    method: 'POST',
    url: '/api/payment/cardRule/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 5 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected the 5 passes of ${tenant.code}`),
  },
  {
    name: 'userCard/list (cardsList), page 1',
    method: 'POST',
    url: '/api/payment/userCard/list',
    body: { pageSize: 20 },
    expect: (rows) =>
      rows.length === 20 && rows.every((r, i) => r.tenantId === tenant.id && (i === 0 || String(rows[i - 1]!.createdAt) >= String(r.createdAt)))
        ? undefined
        : `expected 20 passes of ${tenant.code}, newest first`,
  },
  {
    // The coupon's detail: who holds its first coupon (the bench's first coupon id is the first tenant's first).
    name: "userCoupon/list, one coupon's holders, page 1",
    method: 'POST',
    url: '/api/payment/userCoupon/list',
    body: { couponId: 1, pageSize: 20 },
    expect: (rows) => (rows.length === 20 && rows.every((r) => r.couponId === 1) ? undefined : 'expected 20 holders of coupon 1'),
  },
  ...newestOfTenant('member/list (user_admin)', '/api/user/member/list', 'members'),
  ...newestOfTenant('swapOrder/list (stationDebitListPage)', '/api/payment/swapOrder/list', 'swaps'),
  ...TICKET_CALLS,
  ...newestOfTenant('sparePartMovement/list (sparepart)', '/api/operations/sparePartMovement/list', 'stock movements'),
  {
    name: `sparePartStock/list (sparepart), ${city.name}, below safety stock, page 1`,
    method: 'POST',
    url: '/api/operations/sparePartStock/list',
    body: { cityCode: city.cityCode, belowSafety: true, pageSize: 20 },
    expect: (rows) =>
      rows.every((r) => r.cityCode === city.cityCode && r.belowSafety === true && Number(r.qty) < Number(r.safetyStock))
        ? undefined
        : `expected the short shelves of ${city.cityCode} (got ${JSON.stringify(rows[0])})`,
  },
  ...newestOfTenant('joinApplication/list (join_list)', '/api/operations/joinApplication/list', 'join applications'),
  {
    name: 'profitShareConfig/list (profitConfiguration), page 1',
    method: 'POST',
    url: '/api/operations/profitShareConfig/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 20 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected 20 share configs of ${tenant.code}`),
  },
  // Each share with its party's name (a merchant's or a partner's, read by primary key beside the row).
  ...newestOfTenant('shareEntry/list (revenue_order_list)', '/api/operations/shareEntry/list', 'shares'),
  // Each target with what its zone holds now (a count over the zone's live vehicles, vehicle_live_status_zone_idx).
  ...newestOfTenant('zoneTarget/list (area_scheduling_list)', '/api/operations/zoneTarget/list', 'zone targets'),
  ...newestOfTenant('kycReview/list (userReview)', '/api/user/kycReview/list', 'identity checks'),
  {
    name: `kycReview/list (userReview), ${city.name}, the queue (pending), page 1`,
    method: 'POST',
    url: '/api/user/kycReview/list',
    body: { cityCode: city.cityCode, status: ['0'], pageSize: 20 },
    expect: (rows) =>
      rows.length > 0 && rows.every((r) => r.cityCode === city.cityCode && r.status === 0)
        ? undefined
        : `expected the pending checks of ${city.cityCode}`,
  },
  ...newestOfTenant('feedback/list (backFeed)', '/api/user/feedback/list', 'reports'),
  {
    name: `feedback/list (backFeed), ${city.name}, the open queue (new and in hand), page 1`,
    method: 'POST',
    url: '/api/user/feedback/list',
    body: { cityCode: city.cityCode, status: ['0', '1'], pageSize: 20 },
    expect: (rows) =>
      rows.length > 0 && rows.every((r) => r.cityCode === city.cityCode && (r.status === 0 || r.status === 1))
        ? undefined
        : `expected the open reports of ${city.cityCode}`,
  },
  {
    name: 'memberAuthLog/list (userAuthLog), page 1',
    method: 'POST',
    url: '/api/log/memberAuth/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 20 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected 20 trail rows of ${tenant.code}`),
  },
  {
    name: "memberLoginLog/list (login_log), a rider's phone, page 1",
    method: 'POST',
    url: '/api/user/loginLog/list',
    body: { phone: '+6281000000007', pageSize: 20 },
    expect: (rows) =>
      rows.every((r) => r.phone === '+6281000000007' && r.event !== 'otp.sent') ? undefined : 'expected the sign-ins of +6281000000007',
  },
  {
    name: 'memberTag/list (user_tag), page 1',
    method: 'POST',
    url: '/api/user/memberTag/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 6 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected the 6 tags of ${tenant.code}`),
  },
  // The bench's tag 5 is the first tenant's rule tag of its first city (the largest); tag 1 its VIP tag (the smallest).
  ...[5, 1].map((tagId) => ({
    name: `memberTagLink/list, the members of tag ${tagId}, newest first, page 1`,
    method: 'POST' as const,
    url: '/api/user/memberTagLink/list',
    body: { tagId, pageSize: 20 },
    expect: (rows: Array<Record<string, unknown>>) =>
      rows.length === 20 && rows.every((r) => r.tagId === tagId) ? undefined : `expected 20 members of tag ${tagId}`,
  })),
  {
    name: "memberTagLink/list, a member's tags (the member's detail)",
    method: 'POST',
    url: '/api/user/memberTagLink/list',
    body: { memberId: 7, pageSize: 20 },
    expect: (rows) => (rows.every((r) => r.memberId === 7) ? undefined : 'expected the tags of member 7'),
  },
  {
    name: 'memberLevel/list (member_level), page 1',
    method: 'POST',
    url: '/api/user/memberLevel/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 4 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected the 4 levels of ${tenant.code}`),
  },
  {
    name: 'levelPointRule/list (member_level_integral), page 1',
    method: 'POST',
    url: '/api/user/levelPointRule/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 4 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected the 4 rules of ${tenant.code}`),
  },
  {
    name: 'levelBenefit/list (level_benefits), page 1',
    method: 'POST',
    url: '/api/user/levelBenefit/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 7 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected the 7 benefits of ${tenant.code}`),
  },
  {
    name: 'messageTemplate/list (templateList), page 1',
    method: 'POST',
    url: '/api/user/messageTemplate/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 5 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected the 5 templates of ${tenant.code}`),
  },
  // The merchant centre (docs/merchants.md): a city's merchants, applications and people newest first, and a
  // merchant's detail (its people and the sites it hosts; merchant 1 is the first city's first host).
  ...(
    [
      ['merchant/list (merchant)', '/api/merchant/merchant/list', 'merchants'],
      ['merchantApplication/list (application)', '/api/merchant/application/list', 'applications'],
      ['merchantStaff/list (staff)', '/api/merchant/staff/list', 'people'],
    ] as const
  ).map(([name, url, what]) => ({
    name: `${name}, ${city.name}, newest first, page 1`,
    method: 'POST' as const,
    url,
    body: { cityCode: city.cityCode, pageSize: 20 },
    expect: (rows: Array<Record<string, unknown>>) =>
      rows.length > 0 && rows.every((r, i) => r.cityCode === city.cityCode && (i === 0 || String(rows[i - 1]!.createdAt) >= String(r.createdAt)))
        ? undefined
        : `expected the ${what} of ${city.cityCode}, newest first`,
  })),
  ...(
    [
      ['merchantStaff/list', '/api/merchant/staff/list', 'people'],
      ['station/list', '/api/merchant/station/list', 'sites'],
    ] as const
  ).map(([name, url, what]) => ({
    name: `${name}, the ${what} of merchant 1 (its detail)`,
    method: 'POST' as const,
    url,
    body: { merchantId: 1, pageSize: 20 },
    expect: (rows: Array<Record<string, unknown>>) =>
      rows.length > 0 && rows.every((r) => r.merchantId === 1) ? undefined : `expected the ${what} of merchant 1`,
  })),
  {
    name: 'pointLedger/list (integral_history), newest first, page 1',
    method: 'POST',
    url: '/api/user/pointLedger/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 20 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected 20 awards of ${tenant.code}`),
  },
  // A rider found by phone (memberPhone.ts): the rides, passes and coupons customer service reads first.
  ...(
    [
      ['rideOrder/list (orderList)', '/api/operations/rideOrder/list'],
      ['userCard/list (cardsList)', '/api/payment/userCard/list'],
      ['userCoupon/list', '/api/payment/userCoupon/list'],
    ] as const
  ).map(([what, url]) => ({
    name: `${what}, a rider's phone, page 1`,
    method: 'POST' as const,
    url,
    body: { memberPhone: '+6281000000007', pageSize: 20 },
    expect: (rows: Array<Record<string, unknown>>) =>
      rows.every((r) => r.memberPhone === '+6281000000007') ? undefined : 'expected the rows of +6281000000007',
  })),
  {
    name: "pointLedger/list, a rider's phone, page 1",
    method: 'POST',
    url: '/api/user/pointLedger/list',
    body: { memberPhone: '+6281000000007', pageSize: 20 },
    expect: (rows) => (rows.every((r) => r.memberPhone === '+6281000000007') ? undefined : 'expected the awards of +6281000000007'),
  },
  {
    name: 'partnerAgency/list, page 1',
    method: 'POST',
    url: '/api/operations/partnerAgency/list',
    body: { pageSize: 20 },
    expect: (rows) => (rows.length === 6 && rows.every((r) => r.tenantId === tenant.id) ? undefined : `expected the 6 partners of ${tenant.code}`),
  },
];
const CALLS = ALL_CALLS.filter((c) => !process.env.BENCH_ONLY || c.name.includes(process.env.BENCH_ONLY));

const database = await openDatabase({ url: URL_ });
// A migration since the load applies here; one the generated rows cannot take fails here, loudly: generate again.
await database.migrate();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kayuh-bench-lists-'));
const { app } = await buildApp({
  config: { ...loadConfig({}), dataDir, rateLimits: false, fieldKey: BENCH_FIELD_KEY },
  database,
  logger: false,
}).catch(async (err) => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw err;
});
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (app.server.address() as { port: number }).port;
  const login = (
    await app.inject({ method: 'POST', url: '/api/system/sso/login', payload: { username: adminUserName(tenant.prefix), password: BENCH_PASSWORD } })
  ).json();
  if (login.code !== 1000) throw new Error(`signing in as ${adminUserName(tenant.prefix)}: ${JSON.stringify(login)} (is the dataset loaded?)`);
  const headers = { token: login.data.token, userid: String(login.data.userId) };
  const send = (call: Call) => app.inject({ method: call.method, url: call.url, headers, ...(call.body ? { payload: call.body as object } : {}) });

  const statements = [];
  for (const call of CALLS) {
    await call.prepare?.(send);
    const answer = (await send(call)).json();
    const wrong = answer.code !== 1000 ? JSON.stringify(answer) : call.expect(answer.rows);
    if (wrong) throw new Error(`${call.name}: ${wrong}`);
    statements.push(await handlerStatements(database, () => send(call)));
    // BENCH_SQL=1 shows what the bare side runs (to EXPLAIN it).
    if (process.env.BENCH_SQL) for (const s of statements.at(-1)!) console.log(`${call.name}: ${s.text} -- ${JSON.stringify(s.params)}`);
  }
  const bare = await bareServer(database, statements);
  for (const [i, call] of CALLS.entries()) {
    const opts = { seconds: SECONDS, concurrency: CONCURRENCY };
    const api = await load(apiPort, call, headers, opts);
    const raw = await load(bare.port, { name: call.name, method: 'GET', url: `/${i}` }, {}, opts);
    const ms = (x: number) => x.toFixed(1).padStart(5);
    console.log(
      `${call.name.padEnd(52)} API ${api.rps.toFixed(0).padStart(5)} req/s p50 ${ms(api.p50)} ms p95 ${ms(api.p95)} ms · ` +
        `bare ${raw.rps.toFixed(0).padStart(5)} req/s p50 ${ms(raw.p50)} ms p95 ${ms(raw.p95)} ms · ` +
        `API/bare ${(api.rps / raw.rps).toFixed(2)}× (${statements[i]!.length} statements)`,
    );
  }
  bare.close();
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
