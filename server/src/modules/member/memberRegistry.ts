import type { Lang } from '@kayuh/contract/lang';
import { LoyaltyStatus } from '@kayuh/contract/resources/loyalty';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';

/** members.register_source (DOMAIN §2.3) of the app platforms. */
export const REGISTER_SOURCE = { android: 1, ios: 2, h5: 3 } as const;

export type MemberRow = typeof members.$inferSelect;

export async function memberByPhone(db: Db, tenantId: number, phone: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.phone, phone), isNull(members.deletedAt)))
    .limit(1);
  return row;
}

/**
 * The tenant's member of a phone, registered on first sign-in (member_no MB + yyMMdd + 8 digits). Parallel first
 * sign-ins of one phone make one member: the insert yields to the unique (tenant, phone) of the live rows, and the
 * loser reads the winner's row.
 */
export async function findOrCreateMember(
  db: Db,
  req: { tenantId: number; phone: string; lang: Lang; registerSource: number },
  now = new Date(),
): Promise<{ member: MemberRow; isNew: boolean }> {
  const existing = await memberByPhone(db, req.tenantId, req.phone);
  if (existing) return { member: existing, isNew: false };
  const { id, no } = await nextBusinessNo(db, 'members', 'MB', now);
  const [created] = await db
    .insert(members)
    .values({
      id,
      tenantId: req.tenantId,
      memberNo: no,
      phone: req.phone,
      lang: req.lang,
      registerSource: req.registerSource,
      // The ladder's first rung (a level from growth 0), when the operator has one.
      levelId: sql`(SELECT l.id FROM member_levels l WHERE l.tenant_id = ${req.tenantId} AND l.status = ${LoyaltyStatus.active}
        AND l.deleted_at IS NULL AND l.min_growth = 0 LIMIT 1)`,
      lastActiveAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [members.tenantId, members.phone], where: sql`deleted_at IS NULL` })
    .returning();
  if (created) return { member: created, isNew: true };
  const winner = await memberByPhone(db, req.tenantId, req.phone);
  if (!winner) throw new Error(`member of ${req.phone} in tenant ${req.tenantId} neither inserted nor found`);
  return { member: winner, isNew: false };
}
