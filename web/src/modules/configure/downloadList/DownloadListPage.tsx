import { downloadListResource } from '@kayuh/contract/resources/downloadList';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { downloadExtras } from './downloadExtras';

/** configure/downloadList: the engine's list of export jobs, with downloads and live progress. */
export default function DownloadListPage() {
  return <ResourcePage resource={downloadListResource} extras={downloadExtras} />;
}
