import { Code } from '@kayuh/contract/codes';
import { OpState } from '@kayuh/contract/resources/fleet';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarmEvents, alarmRules, alarms, timedTasks, vehicleLiveStatus, vehicles } from '../src/db/schema.ts';
import { scanOffline } from '../src/modules/alarm/offlineScan.ts';
import { useTestApp } from './harness.ts';

/** The OFFLINE rule (DOMAIN §6.3): a vehicle that should report and has not for the rule's minutes. */
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
