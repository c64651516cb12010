import type { FieldDef, ResourceDef } from './types.ts';

/** merchant_applications.status and join_applications.status (DOMAIN §3.6). */
export const ApplicationStatus = { submitted: 0, underReview: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;
/** merchants.status (DOMAIN §2.4). */
export const MerchantStatus = { active: 0, suspended: 1, closed: 2 } as const;
/** merchant_staff.role. */
export const MerchantStaffRole = { owner: 1, manager: 2, cashier: 3, technician: 4 } as const;
/** merchant_staff.status. */
export const MerchantStaffStatus = { active: 0, disabled: 1 } as const;

/**
 * DOMAIN §3.6: an applicant planning more sites than this is approved by the tenant admin (the holder of
 * merchant:application:approve), not by a merchant manager who only reviews (merchant:application:audit).
 */
export const MERCHANT_SITES_FOR_ADMIN = 5;
/** Most sites one application may plan: a larger chain signs a contract, not a form. */
export const MERCHANT_PLANNED_SITES_MAX = 500;

/** What staff see of a bank account number: its last four digits. */
export const maskAccountNo = (value: string): string => `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;

const S = (s: number) => String(s);
const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });
/** A phone as the rider app and the partners page take it: E.164. */
export const PHONE = '^\\+[1-9][0-9]{6,14}$';
export const NPWP = '^[0-9.-]{15,25}$';
/** NIB (Nomor Induk Berusaha, OSS): 13 digits. */
export const NIB = '^[0-9]{13}$';

/** Where a merchant is and how to reach it: the application's and the merchant's fields alike. */
const placeFields: FieldDef[] = [
  { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, required: true, list: true, example: 2001 },
  { name: 'address', type: 'text', required: true, max: 200, list: 'hidden', span: 24, example: 'Jl. Sudirman No. 12, Jakarta Pusat' },
  { name: 'lat', type: 'decimal', min: -90, max: 90, list: 'hidden', example: -6.2146 },
  { name: 'lng', type: 'decimal', min: -180, max: 180, list: 'hidden', example: 106.8451 },
  { name: 'nib', type: 'text', max: 13, pattern: NIB, list: 'hidden', example: '9120001234567' },
  { name: 'npwp', type: 'text', max: 25, pattern: NPWP, list: 'hidden', example: '01.234.567.8-901.000' },
];

/**
 * Merchant applications (/main/application, DOMAIN §2.4, §3.6; docs/merchants.md): a shop that would host swap
 * cabinets, rent bikes out or sell in the mall asks to become a merchant. Customer service submits one for an
 * applicant; a merchant manager picks it up, then approves it — which creates the merchant, its payable account and
 * its owner staff in the same transaction — or rejects it with a reason. The applicant may withdraw it until it is
 * decided. One planning more than MERCHANT_SITES_FOR_ADMIN sites is approved only by whoever holds the approve
 * permission (the tenant admin).
 */
export const merchantApplicationResource: ResourceDef = {
  key: 'merchantApplication',
  module: 'merchant',
  page: 'application',
  api: '/merchant/application',
  idName: 'applicationId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: ['add', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'applicationNo',
  fields: [
    shown({ name: 'applicationNo', type: 'text', serverOnly: true, list: true, filter: 'eq', sortable: true }),
    { name: 'applicantName', type: 'text', required: true, max: 60, list: true, filter: 'like', example: 'Dewi Lestari' },
    { name: 'phone', type: 'text', required: true, max: 16, pattern: PHONE, list: true, filter: 'eq', example: '+6281377701234' },
    { name: 'companyName', type: 'text', max: 100, list: true, filter: 'like', example: 'Toko Sepeda Lestari' },
    { name: 'merchantType', type: 'dict', dict: 'merchant_applications_merchant_type', required: true, list: true, filter: 'eq', example: '1' },
    shown({ name: 'status', type: 'dict', dict: 'merchant_applications_status', serverOnly: true, list: true, filter: 'in' }),
    ...placeFields,
    {
      name: 'plannedSites',
      type: 'int',
      required: true,
      min: 1,
      max: MERCHANT_PLANNED_SITES_MAX,
      defaultValue: 1,
      hint: 'field.merchantApplication.plannedSites.hint',
      list: true,
      example: 2,
    },
    { name: 'ktpPhoto', type: 'image', required: true, list: 'hidden', example: '/api/files/uploads/2/2026/11/ktp.jpg' },
    { name: 'nibPhoto', type: 'image', list: 'hidden' },
    { name: 'shopPhoto', type: 'image', required: true, list: 'hidden', example: '/api/files/uploads/2/2026/11/shop.jpg' },
    shown({ name: 'reviewerId', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, serverOnly: true, list: 'hidden' }),
    shown({ name: 'reviewedAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
    shown({ name: 'rejectReason', type: 'textarea', serverOnly: true, list: 'hidden' }),
    shown({ name: 'merchantId', type: 'ref', ref: { resource: 'merchant', labelField: 'name' }, serverOnly: true, list: 'hidden', filter: 'eq' }),
    shown({ name: 'createdAt', type: 'datetime', serverOnly: true, list: true, sortable: true, filter: 'range' }),
  ],
  transitions: [
    { name: 'pickUpApplication', field: 'status', from: [S(ApplicationStatus.submitted)], to: S(ApplicationStatus.underReview), action: 'audit' },
    {
      name: 'approveApplication',
      field: 'status',
      from: [S(ApplicationStatus.underReview)],
      to: S(ApplicationStatus.approved),
      action: 'audit',
      confirm: true,
    },
    {
      name: 'rejectApplication',
      field: 'status',
      from: [S(ApplicationStatus.underReview)],
      to: S(ApplicationStatus.rejected),
      action: 'audit',
      payload: [{ name: 'rejectReason', type: 'textarea', required: true, min: 5, max: 500, label: 'field.merchantApplication.rejectReason' }],
    },
    {
      name: 'withdrawApplication',
      field: 'status',
      from: [S(ApplicationStatus.submitted), S(ApplicationStatus.underReview)],
      to: S(ApplicationStatus.withdrawn),
      action: 'audit',
      actors: ['staff', 'member'],
      confirm: true,
    },
  ],
};

/**
 * Merchants (/main/merchant, DOMAIN §2.4): the partner shops, each with its payable account (MERCHANT_PAYABLE, opened
 * with it), its staff and the stations it hosts. Suspending stops a merchant for a while, closing for good — only
 * once it hosts no station and is owed nothing, and its staff are disabled with it. The bank account is sealed,
 * shown masked.
 */
export const merchantResource: ResourceDef = {
  key: 'merchant',
  module: 'merchant',
  page: 'merchant',
  api: '/merchant/merchant',
  idName: 'merchantId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'name',
  fields: [
    shown({ name: 'merchantNo', type: 'text', serverOnly: true, list: true, filter: 'eq', sortable: true }),
    {
      name: 'name',
      type: 'text',
      required: true,
      max: 100,
      unique: true,
      list: true,
      filter: 'like',
      sortable: true,
      example: 'Toko Sepeda Lestari',
    },
    { name: 'legalName', type: 'text', max: 150, list: 'hidden', example: 'PT Lestari Sepeda Nusantara' },
    { name: 'type', type: 'dict', dict: 'merchants_type', required: true, list: true, filter: 'eq', example: '1' },
    shown({ name: 'status', type: 'dict', dict: 'merchants_status', serverOnly: true, list: true, filter: 'in' }),
    shown({ name: 'payable', type: 'money', serverOnly: true, computed: true, hint: 'field.merchant.payable.hint', list: true }),
    shown({ name: 'stationCount', type: 'int', serverOnly: true, computed: true, list: true }),
    { name: 'contactName', type: 'text', required: true, max: 60, list: true, example: 'Dewi Lestari' },
    { name: 'phone', type: 'text', required: true, max: 16, pattern: PHONE, list: true, filter: 'eq', example: '+6281377701234' },
    ...placeFields,
    { name: 'bankName', type: 'text', max: 60, list: 'hidden', example: 'BCA' },
    // Sealed when sent (never answered); the list shows its last digits.
    { name: 'bankAccount', type: 'text', virtual: true, min: 6, max: 20, pattern: '^[0-9]{6,20}$', list: false, example: '1234567890' },
    shown({ name: 'bankAccountMasked', type: 'text', serverOnly: true, list: 'hidden' }),
    { name: 'accountHolder', type: 'text', max: 100, list: 'hidden', example: 'PT Lestari Sepeda Nusantara' },
    shown({ name: 'staffCount', type: 'int', serverOnly: true, computed: true, list: 'hidden' }),
    shown({ name: 'currency', type: 'text', serverOnly: true, list: false }),
    shown({ name: 'accountId', type: 'ref', ref: { resource: 'account', labelField: 'accountNo' }, serverOnly: true, list: 'hidden' }),
    shown({
      name: 'applicationId',
      type: 'ref',
      ref: { resource: 'merchantApplication', labelField: 'applicationNo' },
      serverOnly: true,
      list: 'hidden',
    }),
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    shown({ name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true, filter: 'range' }),
  ],
  transitions: [
    { name: 'suspendMerchant', field: 'status', from: [S(MerchantStatus.active)], to: S(MerchantStatus.suspended), action: 'lock', confirm: true },
    { name: 'resumeMerchant', field: 'status', from: [S(MerchantStatus.suspended)], to: S(MerchantStatus.active), action: 'unlock', confirm: true },
    {
      name: 'closeMerchant',
      field: 'status',
      from: [S(MerchantStatus.active), S(MerchantStatus.suspended)],
      to: S(MerchantStatus.closed),
      action: 'lock',
      confirm: true,
    },
  ],
  related: [
    { resource: 'merchantStaff', field: 'merchantId', title: 'related.merchant.staff' },
    { resource: 'station', field: 'merchantId', title: 'related.merchant.stations' },
  ],
};

/**
 * A merchant's people (/main/staff, DOMAIN §2.4 merchant_staff): they use the merchant app, not the console. A phone is
 * one person's in the tenant; a merchant has one owner. The console issues a person's password (shown once, stored
 * as a hash); a closed merchant takes no staff.
 */
export const merchantStaffResource: ResourceDef = {
  key: 'merchantStaff',
  module: 'merchant',
  page: 'staff',
  api: '/merchant/staff',
  idName: 'staffId',
  scope: 'tenant',
  // The merchant's city, copied onto the person.
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'name',
  fields: [
    {
      name: 'merchantId',
      type: 'ref',
      ref: { resource: 'merchant', labelField: 'name' },
      required: true,
      form: 'add',
      list: true,
      filter: 'eq',
      example: 1,
    },
    { name: 'name', type: 'text', required: true, max: 60, list: true, filter: 'like', example: 'Budi Santoso' },
    { name: 'phone', type: 'text', required: true, max: 16, pattern: PHONE, unique: true, list: true, filter: 'eq', example: '+6281377705678' },
    { name: 'role', type: 'dict', dict: 'merchant_staff_role', required: true, list: true, filter: 'eq', example: '3' },
    { name: 'status', type: 'dict', dict: 'merchant_staff_status', required: true, defaultValue: '0', list: true, filter: 'eq' },
    shown({ name: 'hasPassword', type: 'bool', serverOnly: true, computed: true, list: true }),
    shown({ name: 'lastLoginAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
    shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, serverOnly: true, list: 'hidden' }),
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    shown({ name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true }),
  ],
};
