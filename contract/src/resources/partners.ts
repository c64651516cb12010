import { ApplicationStatus, NPWP, PHONE } from './merchants.ts';
import type { FieldDef, ResourceDef } from './types.ts';

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

/** Most vehicles or batteries a join application may plan, and the most it may plan to invest (Rp 100 billion). */
export const JOIN_PLANNED_UNITS_MAX = 100_000;
export const JOIN_PLANNED_INVESTMENT_MAX = 100_000_000_000;

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });

/**
 * Partner agencies (DOMAIN §2.2, /operations/partner_agency): agents, investors and contractors, and their cities.
 * Each has its payable account (PARTNER_PAYABLE, opened with it: shares accrue there, payouts leave from it) and the
 * bank account payouts go to, sealed and shown masked.
 */
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
    { name: 'phone', type: 'text', required: true, max: 16, pattern: PHONE, list: true, filter: 'like', example: '+6281255501234' },
    { name: 'email', type: 'text', max: 100, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', list: 'hidden' },
    { name: 'npwp', type: 'text', max: 25, pattern: NPWP, list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'partner_agencies_status', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'contractEndOn', type: 'date', list: true, sortable: true },
    shown({ name: 'payable', type: 'money', serverOnly: true, computed: true, hint: 'field.partnerAgency.payable.hint', list: true }),
    // The payable account's, so its money reads in it.
    shown({ name: 'currency', type: 'text', serverOnly: true, computed: true, list: false }),
    { name: 'bankName', type: 'text', max: 60, list: 'hidden', example: 'BCA' },
    // Sealed when sent (never answered); the list shows its last digits.
    { name: 'bankAccount', type: 'text', virtual: true, min: 6, max: 20, pattern: '^[0-9]{6,20}$', list: false, example: '1234567890' },
    shown({ name: 'bankAccountMasked', type: 'text', serverOnly: true, list: 'hidden' }),
    { name: 'accountHolder', type: 'text', max: 100, list: 'hidden', example: 'PT Investa Energi' },
    shown({ name: 'accountId', type: 'ref', ref: { resource: 'account', labelField: 'accountNo' }, serverOnly: true, list: 'hidden' }),
    shown({
      name: 'applicationId',
      type: 'ref',
      ref: { resource: 'joinApplication', labelField: 'applicationNo' },
      serverOnly: true,
      list: 'hidden',
    }),
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
 * Join applications (/operations/join_list, DOMAIN §2.2, §3.6; docs/partners.md): someone who would run the operator's
 * bikes in an area as its agent, invest in its fleet or take on its maintenance asks from the rider app. Operations
 * picks one up, then approves it — which makes the partner agency, with its payable account, in the same transaction —
 * or rejects it with a reason; the applicant may withdraw it until it is decided.
 */
export const joinApplicationResource: ResourceDef = {
  key: 'joinApplication',
  module: 'operations',
  page: 'join_list',
  api: '/operations/joinApplication',
  idName: 'applicationId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['remove', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'applicationNo',
  fields: [
    shown({ name: 'applicationNo', type: 'text', serverOnly: true, list: true, filter: 'eq', sortable: true }),
    shown({ name: 'kind', type: 'dict', dict: 'join_applications_kind', serverOnly: true, list: true, filter: 'eq' }),
    shown({ name: 'applicantName', type: 'text', serverOnly: true, list: true, filter: 'like' }),
    shown({ name: 'phone', type: 'text', serverOnly: true, list: true, filter: 'eq', pattern: PHONE }),
    shown({ name: 'company', type: 'text', serverOnly: true, list: true, filter: 'like' }),
    shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, serverOnly: true, list: true }),
    shown({ name: 'status', type: 'dict', dict: 'join_applications_status', serverOnly: true, list: true, filter: 'in' }),
    shown({ name: 'plannedVehicles', type: 'int', serverOnly: true, list: true }),
    shown({ name: 'plannedBatteries', type: 'int', serverOnly: true, list: 'hidden' }),
    shown({ name: 'plannedInvestment', type: 'money', serverOnly: true, list: true }),
    shown({ name: 'currency', type: 'text', serverOnly: true, list: false }),
    shown({ name: 'reviewerId', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, serverOnly: true, list: 'hidden' }),
    shown({ name: 'reviewedAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
    shown({ name: 'rejectReason', type: 'textarea', serverOnly: true, list: 'hidden' }),
    shown({ name: 'partnerId', type: 'ref', ref: { resource: 'partnerAgency', labelField: 'name' }, serverOnly: true, list: 'hidden', filter: 'eq' }),
    shown({ name: 'createdAt', type: 'datetime', serverOnly: true, list: true, sortable: true, filter: 'range' }),
  ],
  transitions: [
    {
      name: 'pickUpApplication',
      field: 'status',
      from: states(ApplicationStatus.submitted),
      to: String(ApplicationStatus.underReview),
      action: 'audit',
    },
    {
      name: 'approveApplication',
      field: 'status',
      from: states(ApplicationStatus.underReview),
      to: String(ApplicationStatus.approved),
      action: 'audit',
      confirm: true,
    },
    {
      name: 'rejectApplication',
      field: 'status',
      from: states(ApplicationStatus.underReview),
      to: String(ApplicationStatus.rejected),
      action: 'audit',
      payload: [{ name: 'rejectReason', type: 'textarea', required: true, min: 5, max: 500, label: 'field.joinApplication.rejectReason' }],
    },
    {
      name: 'withdrawApplication',
      field: 'status',
      from: states(ApplicationStatus.submitted, ApplicationStatus.underReview),
      to: String(ApplicationStatus.withdrawn),
      action: 'audit',
      actors: ['staff', 'member'],
      confirm: true,
    },
  ],
};

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
