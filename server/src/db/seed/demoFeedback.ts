import { FeedbackStatus, FeedbackType } from '@kayuh/contract/resources/feedbacks';
import { RideStatus } from '@kayuh/contract/resources/rideOrders';
import { and, desc, eq, isNull } from 'drizzle-orm';
import fs from 'node:fs';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { Db } from '../client.ts';
import { feedbacks, rideOrders, users, vehicleLiveStatus, vehicles } from '../schema.ts';
import { bikePhotoPicture } from './demoPictures.ts';
import type { DemoTenant } from './demoOrg.ts';

type Story = {
  type: number;
  /** What it names: one of the member's paid rides, or a vehicle seen in the street. */
  names: 'ride' | 'vehicle' | 'none';
  content: string;
  photos?: number;
  status: number;
  reply?: string;
  hoursAgo: number;
};

/** What riders write, in the demo's language; the newest still new, older ones worked by customer service. */
const STORIES: readonly Story[] = [
  {
    type: FeedbackType.fault,
    names: 'vehicle',
    content: 'Rem depan blong, hampir menabrak di tikungan. Tolong segera diperiksa.',
    photos: 2,
    status: FeedbackStatus.new,
    hoursAgo: 1,
  },
  {
    type: FeedbackType.billing,
    names: 'ride',
    content: 'Saya sudah mengunci sepeda tapi tagihan masih berjalan sekitar 20 menit.',
    status: FeedbackStatus.new,
    hoursAgo: 3,
  },
  {
    type: FeedbackType.parking,
    names: 'vehicle',
    content: 'Sepeda diparkir menghalangi trotoar di depan toko saya.',
    photos: 1,
    status: FeedbackStatus.new,
    hoursAgo: 5,
  },
  {
    type: FeedbackType.lostItem,
    names: 'ride',
    content: 'Dompet cokelat saya tertinggal di keranjang sepeda setelah perjalanan ini.',
    status: FeedbackStatus.new,
    hoursAgo: 8,
  },
  {
    type: FeedbackType.fault,
    names: 'vehicle',
    content: 'Lampu depan tidak menyala waktu malam.',
    photos: 1,
    status: FeedbackStatus.processing,
    reply: 'Terima kasih, teknisi kami akan memeriksa sepeda ini hari ini.',
    hoursAgo: 20,
  },
  {
    type: FeedbackType.billing,
    names: 'ride',
    content: 'Kena denda parkir di luar area padahal saya parkir di stasiun.',
    status: FeedbackStatus.processing,
    reply: 'Kami sedang memeriksa posisi akhir perjalanan Anda.',
    hoursAgo: 30,
  },
  {
    type: FeedbackType.suggestion,
    names: 'none',
    content: 'Tolong tambah stasiun parkir di dekat stasiun MRT, sering penuh di pagi hari.',
    status: FeedbackStatus.resolved,
    reply: 'Terima kasih atas sarannya, sudah kami teruskan ke tim operasional.',
    hoursAgo: 50,
  },
  {
    type: FeedbackType.other,
    names: 'none',
    content: 'Aplikasi keluar sendiri saat membuka peta.',
    status: FeedbackStatus.resolved,
    reply: 'Silakan perbarui aplikasi ke versi terbaru; masalah ini sudah diperbaiki.',
    hoursAgo: 72,
  },
  { type: FeedbackType.other, names: 'none', content: 'tes tes', status: FeedbackStatus.closed, hoursAgo: 96 },
];
/** How many of the stories each demo operator has. */
const COUNT: Record<number, number> = { 2: STORIES.length, 3: 5 };
const HOUR_MS = 3_600_000;

/**
 * The demo's feedback (docs/feedback.md): a queue of new reports on top — a brake fault and a parking complaint with
 * photos, a billing dispute and a lost item naming a ride — and older ones customer service replied to, resolved or
 * closed, handled by cs.01. Photos are drawn and stored privately, as the app's are.
 */
export async function seedDemoFeedback(db: Db, t: DemoTenant, now: Date, files: FileStore) {
  const stories = STORIES.slice(0, COUNT[t.id] ?? 0);
  if (!stories.length) return;
  const rides = await db
    .select({ id: rideOrders.id, memberId: rideOrders.memberId, vehicleId: rideOrders.vehicleId, cityCode: rideOrders.cityCode })
    .from(rideOrders)
    .where(and(eq(rideOrders.tenantId, t.id), eq(rideOrders.status, RideStatus.paid)))
    .orderBy(desc(rideOrders.endAt))
    .limit(stories.length);
  const fleet = await db
    .select({ id: vehicles.id, cityCode: vehicles.cityCode, lat: vehicleLiveStatus.lat, lng: vehicleLiveStatus.lng })
    .from(vehicles)
    .leftJoin(vehicleLiveStatus, eq(vehicleLiveStatus.vehicleId, vehicles.id))
    .where(and(eq(vehicles.tenantId, t.id), isNull(vehicles.deletedAt)))
    .orderBy(vehicles.id)
    .limit(stories.length);
  const [handler] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, t.id), eq(users.userName, `${t.prefix}.cs.01`)));
  if (!rides.length || !fleet.length) return;

  for (const [i, story] of stories.entries()) {
    const ride = rides[i % rides.length]!;
    const vehicle = fleet[i % fleet.length]!;
    const at = new Date(now.getTime() - story.hoursAgo * HOUR_MS);
    const { id, no } = await nextBusinessNo(db, 'feedbacks', 'FB', at);
    const photos = Array.from({ length: story.photos ?? 0 }, (_, n) => {
      const key = `feedback/${t.id}/demo/${id}-${n + 1}.png`;
      fs.writeFileSync(files.pathFor(key), bikePhotoPicture(i + n));
      return key;
    });
    const worked = story.status !== FeedbackStatus.new;
    await db.insert(feedbacks).values({
      id,
      tenantId: t.id,
      feedbackNo: no,
      memberId: ride.memberId,
      cityCode: story.names === 'vehicle' ? vehicle.cityCode : ride.cityCode,
      type: story.type,
      rideOrderId: story.names === 'ride' ? ride.id : null,
      vehicleId: story.names === 'vehicle' ? vehicle.id : story.names === 'ride' ? ride.vehicleId : null,
      content: story.content,
      photos,
      lat: story.names === 'vehicle' ? vehicle.lat : null,
      lng: story.names === 'vehicle' ? vehicle.lng : null,
      status: story.status,
      handlerId: worked ? (handler?.id ?? null) : null,
      reply: story.reply ?? null,
      resolvedAt: story.status === FeedbackStatus.resolved ? new Date(at.getTime() + 4 * HOUR_MS) : null,
      createdAt: at,
      updatedAt: worked ? new Date(at.getTime() + 2 * HOUR_MS) : at,
    });
  }
}
