import type { FastifyPluginAsync } from 'fastify';
import { registerResources } from '../../platform/resources/register.ts';
import type { Services } from '../../platform/services.ts';
import { appAuthRoutes } from './appAuthRoutes.ts';
import { feedbackAppRoutes } from './feedback/feedbackAppRoutes.ts';
import { feedbackBinding } from './feedback/feedbackBinding.ts';
import { feedbackConsoleRoutes } from './feedback/feedbackConsoleRoutes.ts';
import { kycAppRoutes } from './kyc/kycAppRoutes.ts';
import { kycConsoleRoutes } from './kyc/kycConsoleRoutes.ts';
import { kycReviewBinding } from './kyc/kycReviewBinding.ts';
import { memberLoginLogBinding } from './authLog.ts';
import { memberBinding } from './memberBinding.ts';
import { messageTemplateBinding } from './messageTemplates.ts';
import { levelPointRuleBinding, memberLevelBinding, pointLedgerBinding } from './loyalty/loyaltyBindings.ts';
import { loyaltyAppRoutes } from './loyalty/loyaltyAppRoutes.ts';
import { levelBenefitBinding } from './loyalty/levelBenefits.ts';
import { memberTagBinding, memberTagLinkBinding } from './tags/tagBinding.ts';
import { memberDashboardRoutes } from './memberDashboard.ts';
import { meRoutes } from './meRoutes.ts';
import { otpSenderFromEnv, type OtpSender } from './otpSender.ts';

/**
 * The customer centre's resources (/user_main): members, their tags, levels and points, message templates, identity
 * checks, feedback and sign-ins so far.
 */
export const memberResources = [
  memberBinding,
  memberTagBinding,
  memberTagLinkBinding,
  messageTemplateBinding,
  memberLevelBinding,
  levelPointRuleBinding,
  pointLedgerBinding,
  levelBenefitBinding,
  kycReviewBinding,
  feedbackBinding,
  memberLoginLogBinding,
];

/** The customer centre (/user_main) in the console: its resources under /api/user. */
export const memberConsoleModule: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await registerResources(app, services, memberResources);
  await app.register(kycConsoleRoutes, { services });
  await app.register(feedbackConsoleRoutes, { services });
  await app.register(memberDashboardRoutes, { services });
};

/**
 * The rider app's API under /app (docs/app-api.md): sign-in by one-time code and the rider's own profile. Codes go
 * out through the sender OTP_PROVIDER names (none: recorded for the message pages), or the one passed in.
 */
export const memberAppModule: FastifyPluginAsync<{ services: Services; otpSender?: OtpSender }> = async (app, { services, otpSender }) => {
  const sender = otpSender ?? otpSenderFromEnv();
  await app.register(appAuthRoutes, { services, sender });
  await app.register(meRoutes, { services });
  await app.register(kycAppRoutes, { services });
  await app.register(feedbackAppRoutes, { services });
  await app.register(loyaltyAppRoutes, { services });
};
