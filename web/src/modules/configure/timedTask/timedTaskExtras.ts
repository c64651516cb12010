import type { ResourceDef } from '@kayuh/contract/resources/types';
import { timedTaskRunResource } from '@kayuh/contract/resources/timedTask';
import { post } from '../../../lib/http';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { cronRule } from './cronRule';
import { runLogDrawer } from './RunLogDrawer';

/**
 * A task list's extras: the cron expression checked by the server as it is typed, Run now (at `runPath`, under the
 * page's run permission), and each task's runs from `runs`. System management's tasks and the alarm centre's.
 */
export function taskExtras(runPath: string, runs: ResourceDef): ResourceExtras {
  return {
    rowActions: [
      {
        name: 'run',
        title: 'page.timedTask.runNow',
        perm: 'run',
        run: (row) => post<{ runId: number }>(runPath, { jobId: row.jobId }),
        doneText: 'page.timedTask.runStarted',
      },
      { name: 'runLog', title: 'page.timedTask.runLog', readOnly: true, Dialog: runLogDrawer(runs) },
    ],
    fields: {
      cronExpression: { rules: (t) => [cronRule(t)] },
    },
  };
}

export const timedTaskExtras = taskExtras('/monitor/job/run', timedTaskRunResource);
