/**
 * The merchant centre (DOMAIN §2.4, §3.6; docs/merchants.md): applications, merchants and their staff. Re-exported by
 * ../schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, check, decimal, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;
const coordinate = (name: string) => decimal(name, { precision: 9, scale: 6 });

/**
 * [C] A shop asking to become a merchant. The documents are three typed image columns (KTP, NIB, the shop) rather than
 * DOMAIN's `documents jsonb`, so each is an upload the engine checks; planned_sites decides who may approve it.
 */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: id(),
    tenantId: tenantId(),
    applicationNo: text('application_no').notNull(),
    applicantName: text('applicant_name').notNull(),
    phone: text('phone').notNull(),
    companyName: text('company_name'),
    merchantType: smallint('merchant_type').notNull(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    lat: coordinate('lat'),
    lng: coordinate('lng'),
    nib: text('nib'),
    npwp: text('npwp'),
    plannedSites: smallint('planned_sites').notNull().default(1),
    ktpPhoto: text('ktp_photo').notNull(),
    nibPhoto: text('nib_photo'),
    shopPhoto: text('shop_photo').notNull(),
    status: smallint('status').notNull().default(0),
    reviewerId: bigint('reviewer_id', { mode: 'number' }),
    reviewedAt: ts('reviewed_at'),
    rejectReason: text('reject_reason'),
    merchantId: bigint('merchant_id', { mode: 'number' }),
    ...audited(),
  },
  (t) => [
    uniqueIndex('merchant_applications_no_uq').on(t.tenantId, t.applicationNo).where(live),
    index('merchant_applications_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id).where(live),
    index('merchant_applications_status_idx').on(t.tenantId, t.status).where(live),
    check('merchant_applications_status_ck', sql`${t.status} BETWEEN 0 AND 4`),
  ],
);

/** [C] A partner shop or business, with its payable account (accounts.owner_type 2, code MERCHANT_PAYABLE). */
export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    merchantNo: text('merchant_no').notNull(),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    type: smallint('type').notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    lat: coordinate('lat'),
    lng: coordinate('lng'),
    nib: text('nib'),
    npwp: text('npwp'),
    bankName: text('bank_name'),
    /** Sealed with the field cipher; bank_account_masked shows its last digits. */
    bankAccountEnc: text('bank_account_enc'),
    bankAccountMasked: text('bank_account_masked'),
    accountHolder: text('account_holder'),
    currency: char('currency', { length: 3 }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    shareConfigId: bigint('share_config_id', { mode: 'number' }),
    status: smallint('status').notNull().default(0),
    applicationId: bigint('application_id', { mode: 'number' }),
    ...audited(),
  },
  (t) => [
    uniqueIndex('merchants_no_uq').on(t.tenantId, t.merchantNo).where(live),
    uniqueIndex('merchants_name_uq').on(t.tenantId, t.name).where(live),
    // An application makes one merchant, however many approvals race.
    uniqueIndex('merchants_application_uq').on(t.applicationId).where(live),
    index('merchants_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id).where(live),
    check('merchants_status_ck', sql`${t.status} IN (0, 1, 2)`),
  ],
);

/** [C] People of a merchant who use the merchant app; the city is the merchant's, copied. */
export const merchantStaff = pgTable(
  'merchant_staff',
  {
    id: id(),
    tenantId: tenantId(),
    cityCode: bigint('city_code', { mode: 'number' }).notNull(),
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    role: smallint('role').notNull(),
    passwordHash: text('password_hash'),
    status: smallint('status').notNull().default(0),
    lastLoginAt: ts('last_login_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('merchant_staff_phone_uq').on(t.tenantId, t.phone).where(live),
    // One owner per merchant.
    uniqueIndex('merchant_staff_owner_uq')
      .on(t.merchantId)
      .where(sql`role = 1 AND deleted_at IS NULL`),
    index('merchant_staff_merchant_idx').on(t.merchantId, t.createdAt).where(live),
    index('merchant_staff_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id).where(live),
  ],
);
