import { MEMBER_DASHBOARD_PATH, OPEN_FEEDBACK_STATUSES, type MemberDashboard } from '@kayuh/contract/api/memberDashboard';
import { KycReviewStatus } from '@kayuh/contract/resources/kycReviews';
import { get } from '../../../lib/http';
import type { CityCode } from '../../../stores/configStore';
import { chosenCity } from '../../vehicle/index/vehicleDashboardApi';

/** GET /user/dashboard for the tenant in the header (the super-admin's choice) and the selected city. */
export const memberDashboardQuery = (tenantId: number | null, cityCode: CityCode) => ({
  queryKey: ['user', 'dashboard', tenantId, chosenCity(cityCode)] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => get<MemberDashboard>(MEMBER_DASHBOARD_PATH, { cityCode: chosenCity(cityCode) }, { signal }),
});

/** The lists the figures summarise, filtered as the figure counts (the lists read their filters from the URL). */
export const LIST_LINKS = {
  members: '/user_main/user_admin',
  kycQueue: `/user_main/userReview?status=${KycReviewStatus.pending}`,
  openFeedback: `/user_main/backFeed?status=${OPEN_FEEDBACK_STATUSES.join(',')}`,
} as const;
