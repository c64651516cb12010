import { alarmTaskResource, alarmTaskRunResource } from '@kayuh/contract/resources/alarmTask';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { taskExtras } from '../../configure/timedTask/timedTaskExtras';

const extras = taskExtras(`${alarmTaskResource.api}/run`, alarmTaskRunResource);

/** alarm_main/timed_task: the tenant's ALARM tasks, as System management shows tasks, with Run now and their runs. */
export default function AlarmTaskPage() {
  return <ResourcePage resource={alarmTaskResource} extras={extras} />;
}
