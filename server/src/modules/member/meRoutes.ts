import { appHeaders, type MemberProfile } from '@kayuh/contract/api/appAuth';
import { parseLang } from '@kayuh/contract/lang';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { members, tenants } from '../../db/schema.ts';
import { memberOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { MEMBER_SECURITY } from '../../platform/openapi.ts';

/** The signed-in rider's own profile. */
export const meRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/app/me',
    {
      config: { access: 'member' },
      schema: { headers: appHeaders, tags: ['app'], summary: 'My rider profile', security: MEMBER_SECURITY },
    },
    async (req) => {
      const { memberId } = memberOf(req);
      const [row] = await services.db
        .select({ member: members, tenantCode: tenants.tenantCode, brandName: tenants.brandName })
        .from(members)
        .innerJoin(tenants, eq(tenants.id, members.tenantId))
        .where(eq(members.id, memberId))
        .limit(1);
      if (!row) throw notFound();
      const m = row.member;
      const profile: MemberProfile = {
        memberId: m.id,
        memberNo: m.memberNo,
        phone: m.phone,
        nickName: m.nickName,
        avatarUrl: m.avatarUrl,
        email: m.email,
        gender: m.gender,
        birthDate: m.birthDate,
        lang: parseLang(m.lang),
        status: m.status,
        kycStatus: m.kycStatus,
        points: m.points,
        tenantCode: row.tenantCode,
        brandName: row.brandName,
        createdAt: m.createdAt.toISOString(),
      };
      return ok(profile);
    },
  );
};
