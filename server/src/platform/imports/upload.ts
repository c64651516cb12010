import type { FastifyRequest } from 'fastify';
import { invalidField } from '../errors.ts';

export interface Upload {
  /** The file sent under the expected field name. */
  file: { name: string; bytes: Buffer };
  /** The form's text fields. */
  fields: Record<string, string>;
}

/** A refused upload: 2001 with the reason (a `validation.*` key) as its message and on the form field. */
export const uploadError = invalidField;

/**
 * Reads a multipart form (fields in any order around the file) with its own file-size limit, below the app's
 * ceiling. A form without its file, an empty file or one over the limit is the caller's input error.
 */
export async function readUpload(req: FastifyRequest, opts: { fileField: string; maxBytes: number }): Promise<Upload> {
  if (!req.isMultipart()) throw uploadError(opts.fileField, 'validation.required');
  let file: Upload['file'] | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        // Every file stream is read to its end, or the form's later parts never arrive.
        const bytes = await part.toBuffer();
        if (part.fieldname === opts.fileField) file = { name: part.filename, bytes };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw uploadError(opts.fileField, 'validation.fileTooLarge', { maxMb: Math.round(opts.maxBytes / 1024 / 1024) });
    }
    throw err;
  }
  if (!file) throw uploadError(opts.fileField, 'validation.required');
  if (file.bytes.length === 0) throw uploadError(opts.fileField, 'validation.fileEmpty');
  return { file, fields };
}
