import { randomUUID } from 'node:crypto';
import { KYC_PHOTOS, type KycPhoto } from '@kayuh/contract/api/kyc';
import { IMAGE_MAX_BYTES, imageTypeOfExt } from '@kayuh/contract/rules/upload';
import type { FastifyRequest } from 'fastify';
import type { FileStore } from '../../../platform/files/fileStore.ts';
import { storeImage } from '../../../platform/files/imageSink.ts';

/** Where a tenant's identity photos are kept: never under `uploads/`, which is served to anyone holding a key. */
const keyOf = (tenantId: number) => {
  const now = new Date();
  const folder = `kyc/${tenantId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return (ext: string) => `${folder}/${randomUUID()}.${ext}`;
};

/** A KYC form as it arrived: its text fields, its photos' keys, and what was wrong with each photo. */
export interface KycForm {
  fields: Record<string, string>;
  photos: Partial<Record<KycPhoto, string>>;
  refused: Partial<Record<string, string>>;
}

const isPhoto = (name: string): name is KycPhoto => (KYC_PHOTOS as readonly string[]).includes(name);

/**
 * Reads the app's multipart KYC form: each photo streamed into the store as it comes (sniffed as an image, at most
 * IMAGE_MAX_BYTES), the text fields collected. A part that is neither is read to nothing and named refused. On any
 * failure the photos already stored are removed, so nothing is left behind by a form that was not kept.
 */
export async function readKycForm(req: FastifyRequest, files: FileStore, tenantId: number): Promise<KycForm> {
  const form: KycForm = { fields: {}, photos: {}, refused: {} };
  const store = keyOf(tenantId);
  try {
    // The plugin reads throwFileSizeLimit here too, though its types leave it out of parts().
    const options: NonNullable<Parameters<FastifyRequest['parts']>[0]> & { throwFileSizeLimit: boolean } = {
      limits: { files: KYC_PHOTOS.length, fileSize: IMAGE_MAX_BYTES + 1, fields: 6, fieldSize: 200 },
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

export const removePhotos = (files: FileStore, form: Pick<KycForm, 'photos'>) =>
  Promise.all(Object.values(form.photos).map((key) => files.remove(key!)));

/** The content type a stored photo is served with, by the extension its sniffed type gave it. */
export const photoType = (key: string) => imageTypeOfExt(key.slice(key.lastIndexOf('.') + 1))?.mime ?? 'application/octet-stream';
