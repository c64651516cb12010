import type { ResourceDef } from './types.ts';

/** settlements / profit_share_configs / profit_share_entries.party_type (DOMAIN §2.7). */
export const PartyType = { merchant: 1, partnerAgency: 2, investor: 3 } as const;
/** The partner kind a party type's partner is (partner_agencies.kind): an agent's shares, an investor's. */
export const PARTNER_KIND_OF_PARTY: Readonly<Record<number, number>> = { [PartyType.partnerAgency]: 1, [PartyType.investor]: 2 };
/** The revenue a share is taken of: what an order sells (§4.4's sources: rides, swaps, rentals, passes). */
export const SHARED_REVENUE_TYPES = ['RIDE', 'SWAP', 'RENTAL', 'CARD'] as const;
/** A whole order, in basis points: the shares of one revenue type, city and day never add up to more. */
export const SHARE_BP_MAX = 10_000;

/** One config as the share rule reads it. */
export interface ShareConfigSpan {
  partyType: number;
  cityCode: number | null;
  shareBp: number;
  validFrom: string;
  validTo: string | null;
}

/**
 * DOMAIN §2.7: for one revenue type, city and day, the active shares add up to at most SHARE_BP_MAX. One order pays
 * one party of each type (the hosting merchant, the city's agent, the asset's investor), so of a type's configs that
 * hold on a day only the largest counts. Answers the largest sum found, with the city and day it is reached on.
 * The sum changes only where a config starts, so those days (each in every city concerned) are the ones to try.
 */
export function heaviestShareDay(configs: readonly ShareConfigSpan[]): { bp: number; cityCode: number | null; day: string } | null {
  const cities = [...new Set(configs.map((c) => c.cityCode).filter((c): c is number => c !== null))];
  const places = cities.length ? cities : [null];
  let heaviest: { bp: number; cityCode: number | null; day: string } | null = null;
  for (const day of new Set(configs.map((c) => c.validFrom))) {
    for (const cityCode of places) {
      const byType = new Map<number, number>();
      for (const c of configs) {
        const holds = c.validFrom <= day && (c.validTo === null || day <= c.validTo) && (c.cityCode === null || c.cityCode === cityCode);
        if (holds) byType.set(c.partyType, Math.max(byType.get(c.partyType) ?? 0, c.shareBp));
      }
      const bp = [...byType.values()].reduce((a, b) => a + b, 0);
      if (!heaviest || bp > heaviest.bp) heaviest = { bp, cityCode, day };
    }
  }
  return heaviest;
}

/**
 * Profit share configs (/operations/profitConfiguration, DOMAIN §2.7, §4.4; docs/profit-sharing.md): who gets what
 * share of each revenue type — the merchant hosting the site, the city's operating agent, the investor owning the
 * asset — in basis points of a basis (gross, net of refunds, net of refunds and the channel's fee), in a city (or every
 * city), from a day (to a day). Without a partner it is the default for its party type; a partner's own config, or a
 * higher priority, takes its place. The shares of one revenue type, city and day never exceed the whole order.
 */
export const profitShareConfigResource: ResourceDef = {
  key: 'profitShareConfig',
  module: 'operations',
  page: 'profitConfiguration',
  api: '/operations/profitShareConfig',
  idName: 'configId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'validFrom', order: 'desc' },
  titleField: 'revenueType',
  fields: [
    { name: 'revenueType', type: 'dict', dict: 'profit_share_configs_revenue_type', required: true, list: true, filter: 'eq', example: 'SWAP' },
    { name: 'partyType', type: 'dict', dict: 'profit_share_configs_party_type', required: true, list: true, filter: 'eq', example: '1' },
    {
      name: 'partyId',
      type: 'ref',
      ref: { resource: 'partnerAgency', labelField: 'name' },
      list: true,
      filter: 'eq',
      hint: 'field.profitShareConfig.partyId.hint',
    },
    {
      name: 'cityCode',
      type: 'ref',
      ref: { resource: 'city', labelField: 'cityInName' },
      list: true,
      hint: 'field.profitShareConfig.cityCode.hint',
      example: 2001,
    },
    {
      name: 'shareBp',
      type: 'int',
      required: true,
      min: 1,
      max: SHARE_BP_MAX,
      list: true,
      sortable: true,
      hint: 'field.profitShareConfig.shareBp.hint',
      example: 1500,
    },
    { name: 'basis', type: 'dict', dict: 'profit_share_configs_basis', required: true, defaultValue: '1', list: true, example: '1' },
    { name: 'validFrom', type: 'date', required: true, list: true, sortable: true, example: '2026-12-01' },
    { name: 'validTo', type: 'date', list: true, hint: 'field.profitShareConfig.validTo.hint' },
    { name: 'priority', type: 'int', min: 0, max: 100, defaultValue: 0, list: 'hidden', hint: 'field.profitShareConfig.priority.hint' },
    { name: 'status', type: 'dict', dict: 'profit_share_configs_status', defaultValue: '0', list: true, filter: 'eq', example: '0' },
    { name: 'remark', type: 'textarea', max: 300, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
};
