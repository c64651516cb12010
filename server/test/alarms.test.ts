import { Code } from '@kayuh/contract/codes';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarmEvents, alarms, staffNotifications, users } from '../src/db/schema.ts';
import { raiseAlarm, REOPEN_WINDOW_MS, type AlarmSignal } from '../src/modules/alarm/raiseAlarm.ts';
import { useTestApp } from './harness.ts';

const COUNT = '/api/monitor-center/alarm/getAlarmCount';

const t = useTestApp();

let nextTarget = 1000;
/** A level-3 (no push) vehicle alarm in Denpasar unless told otherwise; each call a new vehicle. */
const signal = (extra: Partial<AlarmSignal> = {}): AlarmSignal => ({
  tenantId: 3,
  cityCode: 3001,
  alarmCode: 'LOW_SOC',
  level: 3,
  targetType: 1,
  targetId: nextTarget++,
  ...extra,
});
const alarmRow = async (id: number) => (await t.database.db.select().from(alarms).where(eq(alarms.id, id)))[0]!;
const eventsOf = async (id: number) =>
  (await t.database.db.select({ event: alarmEvents.event }).from(alarmEvents).where(eq(alarmEvents.alarmId, id)).orderBy(asc(alarmEvents.id))).map(
    (e) => e.event,
  );
const noticesFor = async (alarmNo: string) => {
  const rows = await t.database.db
    .select({
      userName: users.userName,
      title: staffNotifications.title,
      message: staffNotifications.message,
      url: staffNotifications.url,
      bizCmd: staffNotifications.bizCmd,
    })
    .from(staffNotifications)
    .innerJoin(users, eq(users.id, staffNotifications.userId));
  return rows.filter((r) => r.message.includes(alarmNo)).sort((a, b) => a.userName.localeCompare(b.userName));
};
const countFor = async (headers: Record<string, string>, status: number | string) => t.call('POST', COUNT, { headers, body: { status } });

describe('raiseAlarm: one open alarm per target and code (DOMAIN §3.14)', () => {
  it('raises an AL-numbered alarm, then counts repeats on it', async () => {
    const s = signal();
    const first = await raiseAlarm(t.services, { ...s, at: new Date('2026-11-21T01:00:00Z') });
    expect(first).toMatchObject({ event: 'raised', notified: 0 });
    expect(first.alarmNo).toMatch(/^AL261121\d{8}$/);
    const again = await raiseAlarm(t.services, { ...s, at: new Date('2026-11-21T01:05:00Z') });
    expect(again).toMatchObject({ alarmId: first.alarmId, alarmNo: first.alarmNo, event: 'repeated' });
    const row = await alarmRow(first.alarmId);
    expect(row).toMatchObject({ occurCount: 2, status: 0, cityCode: 3001, level: 3 });
    expect(row.firstAt.toISOString()).toBe('2026-11-21T01:00:00.000Z');
    expect(row.lastAt.toISOString()).toBe('2026-11-21T01:05:00.000Z');
    expect(await eventsOf(first.alarmId)).toEqual(['raised', 'repeated']);
  });

  it('keeps counting while acknowledged, and raises a new alarm once it is resolved or for another code', async () => {
    const s = signal();
    const first = await raiseAlarm(t.services, s);
    await t.database.db.update(alarms).set({ status: 1 }).where(eq(alarms.id, first.alarmId));
    expect((await raiseAlarm(t.services, s)).alarmId).toBe(first.alarmId);
    const other = await raiseAlarm(t.services, { ...s, alarmCode: 'OFFLINE' });
    expect(other.alarmId).not.toBe(first.alarmId);
    await t.database.db.update(alarms).set({ status: 2 }).where(eq(alarms.id, first.alarmId));
    const fresh = await raiseAlarm(t.services, s);
    expect(fresh).toMatchObject({ event: 'raised' });
    expect(fresh.alarmId).not.toBe(first.alarmId);
    expect(fresh.alarmNo).not.toBe(first.alarmNo);
  });

  it('reopens an alarm that recovered minutes ago, not one that recovered long ago', async () => {
    const s = signal();
    const first = await raiseAlarm(t.services, s);
    await t.database.db
      .update(alarms)
      .set({ status: 3, recoveredAt: new Date(Date.now() - 60_000) })
      .where(eq(alarms.id, first.alarmId));
    const back = await raiseAlarm(t.services, s);
    expect(back).toMatchObject({ alarmId: first.alarmId, event: 'reopened' });
    expect(await alarmRow(first.alarmId)).toMatchObject({ status: 0, occurCount: 2, recoveredAt: null });
    await t.database.db
      .update(alarms)
      .set({ status: 3, recoveredAt: new Date(Date.now() - REOPEN_WINDOW_MS - 60_000) })
      .where(eq(alarms.id, first.alarmId));
    expect((await raiseAlarm(t.services, s)).alarmId).not.toBe(first.alarmId);
  });
});

