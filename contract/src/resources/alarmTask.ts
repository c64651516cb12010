import { timedTaskResource, timedTaskRunResource } from './timedTask.ts';
import { fieldLabel, type FieldDef, type ResourceDef } from './types.ts';

/** A timed task's field as the alarm centre shows it: the same words, but what the task runs is not for its staff to change. */
const asAlarmField = (f: FieldDef): FieldDef => ({
  ...f,
  label: fieldLabel(timedTaskResource, f),
  ...(f.name === 'invokeTarget' || f.name === 'jobGroup' ? { serverOnly: true } : {}),
});

/**
 * /alarm_main/timed_task (DOMAIN §1.11): the tenant's ALARM tasks — the scans behind the absence rules — with their
 * schedule, pause and resume, Run now and their runs. They come with the tenant; their targets are fixed.
 */
export const alarmTaskResource: ResourceDef = {
  ...timedTaskResource,
  key: 'alarmTask',
  module: 'alarm',
  page: 'timed_task',
  api: '/alarm/task',
  actions: ['edit'],
  fixed: { jobGroup: ['ALARM'] },
  fields: timedTaskResource.fields.map(asAlarmField),
};

/** The runs of the ALARM tasks, under the same page. */
export const alarmTaskRunResource: ResourceDef = {
  ...timedTaskRunResource,
  key: 'alarmTaskRun',
  module: 'alarm',
  page: 'timed_task',
  api: '/alarm/taskRun',
  fixed: { jobGroup: ['ALARM'] },
  fields: timedTaskRunResource.fields.map((f) => ({ ...f, label: fieldLabel(timedTaskRunResource, f) })),
};
