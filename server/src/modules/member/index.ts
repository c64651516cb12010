import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../platform/services.ts';
import { appAuthRoutes } from './appAuthRoutes.ts';
import { meRoutes } from './meRoutes.ts';
import { otpSenderFromEnv, type OtpSender } from './otpSender.ts';

/**
 * The rider app's API under /app (docs/app-api.md): sign-in by one-time code and the rider's own profile. Codes go
 * out through the sender OTP_PROVIDER names (none: recorded for the message pages), or the one passed in.
 */
export const memberAppModule: FastifyPluginAsync<{ services: Services; otpSender?: OtpSender }> = async (app, { services, otpSender }) => {
  const sender = otpSender ?? otpSenderFromEnv();
  await app.register(appAuthRoutes, { services, sender });
  await app.register(meRoutes, { services });
};
