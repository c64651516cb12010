import type { ResourceDef } from './types.ts';

/** partner_agencies.kind (DOMAIN §2.2). */
export const PartnerKind = { operatingAgent: 1, investor: 2, contractor: 3 } as const;
/** vehicles / batteries owner_type (DOMAIN §2.1): the operator's own, an investor's, or an operating agent's. */
export const OwnerType = { operator: 1, investor: 2, partner: 3 } as const;
/** Whose an asset a partner holds is: an investor's, or an operating agent's (a partner's); no other kind owns one. */
export const OWNER_TYPE_OF_KIND: Readonly<Record<number, number>> = {
  [PartnerKind.investor]: OwnerType.investor,
  [PartnerKind.operatingAgent]: OwnerType.partner,
};
/** battery_acquisitions.status (DOMAIN §2.1). */
export const AcquisitionStatus = { ordered: 0, paid: 1, delivered: 2, cancelled: 3 } as const;
/** Most serial numbers one delivery links: a contract's batteries, scanned in one go. */
export const ACQUISITION_QUANTITY_MAX = 5_000;

/** Partner agencies (DOMAIN §2.2, /operations/partner_agency): agents, investors and contractors, and their cities. */
export const partnerAgencyResource: ResourceDef = {
  key: 'partnerAgency',
  module: 'operations',
  page: 'partner_agency',
  api: '/operations/partnerAgency',
  idName: 'partnerId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'name', order: 'asc' },
  titleField: 'name',
  fields: [
    { name: 'name', type: 'text', required: true, max: 100, unique: true, list: true, filter: 'like', sortable: true, example: 'PT Investa Energi' },
    { name: 'kind', type: 'dict', dict: 'partner_agencies_kind', required: true, list: true, filter: 'eq', example: '2' },
    { name: 'cityCodes', type: 'idList', ref: { resource: 'city', labelField: 'cityInName' }, required: true, list: true, span: 24, example: [2001] },
    { name: 'contactName', type: 'text', required: true, max: 60, list: true, example: 'Rina Kusuma' },
    { name: 'phone', type: 'text', required: true, max: 16, pattern: '^\\+[1-9][0-9]{6,14}$', list: true, filter: 'like', example: '+6281255501234' },
    { name: 'email', type: 'text', max: 100, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', list: 'hidden' },
    { name: 'npwp', type: 'text', max: 25, pattern: '^[0-9.-]{15,25}$', list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'partner_agencies_status', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'contractEndOn', type: 'date', list: true, sortable: true },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
  related: [
    { resource: 'batteryAcquisition', field: 'partnerId', title: 'related.partnerAgency.acquisitions' },
    { resource: 'vehicle', field: 'ownerPartnerId', title: 'related.partnerAgency.vehicles' },
  ],
};

const states = (...codes: number[]) => codes.map(String);

/**
 * Batteries bought by investors and partners (DOMAIN §2.1, /operations/acquired_batteries): ordered, paid, then
 * delivered, when the batteries the contract buys are named by their serial numbers and become the buyer's.
 */
export const batteryAcquisitionResource: ResourceDef = {
  key: 'batteryAcquisition',
  module: 'operations',
  page: 'acquired_batteries',
  api: '/operations/batteryAcquisition',
  idName: 'acquisitionId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'contractNo',
  fields: [
    {
      name: 'contractNo',
      type: 'text',
      required: true,
      max: 40,
      pattern: '^[A-Z0-9][A-Z0-9/-]*$',
      unique: true,
      list: true,
      filter: 'like',
      sortable: true,
      example: 'INV-2026-014',
    },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, required: true, list: true, example: 2001 },
    { name: 'partnerId', type: 'ref', ref: { resource: 'partnerAgency', labelField: 'name' }, required: true, list: true, filter: 'eq', example: 1 },
    {
      name: 'modelId',
      type: 'ref',
      ref: { resource: 'productModel', labelField: 'name', query: { kind: '2' } },
      required: true,
      list: true,
      filter: 'eq',
      example: 1,
    },
    { name: 'factoryLotId', type: 'ref', ref: { resource: 'factoryLot', labelField: 'lotNo', query: { kind: '2' } }, list: 'hidden' },
    { name: 'quantity', type: 'int', required: true, min: 1, max: ACQUISITION_QUANTITY_MAX, list: true, sortable: true, example: 50 },
    { name: 'unitPrice', type: 'money', required: true, min: 1, list: true, example: 3_500_000 },
    { name: 'currency', type: 'text', min: 3, max: 3, pattern: '^[A-Z]{3}$', required: true, defaultValue: 'IDR', list: 'hidden' },
    // quantity × unitPrice, kept by the server.
    { name: 'total', type: 'money', serverOnly: true, list: true, sortable: true },
    { name: 'shareStartOn', type: 'date', list: 'hidden' },
    { name: 'shareMonths', type: 'int', min: 1, max: 120, list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'battery_acquisitions_status', form: false, defaultValue: '0', list: true, filter: 'eq', sortable: true },
    { name: 'deliveredAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: true, sortable: true },
  ],
  transitions: [
    { name: 'markPaid', field: 'status', from: states(0), to: '1', action: 'edit', confirm: true },
    {
      name: 'deliver',
      field: 'status',
      from: states(1),
      to: '2',
      action: 'edit',
      payload: [
        {
          name: 'batterySns',
          type: 'textarea',
          required: true,
          max: ACQUISITION_QUANTITY_MAX * 41,
          hint: 'field.batteryAcquisition.batterySns.hint',
          example: 'VC48-2001-00001\nVC48-2001-00002',
        },
      ],
    },
    {
      name: 'cancel',
      field: 'status',
      from: states(0, 1),
      to: '3',
      action: 'edit',
      payload: [{ name: 'reason', type: 'textarea', required: true, max: 300, label: 'field.vehicle.reason' }],
    },
  ],
  related: [{ resource: 'battery', field: 'acquisitionId', title: 'related.batteryAcquisition.batteries' }],
};
