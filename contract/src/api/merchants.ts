import { z } from 'zod';
import { ApplicationStatus, MerchantStatus } from '../resources/merchants.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /api/merchant/staff/resetPassword: a new password for a merchant's person, answered once (the old one stops working). */
export const STAFF_PASSWORD_PATH = '/merchant/staff/resetPassword';
export const STAFF_PASSWORD_PERM = 'merchant:staff:reset';
export const staffPasswordRequest = z.object({ staffId: id });
export interface StaffPassword {
  staffId: number;
  name: string;
  phone: string;
  /** Shown once; stored only as a hash. */
  password: string;
}
/** How long an issued password is: letters and digits a person reads out over the phone without doubt. */
export const STAFF_PASSWORD_LENGTH = 10;

/**
 * The merchant centre Home (/main index, DOMAIN §1.4) as a dashboard: GET /merchant/dashboard answers merchants by
 * status, the applications waiting, the sites merchants host, and this month's swap revenue at those sites (swaps
 * completed since the first of the month, each city on its own clock), in the caller's cities (or the one asked for).
 */
export const MERCHANT_DASHBOARD_PATH = '/merchant/dashboard';
export const MERCHANT_DASHBOARD_PERM = 'merchant:index:view';
/** How many merchants the month's revenue ranks. */
export const MERCHANT_TOP = 10;

export const MERCHANT_STATUSES: readonly number[] = Object.values(MerchantStatus);
/** Applications still waiting for a decision: submitted, and under review. */
export const OPEN_APPLICATION_STATUSES: readonly number[] = [ApplicationStatus.submitted, ApplicationStatus.underReview];

export interface MerchantRevenue {
  merchantId: number;
  name: string;
  swaps: number;
  /** In `currency`'s smallest unit. */
  amount: number;
}

export interface MerchantDashboard {
  /** One entry per merchants.status code, zeros included. */
  byStatus: { code: number; count: number }[];
  /** Applications by open status (submitted, under review), zeros included. */
  openApplications: { code: number; count: number }[];
  /** Live stations hosted by a merchant. */
  sitesHosted: number;
  /** The tenant's currency: the month's amounts are in it. */
  currency: string;
  /** Completed swaps this month at merchant sites and their fees. */
  monthSwaps: number;
  monthAmount: number;
  /** The merchants with the most swap revenue this month, at most MERCHANT_TOP, most first. */
  top: MerchantRevenue[];
}