describe('alarm notices (level ≤ 2 pushes to the city staff who handle alarms)', () => {
  it("tells Denpasar's admin and operations manager, nobody else and no other tenant", async () => {
    const illegalMove = signal({ alarmCode: 'ILLEGAL_MOVE', level: 1, targetName: 'GB-0042' });
    const raised = await raiseAlarm(t.services, illegalMove);
    expect(raised.notified).toBe(2);
    const notices = await noticesFor(raised.alarmNo);
    expect(notices.map((n) => n.userName)).toEqual(['gowesbali.admin', 'gowesbali.ops.denpasar']);
    expect(notices[0]).toMatchObject({
      bizCmd: 'titleMessage',
      url: '/alarm_main/alarm_list',
      title: 'Alarm Kritis: Pemindahan ilegal',
      message: `Kendaraan GB-0042 · ${raised.alarmNo}`,
    });
    expect(await eventsOf(raised.alarmId)).toEqual(['raised', 'notified']);
    // A repeat of the open alarm is counted, not pushed again.
    expect(await raiseAlarm(t.services, illegalMove)).toMatchObject({ event: 'repeated', notified: 0 });
    expect(await noticesFor(raised.alarmNo)).toHaveLength(2);
  });

  it('writes each in the language they read: the Bandung manager in English', async () => {
    const raised = await raiseAlarm(t.services, signal({ tenantId: 2, cityCode: 2002, alarmCode: 'BATTERY_TEMP', level: 2, targetType: 2 }));
    const notices = await noticesFor(raised.alarmNo);
    expect(notices.map((n) => [n.userName, n.title])).toEqual([
      ['kitabike.admin', 'Alarm Berat: Suhu baterai tinggi'],
      ['kitabike.ops.bandung', 'Major alarm: Battery over-temperature'],
    ]);
    expect(notices[1]!.message).toBe(`Battery #${(await alarmRow(raised.alarmId)).targetId} · ${raised.alarmNo}`);
  });

  it('does not push minor and info alarms', async () => {
    const raised = await raiseAlarm(t.services, signal({ level: 3 }));
    expect(raised.notified).toBe(0);
    expect(await noticesFor(raised.alarmNo)).toEqual([]);
    expect(await eventsOf(raised.alarmId)).toEqual(['raised']);
  });
});

describe('getAlarmCount (spec §7): the caller’s visible alarms with a status', () => {
  it('counts by status within the tenant and the visible cities', async () => {
    const db = t.database.db;
    const open = async (tenantId: number, cityCodes: number[]) =>
      (
        await db
          .select({ id: alarms.id })
          .from(alarms)
          .where(and(eq(alarms.tenantId, tenantId), eq(alarms.status, 0), inArray(alarms.cityCode, cityCodes)))
      ).length;
    await raiseAlarm(t.services, signal({ cityCode: 3002 }));
    const admin = await t.signIn('gowesbali.admin');
    const denpasar = await t.signIn('gowesbali.ops.denpasar');
    const jakarta = await t.signIn('gowesbali.ops.jakarta');
    const kita = await t.signIn('kitabike.admin');

    const adminOpen = await countFor(admin, 0);
    expect(adminOpen).toMatchObject({ code: Code.ok, data: await open(3, [3001, 3002]) });
    expect(adminOpen.data).toBeGreaterThan(3);
    expect((await countFor(denpasar, 0)).data).toBe(await open(3, [3001]));
    // The alarm just raised in the second city, and the demo's stuck prepaid orders there.
    expect((await countFor(jakarta, 0)).data).toBe(await open(3, [3002]));
    expect(await open(3, [3002])).toBeGreaterThanOrEqual(1);
    // Another tenant's alarms are not counted.
    expect((await countFor(kita, 0)).data).toBe(await open(2, [2001, 2002, 2003]));
    // Other statuses, form-encoded.
    const resolved = await t.call('POST', COUNT, { headers: admin, form: { status: '2' } });
    expect(resolved.data).toBe(
      (
        await db
          .select({ id: alarms.id })
          .from(alarms)
          .where(and(eq(alarms.tenantId, 3), eq(alarms.status, 2)))
      ).length,
    );
    expect(resolved.data).toBeGreaterThan(0);
  });

  it('answers the super admin for the tenant it works in, or every tenant', async () => {
    const platform = await t.signIn('superadmin');
    const all = (await t.database.db.select({ id: alarms.id }).from(alarms).where(eq(alarms.status, 0))).length;
    expect((await countFor(platform, 0)).data).toBe(all);
    const gowes = (
      await t.database.db
        .select({ id: alarms.id })
        .from(alarms)
        .where(and(eq(alarms.status, 0), eq(alarms.tenantId, 3)))
    ).length;
    expect((await countFor({ ...platform, 'tenant-id': '3' }, 0)).data).toBe(gowes);
  });

  it('needs the alarm list, a session and a valid status', async () => {
    expect((await countFor(await t.signIn('gowesbali.tech.denpasar.01'), 0)).code).toBe(Code.forbidden);
    expect((await t.call('POST', COUNT, { body: { status: 0 } })).code).toBe(Code.noSession);
    const admin = await t.signIn('gowesbali.admin', { lang: 'EN' });
    expect((await t.call('POST', COUNT, { headers: admin, body: {} })).data.fields).toEqual({ status: 'Required' });
    expect((await countFor(admin, 9)).data.fields).toEqual({ status: 'Must be at most 4' });
  });
});
