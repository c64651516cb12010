import type { IotCommandName, VehicleCommandDone } from '@kayuh/contract/api/device';
import { OwnerType } from '@kayuh/contract/resources/partners';
import { post } from '../../../lib/http';
import type { ResourceExtras, RowExtra } from '../../../shared/resource/resourceExtras';
import { vehicleExtras as fleetToolbar } from '../fleetImport/fleetExtras';
import { deviceKeyDialog } from '../../../shared/device/DeviceKeyModal';

/** A command to the vehicle's IoT box, answered when the box acks it (up to 15 s to lock or unlock). */
const command = (name: IotCommandName & ('lock' | 'unlock' | 'ring')): RowExtra => ({
  name: `command.${name}`,
  title: `device.command.${name}`,
  perm: name,
  enabled: (row) => Boolean(row.imei),
  run: (row) => post<VehicleCommandDone>('/vehicle/vehicle/command', { vehicleId: row.vehicleId, command: name }),
  doneText: `device.command.${name}.done`,
});

/** The vehicle's IoT box, for its key. */
const DeviceKeyModal = deviceKeyDialog({
  url: '/vehicle/vehicle/deviceKey',
  body: (row) => ({ vehicleId: row.vehicleId }),
  imei: (row) => row.imei as string | null | undefined,
  name: (row) => String(row.vehicleNo),
  explain: 'device.key.explain',
  noImei: 'device.noVehicleWithImei',
});

/**
 * vehicle_main/vehicle beyond its declaration: Import and Print labels (fleetImport), the IoT box's commands and key,
 * and the owning partner asked for only when the vehicle is not the operator's own.
 */
export const vehicleExtras: ResourceExtras = {
  ...fleetToolbar,
  rowActions: [
    command('lock'),
    command('unlock'),
    command('ring'),
    { name: 'deviceKey', title: 'device.key.title', perm: 'deviceKey', Dialog: DeviceKeyModal },
  ],
  fields: { ownerPartnerId: { visibleWhen: (values) => String(values.ownerType ?? OwnerType.operator) !== String(OwnerType.operator) } },
};
