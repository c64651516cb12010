import {
  MERCHANT_APPLY_PHOTOS,
  MERCHANT_APPLY_REQUIRED_PHOTOS,
  merchantApplyFields,
  type MerchantApplyPhoto,
  type MyMerchantApplication,
} from '@kayuh/contract/api/merchantApply';
import { Code } from '@kayuh/contract/codes';
import type { Lang } from '@kayuh/contract/lang';
import { ApplicationStatus } from '@kayuh/contract/resources/merchants';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { merchantApplications } from '../../db/schema.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import { BizError, notFound } from '../../platform/errors.ts';
import { checkedFields, type FieldFault, type PhotoForm, readPhotoForm, removePhotos } from '../../platform/files/photoForm.ts';
import type { Services } from '../../platform/services.ts';
import type { MemberContext } from '../../platform/types.ts';
import { lockedActiveMember } from '../member/lockedMember.ts';
import { cityOf } from '../payment/topup.ts';

type Application = typeof merchantApplications.$inferSelect;
const OPEN: number[] = [ApplicationStatus.submitted, ApplicationStatus.underReview];

/**
 * Reads the app's multipart application: its photos kept where the console's uploads are (`uploads/{tenant}`), so the
 * application page shows them as it shows the ones staff upload.
 */
export const readApplyForm = (req: FastifyRequest, services: Services, tenantId: number): Promise<PhotoForm<MerchantApplyPhoto>> =>
  readPhotoForm(req, services.files, { photos: MERCHANT_APPLY_PHOTOS, folder: `uploads/${tenantId}`, fields: 12, fieldSize: 400 });

const viewOf = (a: Application): MyMerchantApplication => ({
  applicationNo: a.applicationNo,
  applicantName: a.applicantName,
  companyName: a.companyName,
  merchantType: a.merchantType,
  cityCode: a.cityCode,
  plannedSites: a.plannedSites,
  status: a.status,
  rejectReason: a.rejectReason,
  submittedAt: a.createdAt.toISOString(),
  reviewedAt: a.reviewedAt?.toISOString() ?? null,
});

/**
 * A rider applies to become a merchant (DOMAIN §3.6 submit, docs/merchants.md "From the rider app"): the form checked
 * as the console's is, in one of the operator's open cities, with the rider's own phone; one open application per
 * phone (2004 while one is submitted or under review, under the member's row lock). Photos of a form not kept are
 * removed.
 */
export async function applyFromApp(
  services: Services,
  rider: MemberContext,
  form: PhotoForm<MerchantApplyPhoto>,
  lang: Lang,
): Promise<MyMerchantApplication> {
  const { db } = services;
  try {
    const sent = await checkedFields(services, {
      form,
      schema: merchantApplyFields,
      lang,
      tenantId: rider.tenantId,
      faults: () => {
        const faults: Record<string, FieldFault> = {};
        for (const photo of MERCHANT_APPLY_REQUIRED_PHOTOS) if (!form.photos[photo] && !form.refused[photo]) faults[photo] = ['validation.required'];
        return faults;
      },
    });
    // One of the operator's open cities (2001 on the field otherwise), as a top-up's city is checked.
    await cityOf(db, rider, sent.cityCode);
    const photo = (name: MerchantApplyPhoto) => (form.photos[name] ? `/api/files/${form.photos[name]}` : null);
    return await db.transaction(async (tx) => {
      const member = await lockedActiveMember(tx, rider);
      const [open] = await mine(tx, rider, OPEN);
      if (open)
        throw new BizError(
          Code.transitionNotAllowed,
          'merchant.applicationOpen',
          { applicationNo: open.applicationNo },
          { applicationNo: open.applicationNo },
        );
      const { id, no } = await nextBusinessNo(tx, 'merchant_applications', 'MA');
      const [row] = await tx
        .insert(merchantApplications)
        .values({
          id,
          tenantId: rider.tenantId,
          applicationNo: no,
          applicantName: sent.applicantName,
          phone: member.phone,
          companyName: sent.companyName ?? null,
          merchantType: sent.merchantType,
          cityCode: sent.cityCode,
          address: sent.address,
          lat: sent.lat === undefined ? null : String(sent.lat),
          lng: sent.lng === undefined ? null : String(sent.lng),
          nib: sent.nib ?? null,
          npwp: sent.npwp ?? null,
          plannedSites: sent.plannedSites,
          ktpPhoto: photo('ktpPhoto')!,
          nibPhoto: photo('nibPhoto'),
          shopPhoto: photo('shopPhoto')!,
        })
        .returning();
      return viewOf(row!);
    });
  } catch (err) {
    await removePhotos(services.files, form);
    throw err;
  }
}

/** The rider's applications (by their phone), newest first; only those in `statuses`, or the one numbered, when given. */
function mine(db: Db, rider: MemberContext, statuses?: number[], applicationNo?: string) {
  return db
    .select()
    .from(merchantApplications)
    .where(
      and(
        eq(merchantApplications.tenantId, rider.tenantId),
        eq(merchantApplications.phone, sql`(SELECT m.phone FROM members m WHERE m.id = ${rider.memberId})`),
        statuses ? inArray(merchantApplications.status, statuses) : undefined,
        applicationNo === undefined ? undefined : eq(merchantApplications.applicationNo, applicationNo),
        isNull(merchantApplications.deletedAt),
      ),
    )
    .orderBy(desc(merchantApplications.id))
    .limit(20);
}

export const myApplications = async (db: Db, rider: MemberContext) => (await mine(db, rider)).map(viewOf);

/** The applicant withdraws their application while it is submitted or under review (DOMAIN §3.6 withdraw, by the applicant). */
export async function withdrawMine(db: Db, rider: MemberContext, applicationNo: string): Promise<MyMerchantApplication> {
  const [own] = await mine(db, rider, undefined, applicationNo);
  if (!own) throw notFound();
  const [withdrawn] = await db
    .update(merchantApplications)
    .set({ status: ApplicationStatus.withdrawn, updatedAt: new Date(), version: sql`${merchantApplications.version} + 1` })
    .where(and(eq(merchantApplications.id, own.id), inArray(merchantApplications.status, OPEN)))
    .returning();
  if (!withdrawn)
    throw new BizError(Code.transitionNotAllowed, 'merchant.applicationState', undefined, {
      status: `dict.merchant_applications_status.${own.status}`,
    });
  return viewOf(withdrawn);
}
