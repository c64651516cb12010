import { rideOrderResource } from '@kayuh/contract/resources/rideOrders';
import { formatDuration } from '@kayuh/contract/rules/format';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { RideDetailModal } from './RideDetailModal';

const duration = (value: unknown) => formatDuration(value as number | null);

/** Beyond the declaration: a ride's fare part by part and its track on the map; lengths as H:mm:ss. */
const rideOrderExtras: ResourceExtras = {
  rowActions: [{ name: 'rideDetail', title: 'rideOrder.detail.open', readOnly: true, Dialog: RideDetailModal }],
  fields: { durationS: { cell: duration }, pausedS: { cell: duration } },
};

/** /operations/orderList: the city's rides, newest first; customer service ends stuck rides and resolves abnormal ones. */
export default function RideOrderPage() {
  return <ResourcePage resource={rideOrderResource} extras={rideOrderExtras} />;
}
