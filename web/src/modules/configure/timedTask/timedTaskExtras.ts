import { post } from '../../../lib/http';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { cronRule } from './cronRule';
import { RunLogDrawer } from './RunLogDrawer';

/** Timed tasks: the cron expression checked by the server as it is typed, Run now, and each task's run log. */
export const timedTaskExtras: ResourceExtras = {
  rowActions: [
    {
      name: 'run',
      title: 'page.timedTask.runNow',
      perm: 'run',
      run: (row) => post<{ runId: number }>('/monitor/job/run', { jobId: row.jobId }),
      doneText: 'page.timedTask.runStarted',
    },
    { name: 'runLog', title: 'page.timedTask.runLog', readOnly: true, Dialog: RunLogDrawer },
  ],
  fields: {
    cronExpression: { rules: (t) => [cronRule(t)] },
  },
};
