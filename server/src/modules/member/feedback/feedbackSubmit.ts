import { FEEDBACK_PHOTOS, feedbackSubmitFields, MY_FEEDBACK_MAX, type FeedbackPhoto, type FeedbackView } from '@kayuh/contract/api/feedback';
import type { Lang } from '@kayuh/contract/lang';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { feedbacks, members, rideOrders, vehicles } from '../../../db/schema.ts';
import { nextBusinessNo } from '../../../platform/businessNo.ts';
import { invalid } from '../../../platform/errors.ts';
import { checkedFields, type PhotoForm, removePhotos } from '../../../platform/files/photoForm.ts';
import type { Services } from '../../../platform/services.ts';
import type { MemberContext } from '../../../platform/types.ts';

export type FeedbackForm = PhotoForm<FeedbackPhoto>;

/**
 * A member reports something from the app (docs/feedback.md). A ride it names must be one of theirs; a vehicle, one of
 * the tenant's (the ride's, when only a ride is named). It lands in the city of its ride or vehicle, else the member's
 * city of registration, as new. Photos of a report not kept are removed.
 */
export async function submitFeedback(services: Services, rider: MemberContext, form: FeedbackForm, lang: Lang): Promise<FeedbackView> {
  const { db } = services;
  try {
    const sent = await checkedFields(services, { form, schema: feedbackSubmitFields, lang, tenantId: rider.tenantId });
    const id = await db.transaction(async (tx) => {
      const [member] = await tx
        .select({ cityCode: members.registerCityCode })
        .from(members)
        .where(and(eq(members.id, rider.memberId), eq(members.tenantId, rider.tenantId)));
      const [ride] = sent.rideOrderNo
        ? await tx
            .select({ id: rideOrders.id, vehicleId: rideOrders.vehicleId, cityCode: rideOrders.cityCode })
            .from(rideOrders)
            .where(and(eq(rideOrders.tenantId, rider.tenantId), eq(rideOrders.orderNo, sent.rideOrderNo), eq(rideOrders.memberId, rider.memberId)))
        : [];
      if (sent.rideOrderNo && !ride) throw invalid({ rideOrderNo: 'feedback.unknownRide' });
      const [vehicle] = sent.vehicleNo
        ? await tx
            .select({ id: vehicles.id, cityCode: vehicles.cityCode })
            .from(vehicles)
            .where(and(eq(vehicles.tenantId, rider.tenantId), eq(vehicles.vehicleNo, sent.vehicleNo), isNull(vehicles.deletedAt)))
        : [];
      if (sent.vehicleNo && !vehicle) throw invalid({ vehicleNo: 'feedback.unknownVehicle' });
      const { id, no } = await nextBusinessNo(tx, 'feedbacks', 'FB');
      await tx.insert(feedbacks).values({
        id,
        tenantId: rider.tenantId,
        feedbackNo: no,
        memberId: rider.memberId,
        cityCode: ride?.cityCode ?? vehicle?.cityCode ?? member?.cityCode ?? null,
        type: sent.type,
        rideOrderId: ride?.id ?? null,
        vehicleId: vehicle?.id ?? ride?.vehicleId ?? null,
        content: sent.content,
        photos: FEEDBACK_PHOTOS.flatMap((name) => form.photos[name] ?? []),
        lat: sent.lat === undefined ? null : String(sent.lat),
        lng: sent.lng === undefined ? null : String(sent.lng),
      });
      return id;
    });
    return (await myFeedback(db, rider, id))[0]!;
  } catch (err) {
    await removePhotos(services.files, form);
    throw err;
  }
}

/** The member's reports, newest first (or the one asked for), with customer service's replies. */
export async function myFeedback(db: Db, rider: Pick<MemberContext, 'memberId' | 'tenantId'>, only?: number): Promise<FeedbackView[]> {
  const rows = await db
    .select({
      feedback: feedbacks,
      rideOrderNo: rideOrders.orderNo,
      vehicleNo: vehicles.vehicleNo,
    })
    .from(feedbacks)
    .leftJoin(rideOrders, eq(rideOrders.id, feedbacks.rideOrderId))
    .leftJoin(vehicles, eq(vehicles.id, feedbacks.vehicleId))
    .where(
      and(eq(feedbacks.memberId, rider.memberId), eq(feedbacks.tenantId, rider.tenantId), only === undefined ? undefined : eq(feedbacks.id, only)),
    )
    .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
    .limit(MY_FEEDBACK_MAX);
  return rows.map(({ feedback: f, rideOrderNo, vehicleNo }) => ({
    feedbackNo: f.feedbackNo,
    type: f.type,
    content: f.content,
    rideOrderNo,
    vehicleNo,
    photoCount: f.photos.length,
    status: f.status,
    reply: f.reply,
    submittedAt: f.createdAt.toISOString(),
    resolvedAt: f.resolvedAt?.toISOString() ?? null,
  }));
}
