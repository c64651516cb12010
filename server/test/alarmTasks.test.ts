import { Code } from '@kayuh/contract/codes';
import { OpState, StationType } from '@kayuh/contract/resources/fleet';
import { and, asc, count, eq, isNotNull, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { alarmEvents, alarmRules, alarms, staffNotifications, stations, timedTasks, vehicleLiveStatus, vehicles } from '../src/db/schema.ts';
import { scanCabinetsOffline } from '../src/modules/alarm/cabinetOffline.ts';
import { scanOffline } from '../src/modules/alarm/offlineScan.ts';
import { raiseAlarm } from '../src/modules/alarm/raiseAlarm.ts';
import { repeatNotices } from '../src/modules/alarm/repeatNotices.ts';
import { useTestApp } from './harness.ts';

/** The tenant's ALARM tasks (DOMAIN §6.3): the OFFLINE rule no frame can fire, and reminders of alarms nobody took on. */
const t = useTestApp();
const TENANT = 3;
const scan = () => scanOffline(t.services, TENANT, new AbortController().signal);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** GowesBali's vehicles with an IoT box in a state that reports, in Denpasar, one per test. */
let taken = 0;
async function vehicle(opState: number = OpState.available) {
  const rows = await t.database.db
    .select({ id: vehicles.id, cityCode: vehicles.cityCode })
    .from(vehicles)
    .innerJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .where(and(eq(vehicles.tenantId, TENANT), eq(vehicles.cityCode, 3001), eq(vehicles.opState, OpState.available), isNotNull(vehicles.imei)))
    .orderBy(asc(vehicles.id))
    .offset(taken++)
    .limit(1);
  const v = rows[0]!;
  if (opState !== OpState.available) await t.database.db.update(vehicles).set({ opState }).where(eq(vehicles.id, v.id));
  return v;
}
const lastHeard = (vehicleId: number, at: Date) =>
  t.database.db.update(vehicleLiveStatus).set({ lastReportedAt: at }).where(eq(vehicleLiveStatus.vehicleId, vehicleId));
const offlineAlarms = (vehicleId: number) =>
  t.database.db
    .select()
    .from(alarms)
    .where(and(eq(alarms.targetId, vehicleId), eq(alarms.targetType, 1), eq(alarms.alarmCode, 'OFFLINE')));

// The demo's "online" vehicles reported just before it was seeded, and a seeded copy may be older than 20 minutes:
// every vehicle of the tenant has just reported, and none is offline, before each test.
beforeEach(async () => {
  await t.database.db.update(vehicleLiveStatus).set({ lastReportedAt: new Date() }).where(eq(vehicleLiveStatus.tenantId, TENANT));
  await t.database.db.delete(alarms).where(and(eq(alarms.tenantId, TENANT), eq(alarms.alarmCode, 'OFFLINE')));
});

describe('the OFFLINE rule', () => {
  it('raises once on a vehicle silent past 20 minutes, and recovers it when it reports again', async () => {
    const v = await vehicle();
    await lastHeard(v.id, minutesAgo(25));
    const first = await scan();
    expect(first.raised).toBeGreaterThan(0);
    const [raised] = await offlineAlarms(v.id);
    expect(raised).toMatchObject({ status: 0, level: 3, occurCount: 1, cityCode: 3001, vehicleId: v.id });
    await scan();
    expect(await offlineAlarms(v.id)).toEqual([expect.objectContaining({ id: raised!.id, status: 0, occurCount: 1 })]);

    const back = new Date();
    await lastHeard(v.id, back);
    expect((await scan()).recovered).toBeGreaterThanOrEqual(1);
    const [recovered] = await offlineAlarms(v.id);
    expect(recovered).toMatchObject({ id: raised!.id, status: 3 });
    expect(recovered!.recoveredAt!.getTime()).toBe(back.getTime());
    const events = await t.database.db.select().from(alarmEvents).where(eq(alarmEvents.alarmId, raised!.id)).orderBy(asc(alarmEvents.id));
    expect(events.map((e) => e.event)).toEqual(['raised', 'recovered']);
  });

  it('leaves alone a vehicle heard within the rule’s minutes, and one not expected to report', async () => {
    const recent = await vehicle();
    await lastHeard(recent.id, minutesAgo(15));
    const stocked = await vehicle(OpState.inStock);
    await lastHeard(stocked.id, minutesAgo(300));
    await scan();
    expect(await offlineAlarms(recent.id)).toEqual([]);
    expect(await offlineAlarms(stocked.id)).toEqual([]);
  });

  it('follows the city’s own rule over the tenant’s: its minutes, its level, and off when disabled', async () => {
    const v = await vehicle();
    const [rule] = await t.database.db
      .insert(alarmRules)
      .values({ tenantId: TENANT, cityCode: 3001, alarmCode: 'OFFLINE', targetType: 1, level: 2, threshold: '60', holdS: 0, recoverS: 0 })
      .returning();
    try {
      await lastHeard(v.id, minutesAgo(40));
      await scan();
      expect(await offlineAlarms(v.id)).toEqual([]);
      await lastHeard(v.id, minutesAgo(70));
      await scan();
      expect(await offlineAlarms(v.id)).toEqual([expect.objectContaining({ level: 2, ruleId: rule!.id })]);

      const quiet = await vehicle();
      await t.database.db.update(alarmRules).set({ enabled: false }).where(eq(alarmRules.id, rule!.id));
      await lastHeard(quiet.id, minutesAgo(600));
      await scan();
      expect(await offlineAlarms(quiet.id)).toEqual([]);
    } finally {
      await t.database.db.delete(alarmRules).where(eq(alarmRules.id, rule!.id));
    }
  });

  it('runs as the tenant’s own ALARM task, which its staff can run now and read the runs of', async () => {
    const v = await vehicle();
    await lastHeard(v.id, minutesAgo(30));
    const [task] = await t.database.db
      .select()
      .from(timedTasks)
      .where(and(eq(timedTasks.tenantId, TENANT), eq(timedTasks.invokeTarget, 'alarmTask.scanOffline')));
    expect(task).toMatchObject({ jobGroup: 'ALARM', cronExpression: '30 * * * * ?', jobName: 'Alarm kendaraan offline' });
    const admin = await t.signIn('gowesbali.admin');
    expect((await t.call('POST', '/api/monitor/job/run', { headers: admin, body: { jobId: task!.id } })).code).toBe(Code.ok);
    await t.workers.scheduler.stop();
    const runs = await t.call('POST', '/api/monitor/jobLog/list', { headers: admin, body: { taskId: task!.id } });
    expect(runs.rows[0]).toMatchObject({ status: 0, message: 'jobRun.msg.offlineAlarms' });
    expect(runs.rows[0].rowsAffected).toBeGreaterThanOrEqual(1);
    expect(await offlineAlarms(v.id)).toHaveLength(1);
  });
});

describe('the CABINET_OFFLINE rule', () => {
  it('raises once on a cabinet on the link silent past 5 minutes, recovers it when it reports, and leaves one off the link alone', async () => {
    const db = t.database.db;
    const [onLink, offLink] = await db
      .select({ id: stations.id })
      .from(stations)
      .where(and(eq(stations.tenantId, TENANT), eq(stations.type, StationType.swapCabinet)))
      .orderBy(asc(stations.id))
      .limit(2);
    await db
      .update(stations)
      .set({ deviceKeyHash: '$7$101$c2FsdA==$aGFzaA==', lastReportedAt: minutesAgo(8) })
      .where(eq(stations.id, onLink!.id));
    await db
      .update(stations)
      .set({ deviceKeyHash: null, lastReportedAt: minutesAgo(600) })
      .where(eq(stations.id, offLink!.id));
    const cabinetAlarms = (id: number) =>
      db
        .select()
        .from(alarms)
        .where(and(eq(alarms.targetId, id), eq(alarms.targetType, 3), eq(alarms.alarmCode, 'CABINET_OFFLINE')));
    const scanCabinets = () => scanCabinetsOffline(t.services, TENANT, new AbortController().signal);

    expect((await scanCabinets()).raised).toBe(1);
    await scanCabinets();
    const [raised] = await cabinetAlarms(onLink!.id);
    expect(raised).toMatchObject({ status: 0, level: 2, occurCount: 1, stationId: onLink!.id });
    expect(await cabinetAlarms(offLink!.id)).toEqual([]);

    await db.update(stations).set({ lastReportedAt: new Date() }).where(eq(stations.id, onLink!.id));
    expect((await scanCabinets()).recovered).toBe(1);
    expect(await cabinetAlarms(onLink!.id)).toEqual([expect.objectContaining({ id: raised!.id, status: 3 })]);
  });
});

describe('reminders of alarms nobody has taken on', () => {
  const remind = () => repeatNotices(t.services, TENANT, new AbortController().signal);
  const notices = async (alarmNo: string) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(staffNotifications)
        .where(like(staffNotifications.message, `%${alarmNo}%`))
    )[0]!.n;
  const told = async (alarmId: number) =>
    (await t.database.db.select().from(alarmEvents).where(eq(alarmEvents.alarmId, alarmId))).filter((e) => e.event === 'notified');

  it('pushes a level 1–2 alarm again once its rule’s repeat time has passed, and not once it is acknowledged', async () => {
    const [rule] = await t.database.db
      .insert(alarmRules)
      .values({ tenantId: TENANT, cityCode: 3001, alarmCode: 'TAMPER', targetType: 1, level: 2, holdS: 0, recoverS: 300, repeatMin: 15 })
      .returning();
    try {
      const raised = await raiseAlarm(t.services, {
        tenantId: TENANT,
        cityCode: 3001,
        alarmCode: 'TAMPER',
        level: 2,
        targetType: 1,
        targetId: 88_001,
        ruleId: rule!.id,
      });
      const first = await notices(raised.alarmNo);
      expect(first).toBeGreaterThan(0);
      // Told just now: not yet again.
      expect(await remind()).toBe(0);
      // Sixteen minutes later (the last notice moved back), once; and not twice in a row.
      await t.database.db
        .update(alarmEvents)
        .set({ createdAt: minutesAgo(16) })
        .where(eq(alarmEvents.alarmId, raised.alarmId));
      expect(await remind()).toBe(1);
      expect(await notices(raised.alarmNo)).toBe(2 * first);
      expect(await remind()).toBe(0);
      expect(await told(raised.alarmId)).toHaveLength(2);
      // Taken on: no more reminders.
      await t.database.db
        .update(alarmEvents)
        .set({ createdAt: minutesAgo(40) })
        .where(eq(alarmEvents.alarmId, raised.alarmId));
      await t.database.db.update(alarms).set({ status: 1 }).where(eq(alarms.id, raised.alarmId));
      expect(await remind()).toBe(0);
    } finally {
      await t.database.db.delete(alarmRules).where(eq(alarmRules.id, rule!.id));
    }
  });

  it('leaves alone minor alarms and rules without a repeat time', async () => {
    const [rule] = await t.database.db
      .insert(alarmRules)
      .values({ tenantId: TENANT, cityCode: 3001, alarmCode: 'FALL', targetType: 1, level: 3, holdS: 0, recoverS: 300, repeatMin: 5 })
      .returning();
    try {
      const minor = await raiseAlarm(t.services, {
        tenantId: TENANT,
        cityCode: 3001,
        alarmCode: 'FALL',
        level: 3,
        targetType: 1,
        targetId: 88_002,
        ruleId: rule!.id,
      });
      await t.database.db
        .update(alarms)
        .set({ firstAt: minutesAgo(60) })
        .where(eq(alarms.id, minor.alarmId));
      const [plain] = await t.database.db
        .select()
        .from(alarmRules)
        .where(and(eq(alarmRules.tenantId, TENANT), eq(alarmRules.alarmCode, 'POWER_CUT')));
      const critical = await raiseAlarm(t.services, {
        tenantId: TENANT,
        cityCode: 3001,
        alarmCode: 'POWER_CUT',
        level: 1,
        targetType: 1,
        targetId: 88_003,
        ruleId: plain!.id,
      });
      await t.database.db
        .update(alarmEvents)
        .set({ createdAt: minutesAgo(600) })
        .where(eq(alarmEvents.alarmId, critical.alarmId));
      expect(await remind()).toBe(0);
    } finally {
      await t.database.db.delete(alarmRules).where(eq(alarmRules.id, rule!.id));
    }
  });
});
