import { Code } from '@kayuh/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('kitabike.admin', { lang: 'EN' });
});
afterAll(async () => {
  await t?.close();
});

const task = {
  jobName: 'Expire sessions',
  jobGroup: 'SYSTEM',
  invokeTarget: 'sessionTask.cleanExpired',
  cronExpression: '0 0/5 * * * ?',
  timeZone: 'Asia/Jakarta',
  misfirePolicy: '0',
  concurrent: '1',
  timeoutS: 60,
};

describe('timed tasks', () => {
  it('checks a cron expression by the Quartz rules, answering a bare boolean', async () => {
    const check = async (cronExpression: string) =>
      (await t.call('POST', '/api/monitor/job/checkCronExpressionIsValid', { headers: admin, form: { cronExpression } })).data;
    expect(await check('0 15 10 ? * 6#3')).toBe(true);
    expect(await check('0 0 12 L * ?')).toBe(true);
    expect(await check('0 0 12 1 * 2')).toBe(false);
    expect(await check('* * *')).toBe(false);
  });

  it('refuses to save an invalid cron, an unknown zone or a target outside the allow-list', async () => {
    const res = await t.call('POST', '/api/monitor/job/add', {
      headers: admin,
      body: { ...task, cronExpression: '0 0 12 1 * 2', timeZone: 'Mars/Olympus' },
    });
    expect(res.code).toBe(Code.validation);
    expect(res.data.fields).toEqual({
      cronExpression: 'Not a valid cron expression (Quartz, 6–7 fields)',
      timeZone: 'Unknown time zone, e.g. Asia/Jakarta',
    });
    // The target is one of the declaration's options, checked by the schema on add and on edit alike.
    const target = await t.call('POST', '/api/monitor/job/add', { headers: admin, body: { ...task, invokeTarget: 'process.exit' } });
    expect(target.data.fields).toEqual({ invokeTarget: 'Not one of the allowed options' });
    const created = (await t.call('POST', '/api/monitor/job/add', { headers: admin, body: { ...task, jobName: 'Allow-listed' } })).data;
    const edit = await t.call('POST', '/api/monitor/job/edit', {
      headers: admin,
      body: { jobId: created.jobId, version: created.version, invokeTarget: 'sessionTask.cleanExpired; rm' },
    });
    expect(edit.data.fields).toEqual({ invokeTarget: 'Not one of the allowed options' });
    const missing = await t.call('POST', '/api/monitor/job/add', { headers: admin, body: { ...task, invokeTarget: undefined } });
    expect(missing.data.fields).toEqual({ invokeTarget: 'Required' });
  });

  it('lists the allowed targets with their descriptions, the same choices the form offers', async () => {
    const res = await t.call('GET', '/api/monitor/job/targets', { headers: admin });
    expect(res.data).toEqual([
      { value: 'sessionTask.cleanExpired', label: 'jobTarget.sessionTask.cleanExpired' },
      { value: 'exportTask.expire', label: 'jobTarget.exportTask.expire' },
      { value: 'deviceTask.keepTelemetry', label: 'jobTarget.deviceTask.keepTelemetry' },
      { value: 'deviceTask.markOffline', label: 'jobTarget.deviceTask.markOffline' },
      { value: 'alarmTask.scanOffline', label: 'jobTarget.alarmTask.scanOffline' },
      { value: 'alarmTask.repeatNotices', label: 'jobTarget.alarmTask.repeatNotices' },
      { value: 'paymentTask.expireOrders', label: 'jobTarget.paymentTask.expireOrders' },
      { value: 'paymentTask.submitRefunds', label: 'jobTarget.paymentTask.submitRefunds' },
      { value: 'paymentTask.checkPrepaid', label: 'jobTarget.paymentTask.checkPrepaid' },
      { value: 'ledgerTask.audit', label: 'jobTarget.ledgerTask.audit' },
      { value: 'rideTask.endOverdue', label: 'jobTarget.rideTask.endOverdue' },
      { value: 'passTask.expire', label: 'jobTarget.passTask.expire' },
      { value: 'swapTask.expire', label: 'jobTarget.swapTask.expire' },
      { value: 'memberTask.evaluateTags', label: 'jobTarget.memberTask.evaluateTags' },
      { value: 'memberTask.grantLevelCoupons', label: 'jobTarget.memberTask.grantLevelCoupons' },
      { value: 'ticketTask.sla', label: 'jobTarget.ticketTask.sla' },
      { value: 'ticketTask.rules', label: 'jobTarget.ticketTask.rules' },
      { value: 'ticketTask.zoneTargets', label: 'jobTarget.ticketTask.zoneTargets' },
      { value: 'shareTask.accrue', label: 'jobTarget.shareTask.accrue' },
      { value: 'shareTask.settle', label: 'jobTarget.shareTask.settle' },
    ]);
  });

  it('runs a task now and records the run; pause and resume are state changes', async () => {
    const created = await t.call('POST', '/api/monitor/job/add', { headers: admin, body: task });
    expect(created.code).toBe(Code.ok);
    const jobId = created.data.jobId;
    const run = await t.call('POST', '/api/monitor/job/run', { headers: admin, body: { jobId } });
    expect(run.code).toBe(Code.ok);
    await t.workers.scheduler.stop();
    const runs = await t.call('POST', '/api/monitor/jobLog/list', { headers: admin, body: { taskId: jobId } });
    expect(runs.rows).toEqual([
      expect.objectContaining({ status: 0, invokeTarget: 'sessionTask.cleanExpired', message: 'jobRun.msg.sessionsExpired' }),
    ]);

    const paused = await t.call('POST', '/api/monitor/job/pause', { headers: admin, body: { jobId, version: created.data.version } });
    expect(paused.data.status).toBe('1');
    const again = await t.call('POST', '/api/monitor/job/pause', { headers: admin, body: { jobId, version: paused.data.version } });
    expect(again.code).toBe(Code.transitionNotAllowed);
    const resumed = await t.call('POST', '/api/monitor/job/resume', { headers: admin, body: { jobId, version: paused.data.version } });
    expect(resumed.data.status).toBe('0');
  });

  it("keeps another tenant's task out of reach of run-now", async () => {
    const created = await t.call('POST', '/api/monitor/job/add', { headers: admin, body: { ...task, jobName: 'Private' } });
    const other = await t.signIn('gowesbali.admin');
    expect((await t.call('POST', '/api/monitor/job/run', { headers: other, body: { jobId: created.data.jobId } })).code).toBe(Code.notFound);
  });
});
