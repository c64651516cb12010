import { FeedbackStatus, FeedbackType } from '../resources/feedbacks.ts';
import { KycStatus } from '../resources/kycReviews.ts';
import { MemberStatus } from '../resources/members.ts';

/**
 * The customer centre Home (/user_main index, DOMAIN §1.3) as a dashboard: what GET /user/dashboard answers. Members
 * count by their city of registration (all the caller's cities, those who named none included, when no city is
 * asked for); "today" is each city's business day in its own time zone. Figures are of now.
 */
export const MEMBER_DASHBOARD_PATH = '/user/dashboard';
/** Who may see it: those who may open the module's Home. */
export const MEMBER_DASHBOARD_PERM = 'user:index:view';
/** How many days the sign-up chart shows, today included. */
export const MEMBER_TREND_DAYS = 14;

/** Every members.status code (0 normal, 1 frozen, 2 blacklisted, 3 closed), in order. */
export const MEMBER_STATUSES: readonly number[] = Object.values(MemberStatus);
/** Every members.kyc_status code (0 none, 1 pending, 2 verified, 3 rejected). */
export const MEMBER_KYC_STATUSES: readonly number[] = Object.values(KycStatus);
/** Every feedbacks.type code. */
export const FEEDBACK_TYPES: readonly number[] = Object.values(FeedbackType);
/** feedbacks.status codes still waiting for customer service: new and in hand. */
export const OPEN_FEEDBACK_STATUSES: readonly number[] = [FeedbackStatus.new, FeedbackStatus.processing];

export interface CodeCount {
  /** The dictionary value, as a number. */
  code: number;
  count: number;
}

export interface MemberDashboard {
  /** Members in scope, closed ones left out. */
  members: number;
  /** Registered today. */
  newToday: number;
  /** Active in the app today (members.last_active_at). */
  activeToday: number;
  /** One entry per members.status code, zeros included. */
  byStatus: CodeCount[];
  /** One entry per members.kyc_status code, zeros included (closed members left out). */
  byKyc: CodeCount[];
  /** Identity checks waiting for review, and when the oldest of them was sent (ISO), null when none waits. */
  pendingKyc: number;
  oldestPendingKycAt: string | null;
  /** Feedback new or in hand, of which new. */
  openFeedback: number;
  newFeedback: number;
  /** Open feedback per feedbacks.type code, zeros included. */
  openFeedbackByType: CodeCount[];
  /** Sign-ups per business day (yyyy-mm-dd), the last MEMBER_TREND_DAYS days, oldest first. */
  joinedByDay: Array<{ date: string; count: number }>;
}
