import { SHARE_BP_MAX } from './profitShares.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/** profit_share_entries.status (DOMAIN §2.7). */
export const ShareEntryStatus = { accrued: 0, settled: 1, reversed: 2 } as const;
/** profit_share_entries.basis: a config's basis, kept on what it earned (a refund reverses only net bases). */
export const ShareBasis = { gross: 1, netOfRefunds: 2, netOfRefundsAndFee: 3 } as const;
/** What a share was earned on: a paid order, or a refund of one (its negative entries). */
export const ShareSource = { ride: 'ride', swap: 'swap', rental: 'rental', card: 'card', refund: 'refund' } as const;
/** The ledger's name for a party's daily share accrual (ledger_transactions.biz_type, with the party's id). */
export const SHARE_ACCRUAL_BIZ = { merchant: 'merchant', partner: 'partner_agency' } as const;

/**
 * A share of `base` at `bp` basis points, rounded half away from zero (DOMAIN §0.3 half up, §4.4): a refund's negative
 * share is the mirror of the share of the same amount. Exact for any money column (bigint arithmetic).
 */
export function shareOf(base: number, bp: number): number {
  const magnitude = (BigInt(Math.abs(base)) * BigInt(bp) * 2n + BigInt(SHARE_BP_MAX)) / BigInt(2 * SHARE_BP_MAX);
  return Number(base < 0 ? -magnitude : magnitude);
}

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });

/**
 * Revenue orders' shares (/operations/revenue_order_list, DOMAIN §2.7 profit_share_entries; docs/profit-sharing.md):
 * each share a paid ride, swap or pass earned a party — the hosting merchant, the city's agent, the asset's investor —
 * and the negative shares its refunds took back. One row per order and party; an order's shares read together by its
 * number. Written by the payment, never here; only its status and settlement change later.
 */
export const shareEntryResource: ResourceDef = {
  key: 'shareEntry',
  module: 'operations',
  page: 'revenue_order_list',
  api: '/operations/shareEntry',
  idName: 'entryId',
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
    shown({ name: 'sourceType', type: 'dict', dict: 'profit_share_entries_source_type', list: true, filter: 'eq' }),
    shown({ name: 'revenueType', type: 'dict', dict: 'profit_share_entries_revenue_type', list: 'hidden', filter: 'eq' }),
    shown({ name: 'revenueDate', type: 'date', list: true, filter: 'range' }),
    shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, list: 'hidden' }),
    shown({ name: 'partyType', type: 'dict', dict: 'profit_share_entries_party_type', list: true, filter: 'eq' }),
    shown({ name: 'partyName', type: 'text', serverOnly: true, computed: true, list: true }),
    shown({ name: 'base', type: 'money', list: true }),
    shown({ name: 'shareBp', type: 'int', list: true }),
    shown({ name: 'share', type: 'money', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
    shown({ name: 'status', type: 'dict', dict: 'profit_share_entries_status', list: true, filter: 'eq' }),
    shown({ name: 'createdAt', type: 'datetime', list: 'hidden', sortable: true, filter: 'range' }),
    // The party, for a partner's or merchant's detail to list its shares by.
    shown({ name: 'partyId', type: 'int', list: false, filter: 'eq' }),
  ],
};
