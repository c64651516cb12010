import { randomUUID } from 'node:crypto';
import type { Lang } from '@kayuh/contract/lang';
import { IMAGE_MAX_BYTES, imageTypeOfExt } from '@kayuh/contract/rules/upload';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalid } from '../errors.ts';
import type { Services } from '../services.ts';
import { issueKey } from '../validationMessages.ts';
import type { FileStore } from './fileStore.ts';
import { storeImage } from './imageSink.ts';

/** A multipart form as it arrived from the rider app: its text fields, its photos' keys, and what was wrong with each photo. */
export interface PhotoForm<P extends string> {
  fields: Record<string, string>;
  photos: Partial<Record<P, string>>;
  refused: Partial<Record<string, string>>;
}

export interface PhotoFormShape<P extends string> {
  /** The file parts it may carry, by field name; each at most once. */
  photos: readonly P[];
  /** Where its photos are kept, a private folder such as `kyc/{tenant}` (never under `uploads/`, which anyone holding a key reads). */
  folder: string;
  /** How many text fields it may carry. */
  fields: number;
  /** How long a text field may be, in bytes. */
  fieldSize: number;
}

const keyOf = (folder: string) => {
  const now = new Date();
  const month = `${folder}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return (ext: string) => `${month}/${randomUUID()}.${ext}`;
};

/**
 * Reads a rider's multipart form: each photo streamed into the store as it comes (sniffed as an image, at most
 * IMAGE_MAX_BYTES), the text fields collected. A file part it does not name, or names twice, is read to nothing and
 * named refused. On any failure the photos already stored are removed, so nothing is left behind by a form not kept.
 */
export async function readPhotoForm<P extends string>(req: FastifyRequest, files: FileStore, shape: PhotoFormShape<P>): Promise<PhotoForm<P>> {
  const form: PhotoForm<P> = { fields: {}, photos: {}, refused: {} };
  const store = keyOf(shape.folder);
  const isPhoto = (name: string): name is P => (shape.photos as readonly string[]).includes(name);
  try {
    // The plugin reads throwFileSizeLimit here too, though its types leave it out of parts().
    const options: NonNullable<Parameters<FastifyRequest['parts']>[0]> & { throwFileSizeLimit: boolean } = {
      // One stray file part more is read to be named refused; a form with more is refused whole (413).
      limits: { files: shape.photos.length + 1, fileSize: IMAGE_MAX_BYTES + 1, fields: shape.fields, fieldSize: shape.fieldSize },
      // One byte over the limit is enough to know: the sink refuses it and the parser drops the rest unread.
      throwFileSizeLimit: false,
    };
    for await (const part of req.parts(options)) {
      if (part.type !== 'file') {
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!isPhoto(part.fieldname) || form.photos[part.fieldname]) {
        part.file.resume();
        form.refused[part.fieldname] = 'validation.unknownField';
        continue;
      }
      const stored = await storeImage(part.file, files, store, IMAGE_MAX_BYTES);
      if ('refused' in stored) form.refused[part.fieldname] = `validation.${stored.refused}`;
      else form.photos[part.fieldname] = stored.key;
    }
  } catch (err) {
    await removePhotos(files, form);
    throw err;
  }
  return form;
}

export const removePhotos = (files: FileStore, form: { photos: Partial<Record<string, string>> }) =>
  Promise.all(Object.values(form.photos).map((key) => files.remove(key!)));

/**
 * Sends a private photo to staff: typed by the extension its sniffed type gave it, never cached. The caller has
 * checked who may read it.
 */
export async function sendPrivatePhoto(reply: FastifyReply, files: FileStore, key: string) {
  return reply
    .type(imageTypeOfExt(key.slice(key.lastIndexOf('.') + 1))?.mime ?? 'application/octet-stream')
    .header('cache-control', 'private, no-store')
    .header('content-length', String(await files.size(key)))
    .send(files.read(key));
}

/** A fault of a form field: a catalogue key and its parameters. */
export type FieldFault = [string, Record<string, string | number>?];

/**
 * A rider's form checked as one: its text fields by `schema`, its refused photos, and the caller's own faults (a
 * required photo missing, a number that does not fit its document). Every fault is named in the rider's language in
 * one 2001; the fields parsed are answered when there is none.
 */
export async function checkedFields<S extends z.ZodType>(
  services: Services,
  {
    form,
    schema,
    lang,
    tenantId,
    faults = () => ({}),
  }: {
    form: PhotoForm<string>;
    schema: S;
    lang: Lang;
    tenantId: number;
    /** More faults, given the fields as parsed (undefined when they did not parse). */
    faults?: (fields: z.infer<S> | undefined) => Record<string, FieldFault>;
  },
): Promise<z.infer<S>> {
  const found: Record<string, FieldFault> = {};
  const parsed = schema.safeParse(form.fields);
  if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issueKey(issue);
  Object.assign(found, faults(parsed.success ? parsed.data : undefined));
  for (const [name, key] of Object.entries(form.refused)) found[name] = [key!, { max: IMAGE_MAX_BYTES / (1024 * 1024) }];
  if (!parsed.success || Object.keys(found).length) {
    const fields: Record<string, string> = {};
    for (const [name, [key, params]] of Object.entries(found)) fields[name] = await services.catalogues.t(lang, key, params, tenantId);
    throw invalid(fields);
  }
  return parsed.data;
}
