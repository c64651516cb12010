import { batteryResource } from '@kayuh/contract/resources/fleet';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { batteryExtras } from '../../vehicle/fleetImport/fleetExtras';

/** operations/battery: the packs from their declaration, with Import from an xlsx. */
export default function BatteryPage() {
  return <ResourcePage resource={batteryResource} extras={batteryExtras} />;
}
