import { Code } from '@kayuh/contract/codes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { refunds } from '../src/db/schema.ts';
import { memberAccounts, platformAccounts } from '../src/platform/ledger/accounts.ts';
import { post } from '../src/platform/ledger/posting.ts';
import { useTestApp } from './harness.ts';
import { useRiders } from './riders.ts';

/**
 * Members in the console (/user_main/user_admin, DOMAIN §2.3): found by phone with their balances from the ledger;
 * customer service freezes one — signed out of the app at once, no way back in — and unfreezes them; the lists follow
 * the city a member registered in.
 */
const t = useTestApp();
const { rider, wallet, postingsOf } = useRiders(t, '+62800004');

/** A posting straight into the ledger (a promotion's bonus, a ride's debt), as the services that own them would write it. */
async function posted(memberId: number, kind: 'BONUS_GRANT' | 'RIDE_PAY', amount: number) {
  const db = t.database.db as Db;
  const own = await memberAccounts(db, 2, memberId, 'IDR');
  const p = await platformAccounts(db, 2, 'IDR', ['EXP_PROMO', 'REV_RIDE']);
  const lines =
    kind === 'BONUS_GRANT'
      ? [
          { accountId: p.EXP_PROMO, direction: 'D' as const, amount },
          { accountId: own.BONUS, direction: 'C' as const, amount },
        ]
      : [
          { accountId: own.WALLET, direction: 'D' as const, amount, mayOverdraw: true },
          { accountId: p.REV_RIDE, direction: 'C' as const, amount },
        ];
  await db.transaction((tx) => post(tx, 2, { kind, idempotencyKey: `test:${kind}:${memberId}:${amount}`, bizType: 'test', bizId: memberId, lines }));
}
const close = (headers: Record<string, string>, member: { memberId: number; version: number }) =>
  t.call('POST', '/api/user/member/closeMember', { headers, body: { memberId: member.memberId, version: member.version, note: 'Moving abroad' } });
const listed = async (headers: Record<string, string>, phone: string) =>
  (await t.call('POST', '/api/user/member/list', { headers, body: { phone } })).rows[0];

