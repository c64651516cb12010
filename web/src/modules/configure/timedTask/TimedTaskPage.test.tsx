import { JOB_TARGETS } from '@kayuh/contract/jobTargets';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, ok, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { bodiesTo, dictApi, findRow } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

const task = {
  jobId: 7,
  jobName: 'Nightly clean-up',
  jobGroup: 'DEFAULT',
  invokeTarget: 'sessionTask.cleanExpired',
  cronExpression: '0 0 3 * * ?',
  status: '0',
  version: 2,
  tenantId: 2,
};
const api = () => ({
  ...shellApi(),
  ...dictApi(),
  'POST /monitor/job/list': () => page([task]),
  'POST /monitor/job/checkCronExpressionIsValid': (body: unknown) => ok((body as { cronExpression: string }).cronExpression === '0 0 3 * * ?'),
  'POST /monitor/job/run': () => ok({ runId: 99 }),
  'POST /monitor/jobLog/list': () =>
    page([
      {
        jobLogId: 1,
        taskId: 7,
        jobName: 'Nightly clean-up',
        jobGroup: 'DEFAULT',
        invokeTarget: 'sessionTask.cleanExpired',
        status: '0',
        message: 'Cleaned 12 sessions',
        startAt: '2026-03-01T20:00:00Z',
        endAt: '2026-03-01T20:00:01Z',
      },
    ]),
});
const openMore = async () => {
  fireEvent.click(within(await findRow('Nightly clean-up')).getByRole('button', { name: /Lainnya/ }));
  await waitFor(() => expect(screen.getAllByRole('menu')).toBeTruthy());
  return screen.getAllByRole('menu').at(-1)!;
};

describe('timed tasks', () => {
  it('checks the cron expression with the server once typing pauses, and says when it is not valid', async () => {
    const calls = mockApi(api());
    renderApp('/configure/timedTask');
    await findRow('Nightly clean-up');
    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    const cron = await within(await screen.findByRole('dialog')).findByLabelText(tr('field.timedTask.cronExpression'));
    fireEvent.change(cron, { target: { value: '0 0 24 * * ?' } });
    fireEvent.change(cron, { target: { value: '0 0 25 * * ?' } });
    expect(await screen.findByText(tr('validation.cron'))).toBeTruthy();
    // Two quick edits, one question: the last expression.
    expect(bodiesTo(calls, '/monitor/job/checkCronExpressionIsValid')).toEqual([{ cronExpression: '0 0 25 * * ?' }]);

    fireEvent.change(cron, { target: { value: '0 0 3 * * ?' } });
    await waitFor(() => expect(screen.queryByText(tr('validation.cron'))).toBeNull());
  });

  it("picks the invoke target from the allow-list, each described in the user's language", async () => {
    const calls = mockApi({ ...api(), 'POST /monitor/job/add': () => ok(task) });
    renderApp('/configure/timedTask');
    // The list reads the target's description, not its code name.
    expect(await findRow(tr('jobTarget.sessionTask.cleanExpired'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(tr('field.timedTask.jobName')), { target: { value: 'Hourly expiry' } });
    fireEvent.change(within(dialog).getByLabelText(tr('field.timedTask.cronExpression')), { target: { value: '0 0 3 * * ?' } });
    fireEvent.mouseDown(within(dialog).getByLabelText(tr('field.timedTask.invokeTarget')));
    const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    // The allow-list in its order, each by its description (the select's list is virtual: it renders its first rows;
    // the server's test checks every target is offered).
    await waitFor(() => expect(options().length).toBeGreaterThanOrEqual(Math.min(JOB_TARGETS.length, 10)));
    expect(options()).toEqual(JOB_TARGETS.map((target) => tr(`jobTarget.${target}`)).slice(0, options().length));
    fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === tr('jobTarget.exportTask.expire'))!);
    fireEvent.click(within(dialog).getByRole('button', { name: /Simpan/ }));

    await waitFor(() => expect(bodiesTo(calls, '/monitor/job/add')).toHaveLength(1));
    expect(bodiesTo(calls, '/monitor/job/add')[0]).toMatchObject({
      jobName: 'Hourly expiry',
      invokeTarget: 'exportTask.expire',
      cronExpression: '0 0 3 * * ?',
    });
  });

  it('asks for a target before saving', async () => {
    const calls = mockApi({ ...api(), 'POST /monitor/job/add': () => ok(task) });
    renderApp('/configure/timedTask');
    await findRow('Nightly clean-up');
    fireEvent.click(screen.getByRole('button', { name: /Tambah/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(tr('field.timedTask.jobName')), { target: { value: 'Hourly expiry' } });
    fireEvent.change(within(dialog).getByLabelText(tr('field.timedTask.cronExpression')), { target: { value: '0 0 3 * * ?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Simpan/ }));
    expect(await within(dialog).findByText(tr('validation.required'))).toBeTruthy();
    expect(bodiesTo(calls, '/monitor/job/add')).toEqual([]);
  });

  it('runs a task now and shows its run log in a drawer', async () => {
    const calls = mockApi(api());
    renderApp('/configure/timedTask');
    fireEvent.click(within(await openMore()).getByText(tr('page.timedTask.runNow')));
    expect(await screen.findByText(tr('page.timedTask.runStarted'))).toBeTruthy();
    expect(bodiesTo(calls, '/monitor/job/run')).toEqual([{ jobId: 7 }]);

    fireEvent.click(within(await openMore()).getByText(tr('page.timedTask.runLog')));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Cleaned 12 sessions')).toBeTruthy();
    // The run log pages by cursor: no page number is sent.
    expect(bodiesTo(calls, '/monitor/jobLog/list')[0]).toEqual({ pageSize: 20, taskId: '7' });
    // The task is the drawer's own filter, not one to change.
    expect(within(within(drawer).getByRole('search')).queryByLabelText(tr('field.timedTaskRun.taskId'))).toBeNull();
  });
});
