import { PrinterOutlined, UploadOutlined } from '@ant-design/icons';
import { batteryResource, vehicleResource } from '@kayuh/contract/resources/fleet';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import type { ResourceExtras, ToolbarExtra } from '../../../shared/resource/resourceExtras';
import { FleetImportModal } from './FleetImportModal';
import { PrintLabelsModal } from './PrintLabelsModal';

const importButton = (resource: ResourceDef): ToolbarExtra => ({
  name: 'import',
  title: 'fleetImport.import',
  perm: 'import',
  icon: <UploadOutlined aria-hidden />,
  Dialog: ({ onClose }) => <FleetImportModal resource={resource} onClose={onClose} />,
});

/** The vehicle list's own toolbar: Import from an xlsx, and QR labels of the selected vehicles (the export right). */
export const vehicleExtras: ResourceExtras = {
  toolbar: [
    importButton(vehicleResource),
    {
      name: 'labels',
      title: 'fleetImport.printLabels',
      perm: 'export',
      selection: true,
      icon: <PrinterOutlined aria-hidden />,
      Dialog: PrintLabelsModal,
    },
  ],
};

/** The battery list's own toolbar: Import from an xlsx. */
export const batteryExtras: ResourceExtras = { toolbar: [importButton(batteryResource)] };
