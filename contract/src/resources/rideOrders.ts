import { REFUND_PAYLOAD } from './paymentOrders.ts';
import type { FieldDef, ResourceDef, TransitionDef } from './types.ts';

/** ride_orders.status (DOMAIN §3.4). A partial refund keeps 4 and raises `refunded`. */
export const RideStatus = { reserved: 0, riding: 1, paused: 2, ended: 3, paid: 4, refunded: 5, abnormal: 6, cancelled: 7 } as const;
/** The states of a ride still under way: one per vehicle and one per member at a time. */
export const ACTIVE_RIDE_STATES = [RideStatus.reserved, RideStatus.riding, RideStatus.paused] as const;
/** ride_orders.end_source. */
export const RideEndSource = { rider: 1, console: 2, systemTimeout: 3, deviceLock: 4 } as const;
/** ride_orders.abnormal_reason. */
export const RideAbnormal = { notLocked: 1, outOfArea: 2, gpsLost: 3, overMaxDuration: 4, paymentFailed: 5, deviceOffline: 6 } as const;
/** ride_orders.pay_method. */
export const RidePayMethod = { wallet: 1, qris: 2, eWallet: 3, passOnly: 4, free: 5 } as const;
/** The ledger's and the command log's name for a ride (ledger_transactions.biz_type, iot_commands.ref_type). */
export const RIDE_ORDER_BIZ = 'ride_order';

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });
const money = (name: string, list: FieldDef['list'] = 'hidden'): FieldDef => shown({ name, type: 'money', list });
const S = (s: number) => String(s);
const reason: FieldDef = { name: 'note', type: 'textarea', required: true, max: 300, label: 'field.rideOrder.note', span: 24 };

/**
 * Customer service's hand on a ride (DOMAIN §3.4): end a ride stuck under way (end_source console, at the vehicle's
 * last position: abnormal when it is outside the service area or the lock is not acked), resolve an abnormal one —
 * its end position and fare corrected, with the reason — which prices and pays it, and refund a paid one in part or
 * in full to the member's balances, through the refund machine (DOMAIN §3.8: approved by someone whose limit covers it).
 */
const transitions: TransitionDef[] = [
  {
    name: 'forceEnd',
    field: 'status',
    from: [S(RideStatus.riding), S(RideStatus.paused)],
    to: S(RideStatus.paid),
    action: 'resolve',
    payload: [reason],
  },
  {
    name: 'resolveRide',
    field: 'status',
    from: [S(RideStatus.abnormal)],
    to: S(RideStatus.paid),
    action: 'resolve',
    payload: [
      { name: 'endLat', type: 'decimal', min: -90, max: 90, label: 'field.rideOrder.endLat', hint: 'field.rideOrder.resolveEnd.hint' },
      { name: 'endLng', type: 'decimal', min: -180, max: 180, label: 'field.rideOrder.endLng' },
      { name: 'rideMinutes', type: 'int', min: 0, max: 10_080, label: 'field.rideOrder.rideMinutes', hint: 'field.rideOrder.rideMinutes.hint' },
      { name: 'waivePenalty', type: 'bool', label: 'field.rideOrder.waivePenalty' },
      reason,
    ],
  },
  {
    name: 'refundRide',
    field: 'status',
    from: [S(RideStatus.paid)],
    to: S(RideStatus.paid),
    action: 'refund',
    // A ride's refund goes to the member's balances: no destination to pick.
    payload: [REFUND_PAYLOAD.amount, { ...REFUND_PAYLOAD.reason, example: '1' }, REFUND_PAYLOAD.note],
  },
];

/**
 * Rides (/operations/orderList, DOMAIN §2.5 ride_orders): searched by order, member, vehicle and time; the detail
 * holds the fare's breakdown, the ledger postings and the lock and unlock commands. Rides are made by the rider app
 * (docs/rides.md), never added here. Ever growing (10 M at scale): newest first by cursor, never counted in full.
 */
export const rideOrderResource: ResourceDef = {
  key: 'rideOrder',
  module: 'operations',
  page: 'orderList',
  api: '/operations/rideOrder',
  idName: 'rideOrderId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['export'],
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'orderNo',
  fields: [
    shown({ name: 'orderNo', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'status', type: 'dict', dict: 'ride_orders_status', list: true, filter: 'in' }),
    shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, list: 'hidden' }),
    // Searched by the member's phone and the vehicle's number, as customer service hears them; the ids are for links.
    shown({ name: 'memberPhone', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'vehicleNo', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'startAt', type: 'datetime', list: true }),
    shown({ name: 'endAt', type: 'datetime', list: true }),
    shown({ name: 'durationS', type: 'int', list: true }),
    shown({ name: 'pausedS', type: 'int', list: 'hidden' }),
    shown({ name: 'distanceM', type: 'int', list: 'hidden' }),
    money('payable', true),
    money('paid', true),
    money('refunded'),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    shown({ name: 'payMethod', type: 'dict', dict: 'ride_orders_pay_method', list: 'hidden', filter: 'eq' }),
    shown({ name: 'abnormalReason', type: 'dict', dict: 'ride_orders_abnormal_reason', list: true, filter: 'eq' }),
    shown({ name: 'endSource', type: 'dict', dict: 'ride_orders_end_source', list: 'hidden' }),
    money('unlockFee'),
    money('timeFee'),
    money('pauseFee'),
    money('capDiscount'),
    money('penaltyFee'),
    money('cardDiscount'),
    money('levelDiscount'),
    money('couponDiscount'),
    shown({ name: 'billingRuleId', type: 'ref', ref: { resource: 'billingRule', labelField: 'name' }, list: 'hidden' }),
    shown({ name: 'startLat', type: 'decimal', list: 'hidden' }),
    shown({ name: 'startLng', type: 'decimal', list: 'hidden' }),
    shown({ name: 'endLat', type: 'decimal', list: 'hidden' }),
    shown({ name: 'endLng', type: 'decimal', list: 'hidden' }),
    shown({ name: 'endInArea', type: 'bool', list: 'hidden' }),
    // Plain ids, not pickers: the list reads no label it does not show (bench:lists; the vehicle's number is vehicleNo).
    shown({ name: 'endZoneId', type: 'int', list: 'hidden' }),
    shown({ name: 'rating', type: 'int', list: 'hidden' }),
    shown({ name: 'remark', type: 'text', list: 'hidden' }),
    shown({ name: 'createdAt', type: 'datetime', list: 'hidden', sortable: true, filter: 'range' }),
    // The member, for the member's detail to list these by; not a list column (the phone is one).
    shown({ name: 'memberId', type: 'ref', ref: { resource: 'member', labelField: 'phone' }, list: false, filter: 'eq' }),
    shown({ name: 'vehicleId', type: 'int', list: 'hidden', filter: 'eq' }),
  ],
  transitions,
  related: [
    { resource: 'refund', field: 'rideOrderId', title: 'related.rideOrder.refunds' },
    { resource: 'ledgerEntry', field: 'rideOrderId', title: 'related.rideOrder.entries' },
    { resource: 'bikeLockLog', field: 'rideOrderId', title: 'related.rideOrder.commands' },
  ],
};
