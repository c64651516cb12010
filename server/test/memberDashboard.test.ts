import { Code } from '@kayuh/contract/codes';
import { MEMBER_TREND_DAYS } from '@kayuh/contract/api/memberDashboard';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { multipartForm, solidPng } from './multipart.ts';
import { useRiders } from './riders.ts';

/**
 * The customer centre Home (contract/api/memberDashboard): members, today's sign-ups, the identity queue and open
 * feedback of the caller's scope, moving as riders sign up, send their identity and report something.
 */
const t = useTestApp();
const { rider } = useRiders(t, '+62800009');
const PNG = { name: 'a.png', type: 'image/png', data: solidPng(16, 12, [120, 120, 120]) };

const dashboard = async (headers: Record<string, string>, cityCode?: number) =>
  t.call('GET', `/api/user/dashboard${cityCode ? `?cityCode=${cityCode}` : ''}`, { headers });
const send = async (who: { headers: Record<string, string> }, url: string, fields: Record<string, string>, files: Record<string, typeof PNG>) => {
  const form = multipartForm(fields, files);
  return (await t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...form.headers }, payload: form.payload })).json();
};

describe('the customer centre Home', () => {
  it("counts today's sign-ups, the identity queue and open feedback as riders act", async () => {
    const cs = await t.signIn('kitabike.cs.01');
    const first = await dashboard(cs);
    expect(first.code, JSON.stringify(first)).toBe(Code.ok);
    const before = first.data;
    expect(before.byStatus.map((s: { code: number }) => s.code)).toEqual([0, 1, 2, 3]);
    expect(before.byKyc.map((s: { code: number }) => s.code)).toEqual([0, 1, 2, 3]);
    expect(before.openFeedbackByType.map((s: { code: number }) => s.code)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(before.joinedByDay).toHaveLength(MEMBER_TREND_DAYS);
    // The demo's queues wait.
    expect(before.pendingKyc).toBeGreaterThanOrEqual(8);
    expect(before.oldestPendingKycAt).toEqual(expect.any(String));
    expect(before.newFeedback).toBeGreaterThanOrEqual(4);

    const me = await rider(0);
    const kyc = await send(
      me,
      '/api/app/kyc',
      { idType: '1', idNumber: '3171010112900003', realName: 'Budi Santoso' },
      { idPhoto: PNG, selfie: PNG },
    );
    expect(kyc.code, JSON.stringify(kyc)).toBe(Code.ok);
    const report = await send(me, '/api/app/feedback', { type: '4', content: 'Tambah stasiun di dekat MRT.' }, {});
    expect(report.code, JSON.stringify(report)).toBe(Code.ok);

    const after = (await dashboard(cs)).data;
    expect(after.members).toBe(before.members + 1);
    expect(after.newToday).toBe(before.newToday + 1);
    expect(after.joinedByDay.at(-1).count).toBe(before.joinedByDay.at(-1).count + 1);
    expect(after.pendingKyc).toBe(before.pendingKyc + 1);
    expect(after.openFeedback).toBe(before.openFeedback + 1);
    expect(after.newFeedback).toBe(before.newFeedback + 1);
    const suggestions = (d: typeof after) => d.openFeedbackByType.find((r: { code: number }) => r.code === 4).count;
    expect(suggestions(after)).toBe(suggestions(before) + 1);
  });

  it("shows each operator its own, and a city's staff nothing of a city they do not hold", async () => {
    const kita = (await dashboard(await t.signIn('kitabike.admin'))).data;
    const gowes = (await dashboard(await t.signIn('gowesbali.admin'))).data;
    expect(kita.members).toBeGreaterThan(0);
    expect(gowes.members).toBeGreaterThan(0);
    expect(gowes.pendingKyc).toBeLessThan(kita.pendingKyc);
    const bandung = await t.signIn('kitabike.ops.bandung');
    const jakarta = (await dashboard(bandung, 2001)).data;
    expect(jakarta).toMatchObject({ members: 0, newToday: 0, pendingKyc: 0, openFeedback: 0 });
    // Another operator's city answers as a city of nobody's.
    expect((await dashboard(await t.signIn('gowesbali.admin'), 2001)).data.members).toBe(0);
  });
});
