import { vehicleResource } from '@kayuh/contract/resources/fleet';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { vehicleExtras } from '../fleetImport/fleetExtras';

/** vehicle_main/vehicle: the fleet from its declaration, with Import from an xlsx and Print labels of the selection. */
export default function VehiclePage() {
  return <ResourcePage resource={vehicleResource} extras={vehicleExtras} />;
}
