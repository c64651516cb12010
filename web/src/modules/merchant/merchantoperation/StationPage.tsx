import { StationType, stationResource } from '@kayuh/contract/resources/fleet';
import { deviceKeyDialog } from '../../../shared/device/DeviceKeyModal';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

const isCabinet = (values: Record<string, unknown>) => String(values.type ?? '') === String(StationType.swapCabinet);

/** A swap cabinet on the device link (docs/iot.md "Swap cabinets"), for its key. */
const CabinetKeyModal = deviceKeyDialog({
  url: '/merchant/station/deviceKey',
  body: (row) => ({ stationId: row.stationId }),
  imei: (row) => row.deviceSn as string | null | undefined,
  name: (row) => String(row.stationCode),
  explain: 'device.key.explainCabinet',
  noImei: 'device.noCabinet',
});

/**
 * main/merchantoperation: stations from their declaration; a swap cabinet's key for the device link, and the
 * cabinet-only fields (bays, device serial, the swap fee) asked only of a cabinet.
 */
const stationExtras: ResourceExtras = {
  rowActions: [
    {
      name: 'deviceKey',
      title: 'device.key.title',
      perm: 'deviceKey',
      enabled: (row) => isCabinet(row) && Boolean(row.deviceSn),
      Dialog: CabinetKeyModal,
    },
  ],
  fields: { slotCount: { visibleWhen: isCabinet }, deviceSn: { visibleWhen: isCabinet }, swapFee: { visibleWhen: isCabinet } },
};

export default function StationPage() {
  return <ResourcePage resource={stationResource} extras={stationExtras} />;
}
