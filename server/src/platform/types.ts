import type { RateLimitName } from '@kayuh/contract/constants';
import type { Lang } from '@kayuh/contract/lang';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './auth/context.ts';

/**
 * What a route declares: who may call it (DESIGN §4), and how its mutation is journalled. `member`: a signed-in rider
 * of the app (`tenant-code` + `Authorization: Bearer`, docs/app-api.md), never console staff.
 */
export type Access = 'public' | 'authenticated' | 'member' | `${string}:${string}:${string}`;

/** The rider of a `member` route's call (read it with memberOf in access.ts). */
export interface MemberContext {
  sessionId: number;
  memberId: number;
  tenantId: number;
  tenantCode: string;
  memberNo: string;
  /** E.164. */
  phone: string;
  /** members.status: always 0 (normal) on a call that got through. */
  status: number;
  lang: Lang;
}

export interface AuditSpec {
  /** i18n key (a menu title) naming what was changed. */
  title: string;
  /** operation_logs.business_type (DOMAIN §5.8); a route that adds or edits by its body (RuoYi's saveOrUpdate) decides per request. */
  businessType: number | ((req: FastifyRequest) => number);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    audit?: AuditSpec;
    /** Open to a user who must first set a new password (DOMAIN §5.2 must_change_pwd); every other route refuses them. */
    duringPasswordChange?: boolean;
    /** A public route whose answer depends on who calls (when a valid session is sent, `req.auth` is set). */
    knowsCaller?: boolean;
    /** Rate limits counted for this route (platform/rateLimits.ts); over any of them the call answers 429. */
    limits?: RateLimitName[];
    /** A call these limits do not count (asked once the body is parsed): e.g. a sign-in with an operator's test number, which sends nothing. */
    limitsExempt?: (req: FastifyRequest) => Promise<boolean>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set on `member` routes only. */
    member: MemberContext | null;
    lang: Lang;
    /** The envelope code answered, for the journal. */
    resultCode?: number;
    resultMsg?: string;
    /** The handler wrote its own journal row in its transaction (a fired event): the audit hook adds none. */
    journaled?: boolean;
  }
}
