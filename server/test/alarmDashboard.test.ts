import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarms } from '../src/db/schema.ts';
import { raiseAlarm } from '../src/modules/alarm/raiseAlarm.ts';
import { useTestApp } from './harness.ts';

/** GET /alarm/dashboard: the alarm centre Home's figures and charts, in the caller's scope. */
const t = useTestApp();
const PATH = '/api/alarm/dashboard';
let target = 7000;
const raise = (cityCode: number, alarmCode: string, level: number, at?: Date) =>
  raiseAlarm(t.services, { tenantId: 3, cityCode, alarmCode, level: level === 1 ? 3 : level, targetType: 1, targetId: target++, at }).then(
    async (a) => {
      // Level 1 without its push (no staff to tell here): the row says critical.
      if (level === 1) await t.database.db.update(alarms).set({ level: 1 }).where(eq(alarms.id, a.alarmId));
      return a;
    },
  );

describe('the alarm centre Home', () => {
  it('counts what is open by status, level and code, and today’s raises by hour, in the city asked for', async () => {
    const headers = await t.signIn('gowesbali.ops.denpasar');
    const read = async () => (await t.call('GET', `${PATH}?cityCode=3001`, { headers })).data;
    const before = await read();
    await raise(3001, 'LOW_SOC', 3);
    await raise(3001, 'LOW_SOC', 3);
    const critical = await raise(3001, 'POWER_CUT', 1);
    await t.database.db.update(alarms).set({ status: 1 }).where(eq(alarms.id, critical.alarmId));
    const closed = await raise(3001, 'FALL', 3);
    await t.database.db.update(alarms).set({ status: 2 }).where(eq(alarms.id, closed.alarmId));
    await raise(3001, 'OFFLINE', 3, new Date(Date.now() - 3 * 86_400_000));
    await raise(3002, 'LOW_SOC', 3);

    const after = await read();
    expect(after.open - before.open).toBe(3);
    expect(after.acknowledged - before.acknowledged).toBe(1);
    expect(after.critical - before.critical).toBe(1);
    expect(after.raisedToday - before.raisedToday).toBe(4);
    expect(after.utcOffsetHours).toBe(8);
    expect(after.byLevel.map((l: { level: number }) => l.level)).toEqual([1, 2, 3, 4]);
    const levelDelta = (level: number) =>
      after.byLevel.find((l: { level: number }) => l.level === level).count - before.byLevel.find((l: { level: number }) => l.level === level).count;
    expect([levelDelta(1), levelDelta(2), levelDelta(3), levelDelta(4)]).toEqual([1, 0, 3, 0]);
    const codeCount = (d: { byCode: Array<{ code: string; count: number }> }, code: string) => d.byCode.find((c) => c.code === code)?.count ?? 0;
    expect(codeCount(after, 'LOW_SOC') - codeCount(before, 'LOW_SOC')).toBe(2);
    expect(codeCount(after, 'FALL') - codeCount(before, 'FALL')).toBe(0);
    // Today, hour by hour up to now on Denpasar's clock (UTC+8): this hour holds the four.
    const hour = Math.floor(((Date.now() + 8 * 3_600_000) % 86_400_000) / 3_600_000);
    expect(after.today).toHaveLength(hour + 1);
    expect(after.today[hour].raised - (before.today[hour]?.raised ?? 0)).toBe(4);
  });

  it('shows a city-bound manager only their city, and needs the Home', async () => {
    await raise(3001, 'TAMPER', 2);
    const jakarta = await t.signIn('gowesbali.ops.jakarta');
    const seen = (await t.call('GET', PATH, { headers: jakarta })).data;
    expect(seen.byCode.find((c: { code: string }) => c.code === 'TAMPER')).toBeUndefined();
    expect(seen.utcOffsetHours).toBe(7);
    const admin = (await t.call('GET', PATH, { headers: await t.signIn('gowesbali.admin') })).data;
    expect(admin.byCode.find((c: { code: string }) => c.code === 'TAMPER')?.count).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', PATH, { headers: await t.signIn('gowesbali.fin.01') })).code).toBe(Code.forbidden);
    expect((await t.call('GET', `${PATH}?cityCode=x`, { headers: jakarta })).code).toBe(Code.validation);
  });
});