describe('members', () => {
  it('are found by phone with their balances, frozen with a reason (signed out, refused at sign-in) and unfrozen', async () => {
    const me = await rider(25_000);
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const found = await t.call('POST', '/api/user/member/list', { headers: cs, body: { phone: me.phone, pageSize: 10 } });
    expect(found.rows).toHaveLength(1);
    const member = found.rows[0];
    expect(member).toMatchObject({ memberId: me.memberId, phone: me.phone, status: 0, walletBalance: 25_000, bonusBalance: 0, currency: 'IDR' });

    const frozen = await t.call('POST', '/api/user/member/freezeMember', {
      headers: cs,
      body: { memberId: me.memberId, version: member.version, note: 'Card fraud reported by the bank' },
    });
    expect(frozen.code, JSON.stringify(frozen)).toBe(Code.ok);
    // The app's next call finds no session; signing in again is refused while frozen.
    expect((await t.call('GET', '/api/app/wallet', { headers: me.headers })).code).toBe(Code.noSession);
    await t.call('POST', '/api/app/auth/otp/send', { headers: { 'tenant-code': 'KITABIKE' }, body: { phone: me.phone } });
    const again = await t.call('POST', '/api/app/auth/otp/verify', {
      headers: { 'tenant-code': 'KITABIKE' },
      body: { phone: me.phone, code: '246810' },
    });
    expect(again.code).toBe(Code.forbidden);
    // Unfreezing twice: the second finds it normal already.
    const [row] = (await t.call('POST', '/api/user/member/list', { headers: cs, body: { phone: me.phone } })).rows;
    expect(row).toMatchObject({ status: 1, remark: 'Card fraud reported by the bank' });
    const back = await t.call('POST', '/api/user/member/unfreezeMember', {
      headers: cs,
      body: { memberId: me.memberId, version: row.version, note: 'Bank cleared it' },
    });
    expect(back.code).toBe(Code.ok);
    const twice = await t.call('POST', '/api/user/member/unfreezeMember', {
      headers: cs,
      body: { memberId: me.memberId, version: back.data.version, note: 'again' },
    });
    expect(twice.code).toBe(Code.transitionNotAllowed);
    await t.call('POST', '/api/app/auth/otp/send', { headers: { 'tenant-code': 'KITABIKE' }, body: { phone: me.phone } });
    const signed = await t.call('POST', '/api/app/auth/otp/verify', {
      headers: { 'tenant-code': 'KITABIKE' },
      body: { phone: me.phone, code: '246810' },
    });
    expect(signed.code).toBe(Code.ok);
    expect((await wallet({ headers: { 'tenant-code': 'KITABIKE', authorization: `Bearer ${signed.data.token}` } })).wallet).toBe(25_000);
  });

  it("follow the city they registered in: a city's operations manager sees that city's members, and those who named none", async () => {
    const ops = await t.signIn('kitabike.ops.bandung');
    const listed = await t.call('POST', '/api/user/member/list', { headers: ops, body: { pageSize: 100 } });
    expect(listed.code).toBe(Code.ok);
    const cities = listed.rows.map((m: { cityCode: number | null }) => m.cityCode);
    expect(cities).toContain(2002);
    expect(cities.every((c: number | null) => c === 2002 || c === null)).toBe(true);
    // The demo's riders carry their first ride.
    expect(listed.rows.some((m: { firstRideAt: string | null }) => m.firstRideAt)).toBe(true);
    // Another city's: only those who named none. Their own city picked in the selector: theirs and those who named none.
    const jakarta = await t.call('POST', '/api/user/member/list', { headers: ops, body: { cityCode: 2001, pageSize: 100 } });
    expect(jakarta.rows.every((m: { cityCode: number | null }) => m.cityCode === null)).toBe(true);
    const bandung = await t.call('POST', '/api/user/member/list', { headers: ops, body: { cityCode: 2002, pageSize: 100 } });
    expect(bandung.rows.map((m: { memberId: number }) => m.memberId)).toEqual(listed.rows.map((m: { memberId: number }) => m.memberId));
    // Viewing is all they may do: freezing is customer service's.
    const first = listed.rows[0];
    const refused = await t.call('POST', '/api/user/member/freezeMember', {
      headers: ops,
      body: { memberId: first.memberId, version: first.version, note: 'x' },
    });
    expect(refused.code).toBe(Code.forbidden);
  });

  it('closing an account asks the wallet back through refunds, forfeits the bonus and signs the member out; once', async () => {
    const me = await rider(25_000);
    await posted(me.memberId, 'BONUS_GRANT', 3_000);
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const member = await listed(cs, me.phone);
    expect(member).toMatchObject({ walletBalance: 25_000, bonusBalance: 3_000 });
    // Twenty taps at once: one close, one set of refunds.
    const answers = await Promise.all(Array.from({ length: 20 }, () => close(cs, member)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== Code.ok).every((a) => [Code.versionConflict, Code.transitionNotAllowed].includes(a.code))).toBe(true);

    const after = await listed(cs, me.phone);
    expect(after).toMatchObject({ status: 3, bonusBalance: 0, walletBalance: 25_000, remark: 'Moving abroad' });
    expect(await postingsOf(me.memberId, 'member')).toEqual([
      ['ADJUST', 'BONUS', 'D', 3_000],
      ['ADJUST', 'EXP_PROMO', 'C', 3_000],
    ]);
    const asked = await t.database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.memberId, me.memberId), eq(refunds.reason, 4)));
    expect(asked.map((r) => [r.amount, r.status, r.requestedByType])).toEqual([[25_000, 0, 2]]);
    expect((await t.call('GET', '/api/app/wallet', { headers: me.headers })).code).toBe(Code.noSession);
    expect((await close(cs, after)).code).toBe(Code.transitionNotAllowed);
  });

  it('an account that owes money stays open until the debt is settled', async () => {
    const me = await rider(0);
    await posted(me.memberId, 'RIDE_PAY', 4_500);
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const refused = await close(cs, await listed(cs, me.phone));
    expect(refused.code).toBe(Code.transitionNotAllowed);
    expect(refused.msg).toContain('4,500');
    expect((await listed(cs, me.phone)).status).toBe(0);
  });
});
