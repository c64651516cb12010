import { timedTaskResource } from '@kayuh/contract/resources/timedTask';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { timedTaskExtras } from './timedTaskExtras';

/** configure/timedTask: the engine's task list, with the server's cron check, Run now and the run log. */
export default function TimedTaskPage() {
  return <ResourcePage resource={timedTaskResource} extras={timedTaskExtras} />;
}
