import { appHeaders } from '@kayuh/contract/api/appAuth';
import { MY_POINTS_RECENT, type MyLevel } from '@kayuh/contract/api/loyalty';
import { LoyaltyStatus } from '@kayuh/contract/resources/loyalty';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { levelBenefits, memberLevels, members, pointLedger } from '../../../db/schema.ts';
import { memberOf } from '../../../platform/access.ts';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { MEMBER_SECURITY } from '../../../platform/openapi.ts';
import type { Services } from '../../../platform/services.ts';

/** The rider's points and level (docs/loyalty.md): GET /api/app/me/level. */
export const loyaltyAppRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    '/app/me/level',
    { config: { access: 'member' }, schema: { headers: appHeaders, tags: ['app'], summary: 'My points and level', security: MEMBER_SECURITY } },
    async (req) => {
      const { memberId, tenantId } = memberOf(req);
      const [me] = await db
        .select({ points: members.points, growth: members.growth, levelId: members.levelId })
        .from(members)
        .where(eq(members.id, memberId));
      if (!me) throw notFound();
      const ladder = await db
        .select()
        .from(memberLevels)
        .where(and(eq(memberLevels.tenantId, tenantId), eq(memberLevels.status, LoyaltyStatus.active), isNull(memberLevels.deletedAt)))
        .orderBy(asc(memberLevels.minGrowth));
      const perks = await db
        .select({ levelId: levelBenefits.levelId, benefit: levelBenefits.benefit, value: levelBenefits.value })
        .from(levelBenefits)
        .where(and(eq(levelBenefits.tenantId, tenantId), eq(levelBenefits.status, LoyaltyStatus.active), isNull(levelBenefits.deletedAt)))
        .orderBy(asc(levelBenefits.benefit));
      const view = (l: (typeof ladder)[number]) => ({
        levelNo: l.levelNo,
        name: l.nameKey,
        minGrowth: l.minGrowth,
        iconUrl: l.iconUrl,
        benefits: perks.filter((p) => p.levelId === l.id).map((p) => ({ benefit: p.benefit, value: p.value })),
      });
      const level = ladder.find((l) => l.id === me.levelId);
      const next = ladder.find((l) => l.minGrowth > me.growth);
      const recent = await db
        .select()
        .from(pointLedger)
        .where(eq(pointLedger.memberId, memberId))
        .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
        .limit(MY_POINTS_RECENT);
      const answer: MyLevel = {
        points: me.points,
        growth: me.growth,
        level: level ? view(level) : null,
        next: next ? { ...view(next), toGo: next.minGrowth - me.growth } : null,
        recent: recent.map((e) => ({ event: e.event, delta: e.delta, balanceAfter: e.balanceAfter, at: e.createdAt.toISOString() })),
      };
      return ok(answer);
    },
  );
};
