import { Code } from '@kayuh/contract/codes';
import { MemberStatus } from '@kayuh/contract/resources/members';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema.ts';
import { BizError } from '../../platform/errors.ts';
import type { MemberContext } from '../../platform/types.ts';

/**
 * The signed-in rider's row, locked for the rest of the transaction (what they send next waits for what they sent
 * before), refused with 2006 unless the member is in good standing. Answers the phone an application is filed under.
 */
export async function lockedActiveMember(tx: Db, rider: Pick<MemberContext, 'memberId' | 'tenantId'>): Promise<{ phone: string }> {
  const [member] = await tx
    .select({ status: members.status, phone: members.phone })
    .from(members)
    .where(and(eq(members.id, rider.memberId), eq(members.tenantId, rider.tenantId)))
    .for('update');
  if (member?.status !== MemberStatus.normal) throw new BizError(Code.forbidden, 'ride.memberBlocked');
  return { phone: member.phone };
}
