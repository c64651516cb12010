import type { FieldDef, ResourceDef } from './types.ts';

/** swap_orders.status (DOMAIN §2.5): a swap under way is 0 or 1; one per member and per cabinet at a time. */
export const SwapStatus = { initiated: 0, oldBatteryIn: 1, completed: 2, failed: 3, cancelled: 4 } as const;
export const OPEN_SWAP_STATES = [SwapStatus.initiated, SwapStatus.oldBatteryIn] as const;
/** swap_orders.fail_reason. */
export const SwapFailReason = { doorFault: 1, batteryCheckFailed: 2, timeout: 3, noFullBattery: 4, notSubscribed: 5 } as const;
/** swap_orders.channel. */
export const SwapChannel = { appScan: 1, ble: 2, offlineCode: 3, console: 4 } as const;
/** cabinet_slots.state (DOMAIN §6). */
export const SlotState = { empty: 0, charging: 1, full: 2, fault: 3, disabled: 4 } as const;
/** The ledger's name for a swap (ledger_transactions.biz_type). */
export const SWAP_ORDER_BIZ = 'swap_order';

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });

/**
 * Swaps (/payment_main/station_debit/stationDebitListPage, DOMAIN §2.5 swap_orders): each battery swap debited at a
 * cabinet, with what paid it — the member's swap plan (user_card_id, no posting) or the cabinet's fee from the wallet
 * (Dr WALLET / Cr REV_SWAP). Made by the rider app and the cabinet (docs/swaps.md), never here. Ever growing (3 M at
 * scale): newest first by cursor, never counted in full.
 */
export const swapOrderResource: ResourceDef = {
  key: 'swapOrder',
  module: 'payment',
  page: 'stationDebitListPage',
  api: '/payment/swapOrder',
  idName: 'swapOrderId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['export'],
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'orderNo',
  fields: [
    shown({ name: 'orderNo', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'status', type: 'dict', dict: 'swap_orders_status', list: true, filter: 'in' }),
    shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, list: 'hidden' }),
    shown({ name: 'memberPhone', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'stationId', type: 'ref', ref: { resource: 'station', labelField: 'name' }, list: true, filter: 'eq' }),
    shown({ name: 'channel', type: 'dict', dict: 'swap_orders_channel', list: 'hidden', filter: 'eq' }),
    shown({ name: 'startedAt', type: 'datetime', list: true }),
    shown({ name: 'finishedAt', type: 'datetime', list: true }),
    shown({ name: 'oldBatterySn', type: 'text', serverOnly: true, computed: true, list: true }),
    shown({ name: 'oldSoc', type: 'int', list: true }),
    shown({ name: 'newBatterySn', type: 'text', serverOnly: true, computed: true, list: true }),
    shown({ name: 'newSoc', type: 'int', list: true }),
    shown({ name: 'slotIn', type: 'int', list: 'hidden' }),
    shown({ name: 'slotOut', type: 'int', list: 'hidden' }),
    shown({ name: 'userCardId', type: 'int', list: 'hidden' }),
    shown({ name: 'fee', type: 'money', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    shown({ name: 'failReason', type: 'dict', dict: 'swap_orders_fail_reason', list: true, filter: 'eq' }),
    shown({ name: 'createdAt', type: 'datetime', list: 'hidden', sortable: true, filter: 'range' }),
    // The member, for the member's detail to list these by; not a list column (the phone is one).
    shown({ name: 'memberId', type: 'ref', ref: { resource: 'member', labelField: 'phone' }, list: false, filter: 'eq' }),
  ],
  related: [{ resource: 'ledgerEntry', field: 'swapOrderId', title: 'related.swapOrder.entries' }],
};
