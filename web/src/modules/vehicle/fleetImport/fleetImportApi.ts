import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FleetImportResult } from '@kayuh/contract/api/fleetImport';
import { vehicleResource } from '@kayuh/contract/resources/fleet';
import type { ResourceDef } from '@kayuh/contract/resources/types';
import { downloadFile } from '../../../lib/fileDownload';
import { uploadFile } from '../../../lib/fileUpload';
import { resourceQueryKey } from '../../../shared/resource/resourceApi';

/** The resource's import template (xlsx), saved by the browser. */
export const downloadTemplate = (resource: ResourceDef) => downloadFile(`${resource.api}/importTemplate`, `${resource.key}-import-template.xlsx`);

/** Imports a file (all rows or none); the list re-reads after. Refusals are left to the dialog (silent). */
export function useFleetImport(resource: ResourceDef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<FleetImportResult>(`${resource.api}/import`, file, {}, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceQueryKey(resource.key) }),
  });
}

/** QR labels of the vehicles as a PDF (A4, 3 × 8 per sheet), saved by the browser. */
export const printLabels = (vehicleIds: number[]) => downloadFile(`${vehicleResource.api}/labels`, 'vehicle-labels.pdf', { vehicleIds });
