// Riders' feedback (DOMAIN §2.3 feedbacks, docs/feedback.md): about one report per 200 rides — 50,000 at scale 1 —
// drawn while replaying the rides (the same seed, the same rides), each sent by the ride's member within two hours of
// its end. A billing dispute or a lost item names the ride; a fault or a parking complaint names its vehicle; the rest
// name nothing. Reports of the last two days are mostly new or in hand; older ones resolved (80%) or closed.
import { FeedbackStatus, FeedbackType, feedbackResource } from '@kayuh/contract/resources/feedbacks';
import { feedbacks, members, rideOrders, vehicles } from '../../../server/src/db/schema.ts';
import { businessNoOf } from '../../../server/src/platform/businessNo.ts';
import { DAY_MS } from '../context.ts';
import { rngFor } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { rideRows } from './rideOrders.ts';

const PER_RIDE = 1 / 200;
const TYPES = [
  FeedbackType.fault,
  FeedbackType.fault,
  FeedbackType.parking,
  FeedbackType.billing,
  FeedbackType.billing,
  FeedbackType.billing,
  FeedbackType.suggestion,
  FeedbackType.lostItem,
  FeedbackType.other,
] as const;
const TEXT: Record<number, string> = {
  [FeedbackType.fault]: 'Rem tidak pakem',
  [FeedbackType.parking]: 'Sepeda menghalangi trotoar',
  [FeedbackType.billing]: 'Tagihan tidak sesuai',
  [FeedbackType.suggestion]: 'Tambah stasiun parkir',
  [FeedbackType.lostItem]: 'Barang tertinggal di keranjang',
  [FeedbackType.other]: 'Aplikasi lambat',
};

export const feedbackTables = [
  defineTable({
    table: feedbacks,
    *rows(rng, ctx) {
      let id = 0;
      for (const ride of rideRows(rngFor(ctx.seed, 'ride_orders'), ctx)) {
        if (!rng.chance(PER_RIDE)) continue;
        const type = rng.pick(TYPES);
        const createdAt = new Date(Math.min(ctx.asOf.getTime() - 60_000, ride.endAt!.getTime() + rng.int(5, 120) * 60_000));
        const recent = ctx.asOf.getTime() - createdAt.getTime() < 2 * DAY_MS;
        const x = rng.next();
        const status = recent
          ? x < 0.6
            ? FeedbackStatus.new
            : x < 0.9
              ? FeedbackStatus.processing
              : FeedbackStatus.resolved
          : x < 0.8
            ? FeedbackStatus.resolved
            : FeedbackStatus.closed;
        const namesRide = type === FeedbackType.billing || type === FeedbackType.lostItem;
        const namesVehicle = namesRide || type === FeedbackType.fault || type === FeedbackType.parking;
        const answered = status !== FeedbackStatus.new;
        const photos = type === FeedbackType.fault || type === FeedbackType.parking ? rng.int(0, 3) : 0;
        id++;
        yield {
          id,
          tenantId: ride.tenantId,
          feedbackNo: businessNoOf('FB', id, createdAt),
          memberId: ride.memberId,
          cityCode: ride.cityCode,
          type,
          rideOrderId: namesRide ? ride.id! : null,
          vehicleId: namesVehicle ? ride.vehicleId : null,
          content: `${TEXT[type]!} (${id})`,
          photos: Array.from({ length: photos }, (_, n) => `feedback/${ride.tenantId}/bench/${id}-${n + 1}.jpg`),
          lat: type === FeedbackType.parking ? ride.endLat : null,
          lng: type === FeedbackType.parking ? ride.endLng : null,
          status,
          reply: answered ? 'Terima kasih, laporan Anda sedang kami tangani.' : null,
          resolvedAt: status === FeedbackStatus.resolved ? new Date(createdAt.getTime() + rng.int(10, 48 * 60) * 60_000) : null,
          createdAt,
          updatedAt: createdAt,
        };
      }
    },
    references: [
      [feedbacks.memberId, members.id],
      [feedbacks.rideOrderId, rideOrders.id],
      [feedbacks.vehicleId, vehicles.id],
    ],
    rules: [
      {
        name: "a report naming another member's ride, or in another city than its ride",
        sql: `SELECT count(*) FROM feedbacks f JOIN ride_orders r ON r.id = f.ride_order_id WHERE r.member_id <> f.member_id OR r.city_code <> f.city_code OR r.tenant_id <> f.tenant_id`,
      },
      {
        name: 'a resolved report without a reply',
        sql: `SELECT count(*) FROM feedbacks WHERE status = 2 AND (reply IS NULL OR resolved_at IS NULL)`,
      },
    ],
    resource: feedbackResource,
  }),
];
