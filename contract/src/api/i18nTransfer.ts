import { z } from 'zod';
import { LANGS } from '../lang.ts';

/**
 * One language of the console catalogue as a spreadsheet (configure/i18nAdmin): exported for translators,
 * imported back. Columns: key | module | text | reference text (a hint, never read back).
 */

/** POST /system/i18n/admin/exportLang. */
export const exportLangRequest = z.object({
  lang: z.enum(LANGS),
  /** A second language shown beside the texts, for the translator; none = no reference column. */
  refLang: z.enum(LANGS).optional(),
});
export type ExportLangRequest = z.infer<typeof exportLangRequest>;

/** POST /system/i18n/admin/import (multipart: `file` and `lang`): the limits of the file. */
export const I18N_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const I18N_IMPORT_MAX_ROWS = 20_000;
/** A refused file lists this many of its row errors (the message says how many there are). */
export const I18N_IMPORT_ERRORS_SHOWN = 20;

/** What an import changed; a file that fails any row changes nothing. */
export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/** One refused row: its number in the sheet (the header is row 1) and the translated reason. */
export interface ImportRowError {
  row: number;
  message: string;
}

/** `data` of the 2001 answer to a file with bad rows. */
export interface ImportRowErrors {
  rowErrors: ImportRowError[];
  errorCount: number;
}
