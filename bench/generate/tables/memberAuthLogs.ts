// The riders' sign-in trail (member_auth_logs, docs/app-api.md): over the last 365 days each member signs in 0–4
// times (about 1,000,000 sign-ins at scale 1), each one a code sent then the sign-in; one in twenty first types a wrong
// code, one in a hundred is refused (a frozen account). Written in time order, as the server writes them.
import { memberAuthLogResource } from '@kayuh/contract/resources/memberAuthLogs';
import { memberAuthLogs, members } from '../../../server/src/db/schema.ts';
import { DAY_MS } from '../context.ts';
import { defineTable } from '../spec.ts';
import { memberPhone, memberPlan } from './money.ts';

const HISTORY_DAYS = 365;

export const memberAuthLogTables = [
  defineTable({
    table: memberAuthLogs,
    *rows(rng, ctx) {
      const plan = memberPlan(ctx);
      const signIns: Array<{ at: number; memberId: number }> = [];
      for (let i = 0; i < plan.tenantOf.length; i++) {
        for (let n = rng.int(0, 4); n > 0; n--) signIns.push({ at: ctx.asOf.getTime() - rng.next() * HISTORY_DAYS * DAY_MS, memberId: i + 1 });
      }
      signIns.sort((a, b) => a.at - b.at);
      let id = 0;
      for (const { at, memberId } of signIns) {
        const ti = plan.tenantOf[memberId - 1]!;
        const tenantId = ctx.tenants[ti]!.id;
        const phone = memberPhone(ti, memberId - plan.firstId[ti]!);
        const ip = `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
        const row = (event: string, offsetMs: number, detail: Record<string, unknown> | null, member: number | null) => ({
          id: ++id,
          tenantId,
          memberId: member,
          phone,
          event,
          ip,
          detail,
          createdAt: new Date(at + offsetMs),
        });
        yield row('otp.sent', 0, { channel: 'sms' }, null);
        if (rng.chance(0.05)) yield row('otp.wrong', 20_000, { attemptsLeft: 4 }, null);
        yield rng.chance(0.01)
          ? row('signin.refused', 40_000, { status: 1 }, memberId)
          : row('signin', 40_000, { isNew: false, sessionId: id + 1 }, memberId);
      }
    },
    references: [[memberAuthLogs.memberId, members.id]],
    rules: [
      {
        name: "a sign-in under another member's phone",
        sql: `SELECT count(*) FROM member_auth_logs l JOIN members m ON m.id = l.member_id WHERE m.phone <> l.phone OR m.tenant_id <> l.tenant_id`,
      },
    ],
    resource: memberAuthLogResource,
  }),
];
