import { KYC_PHOTOS, type KycPhoto } from '@kayuh/contract/api/kyc';
import type { FastifyRequest } from 'fastify';
import type { FileStore } from '../../../platform/files/fileStore.ts';
import { type PhotoForm, readPhotoForm } from '../../../platform/files/photoForm.ts';

/** A KYC form as it arrived: its text fields, its two photos' keys, and what was wrong with each photo. */
export type KycForm = PhotoForm<KycPhoto>;

/** Reads the app's multipart KYC form, its photos kept privately under `kyc/{tenant}/…`. */
export const readKycForm = (req: FastifyRequest, files: FileStore, tenantId: number): Promise<KycForm> =>
  readPhotoForm(req, files, { photos: KYC_PHOTOS, folder: `kyc/${tenantId}`, fields: 6, fieldSize: 200 });
