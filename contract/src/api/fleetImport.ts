import { z } from 'zod';
import { ID_MAX } from '../resources/schemas.ts';

/**
 * Bulk work on the fleet (issue #10): vehicles and batteries imported from an xlsx (GET …/importTemplate, POST
 * …/import, multipart `file`), and QR labels of vehicles printed as a PDF (POST /vehicle/vehicle/labels).
 */

/** The limits of an import file. */
export const FLEET_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const FLEET_IMPORT_MAX_ROWS = 5_000;
/** A refused file lists this many of its cell errors (the message says how many there are). */
export const FLEET_IMPORT_ERRORS_SHOWN = 200;

/**
 * The columns of an import file, in order, per resource. Each is a field of the declaration; a reference is written
 * as its human code (a model's model code, a city's name or code, a depot's station code, a lot's lot number) and a
 * dictionary value as its label or its value.
 */
export const FLEET_IMPORT_COLUMNS = {
  vehicle: [
    'vehicleNo',
    'cityCode',
    'modelId',
    'frameNo',
    'plateNo',
    'motorNo',
    'imei',
    'iccid',
    'simExpireOn',
    'firmware',
    'bleMac',
    'lockType',
    'usageMode',
    'ownerType',
    'homeStationId',
    'factoryLotId',
    'remark',
  ],
  battery: ['batterySn', 'cityCode', 'modelId', 'depotId', 'bmsSn', 'ownerType', 'factoryLotId', 'remark'],
} as const;
export type FleetImportResource = keyof typeof FLEET_IMPORT_COLUMNS;

/** One refused cell: its row in the sheet (the header is row 1), the field of its column, and the translated reason. */
export interface FleetImportRowError {
  row: number;
  field: string;
  /** The column's header in the caller's language. */
  column: string;
  message: string;
}

/** `data` of the 2001 answer (`validation.importRowsInvalid`) to a file with bad rows: nothing was written. */
export interface FleetImportErrors {
  rowErrors: FleetImportRowError[];
  errorCount: number;
}

/** What an accepted file did: every row added. */
export interface FleetImportResult {
  added: number;
}

/** The most labels one PDF holds. */
export const LABELS_MAX = 500;
/** Labels per A4 sheet: 3 columns × 8 rows. */
export const LABEL_COLUMNS = 3;
export const LABEL_ROWS = 8;

/** POST /vehicle/vehicle/labels: the vehicles to print, in the caller's scope. */
export const labelsRequest = z.object({
  vehicleIds: z
    .array(z.coerce.number().int().positive().max(ID_MAX))
    .min(1)
    .max(LABELS_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type LabelsRequest = z.input<typeof labelsRequest>;
