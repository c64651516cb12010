import { MEMBER_OWNER_TYPE } from '@kayuh/contract/rules/ledgerChart';
import { memberResource } from '@kayuh/contract/resources/members';
import { sql } from 'drizzle-orm';
import { members } from '../../db/schema.ts';
import { revokeMemberSessions } from '../../platform/auth/memberSessions.ts';
import type { EventRule, HookContext } from '../../platform/resources/binding.ts';
import { bindResource } from '../../platform/resources/binding.ts';
import { closeMember } from './memberClose.ts';

/**
 * A member account's balance (its first currency's), read by the accounts' owner index — which holds
 * coalesce(owner_id, 0), so the condition says so too (a plain owner_id = … scanned every account: 8 s a page).
 */
const balanceOf = (code: 'WALLET' | 'BONUS', column = 'balance') =>
  sql.raw(
    `(SELECT a.${column} FROM accounts a WHERE a.tenant_id = members.tenant_id AND a.owner_type = ${MEMBER_OWNER_TYPE} AND coalesce(a.owner_id, 0) = members.id AND a.code = '${code}' AND a.deleted_at IS NULL ORDER BY a.currency LIMIT 1)`,
  );

const noteOf = (ctx: HookContext) => String(ctx.event!.payload.note ?? '').trim();
/** The member is signed out of the app at once (their next call would end the sessions anyway). */
const signedOut: EventRule = {
  set: (ctx) => ({ remark: noteOf(ctx) }),
  effects: async ({ tx, current }) => void (await revokeMemberSessions(tx, Number(current!.id))),
};

/**
 * Members in the console (/user_main/user_admin): their city is the one they registered in, their balances the
 * ledger's; freezing or blacklisting one signs them out of the app, and a member not normal can do nothing there.
 */
export const memberBinding = bindResource(memberResource, members, {
  columnOf: { cityCode: 'registerCityCode' },
  // A member who signed up without naming a city is every city's customer.
  noCityIsEveryCity: true,
  computed: {
    walletBalance: sql<number>`${balanceOf('WALLET')}`.mapWith(Number),
    bonusBalance: sql<number>`${balanceOf('BONUS')}`.mapWith(Number),
    currency: sql<string>`${balanceOf('WALLET', 'currency')}`,
  },
  events: {
    freezeMember: signedOut,
    blacklistMember: signedOut,
    unfreezeMember: { set: (ctx) => ({ remark: noteOf(ctx) }) },
    unblacklistMember: { set: (ctx) => ({ remark: noteOf(ctx) }) },
    closeMember,
  },
});
