import { JOB_TARGET_OPTIONS } from '../jobTargets.ts';
import { QUARTZ_CRON_PATTERN_HINT } from './timedTaskHints.ts';
import type { ResourceDef } from './types.ts';

/** Timed tasks (DOMAIN §5.8): Quartz cron, per-task time zone, misfire policy and concurrency. */
export const timedTaskResource: ResourceDef = {
  key: 'timedTask',
  module: 'configure',
  page: 'timedTask',
  api: '/monitor/job',
  idName: 'jobId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'jobName', order: 'asc' },
  titleField: 'jobName',
  fields: [
    { name: 'jobName', type: 'text', required: true, max: 64, unique: true, list: true, filter: 'like', sortable: true, example: 'Nightly clean-up' },
    { name: 'jobGroup', type: 'dict', dict: 'timed_tasks_job_group', required: true, defaultValue: 'DEFAULT', list: true, filter: 'eq' },
    { name: 'invokeTarget', type: 'text', required: true, options: JOB_TARGET_OPTIONS, list: true, span: 24, example: 'sessionTask.cleanExpired' },
    { name: 'cronExpression', type: 'text', required: true, max: 120, pattern: QUARTZ_CRON_PATTERN_HINT, list: true, example: '0 0 3 * * ?' },
    { name: 'timeZone', type: 'text', required: true, max: 40, defaultValue: 'Asia/Jakarta', list: 'hidden', example: 'Asia/Jakarta' },
    { name: 'misfirePolicy', type: 'dict', dict: 'timed_tasks_misfire_policy', required: true, defaultValue: '0', list: 'hidden' },
    { name: 'concurrent', type: 'dict', dict: 'timed_tasks_concurrent', required: true, defaultValue: '1', list: 'hidden' },
    { name: 'timeoutS', type: 'int', required: true, min: 1, max: 86_400, defaultValue: 600, list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'timed_tasks_status', form: false, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'lastFireAt', type: 'datetime', serverOnly: true, list: true, sortable: true },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
  transitions: [
    { name: 'pause', field: 'status', from: ['0'], to: '1', action: 'edit' },
    { name: 'resume', field: 'status', from: ['1'], to: '0', action: 'edit' },
  ],
};

/** The run log of timed tasks (timed_task_runs [A]): read-only, under the same page permission. */
export const timedTaskRunResource: ResourceDef = {
  key: 'timedTaskRun',
  module: 'configure',
  page: 'timedTask',
  api: '/monitor/jobLog',
  idName: 'jobLogId',
  scope: 'tenant',
  editable: false,
  actions: [],
  defaultSort: { field: 'startAt', order: 'desc' },
  paging: 'cursor',
  titleField: 'jobName',
  fields: [
    { name: 'taskId', type: 'int', form: false, list: false, filter: 'eq' },
    { name: 'jobName', type: 'text', form: false, list: true, filter: 'like' },
    { name: 'jobGroup', type: 'dict', dict: 'timed_task_runs_job_group', form: false, list: true, filter: 'eq' },
    { name: 'invokeTarget', type: 'text', options: JOB_TARGET_OPTIONS, form: false, list: true },
    { name: 'status', type: 'dict', dict: 'timed_task_runs_status', form: false, list: true, filter: 'eq' },
    { name: 'message', type: 'text', translated: true, form: false, list: true },
    { name: 'rowsAffected', type: 'int', form: false, list: true },
    { name: 'exception', type: 'textarea', form: false, list: 'hidden' },
    { name: 'startAt', type: 'datetime', form: false, list: true, sortable: true, filter: 'range' },
    { name: 'endAt', type: 'datetime', form: false, list: true },
  ],
};
