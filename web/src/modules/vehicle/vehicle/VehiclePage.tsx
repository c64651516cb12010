import { vehicleResource } from '@kayuh/contract/resources/fleet';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { vehicleExtras } from './vehicleExtras';

/**
 * vehicle_main/vehicle: the fleet from its declaration, with Import from an xlsx, Print labels of the selection, and each
 * vehicle's IoT box: lock, unlock, ring, and its key.
 */
export default function VehiclePage() {
  return <ResourcePage resource={vehicleResource} extras={vehicleExtras} />;
}
