import { ApplicationStatus, maskAccountNo, MerchantStaffRole, MerchantStaffStatus, MerchantStatus } from '@kayuh/contract/resources/merchants';
import { StationType } from '@kayuh/contract/resources/fleet';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { addOwner, openMerchant } from '../../modules/merchant/merchants.ts';
import { nextBusinessNo } from '../../platform/businessNo.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { FieldCipher } from '../../platform/secrets/fieldCipher.ts';
import type { Db } from '../client.ts';
import { merchantApplications, merchantStaff, stations, users } from '../schema.ts';
import type { DemoTenant } from './demoOrg.ts';
import { bikePhotoPicture, idCardPicture } from './demoPictures.ts';

const DAY_MS = 86_400_000;

/** DOMAIN §9.4: merchants and applications per operator. */
const PLAN: Record<number, { merchants: number; applications: number }> = {
  2: { merchants: 15, applications: 8 },
  3: { merchants: 8, applications: 5 },
};

const SHOPS = [
  ['Toko Sepeda Lestari', 'Dewi Lestari', 1],
  ['Warung Kopi Senja', 'Agus Prasetyo', 3],
  ['Bengkel Motor Jaya', 'Rudi Hartono', 1],
  ['Minimarket Sinar Pagi', 'Siti Aminah', 3],
  ['Rental Gowes Nusantara', 'Hendra Wijaya', 2],
  ['Kafe Taman Kota', 'Maya Sari', 3],
  ['Apotek Sehat Selalu', 'Bambang Susilo', 1],
  ['Parkir Plaza Timur', 'Yanti Kurniawati', 3],
  ['Toko Roti Harum', 'Lina Marlina', 4],
  ['SPBU Mitra Energi', 'Eko Saputra', 1],
  ['Sewa Skuter Pelangi', 'Fajar Nugroho', 2],
  ['Laundry Bersih Kilat', 'Rina Wulandari', 3],
  ['Kios Pulsa Cemerlang', 'Dodi Firmansyah', 4],
  ['Hotel Melati Indah', 'Ratna Dewi', 1],
  ['Koperasi Karya Bersama', 'Joko Susanto', 1],
  ['Toko Oleh-oleh Bali', 'Ketut Arsana', 4],
  ['Penyewaan Sepeda Pantai', 'Made Wirawan', 2],
  ['Kedai Jamu Ibu', 'Sri Rahayu', 3],
  ['Mini Market 24 Jam', 'Andi Kusuma', 1],
  ['Galeri Seni Ubud', 'Wayan Sudarma', 4],
  ['Bengkel Listrik Bintang', 'Tono Hidayat', 1],
  ['Restoran Padang Sederhana', 'Yusuf Hamzah', 3],
  ['Toko Buku Cerdas', 'Nina Anggraini', 4],
] as const;

/** The cashiers and technicians at some of the shops. */
const HANDS = ['Putri Ayu', 'Agung Wibowo', 'Indah Permata', 'Yoga Pratama', 'Tari Handayani', 'Reza Maulana', 'Wulan Sari', 'Bayu Saputra'];

/** Applicants still at the door: the states their applications show (every §3.6 state but approved). */
const WAITING = [
  ApplicationStatus.submitted,
  ApplicationStatus.underReview,
  ApplicationStatus.rejected,
  ApplicationStatus.withdrawn,
  ApplicationStatus.submitted,
  ApplicationStatus.underReview,
  ApplicationStatus.submitted,
  ApplicationStatus.rejected,
] as const;

/** Writes a picture as an upload is stored and answers the address an image field holds. */
function upload(files: FileStore, tenantId: number, at: Date, png: Buffer): string {
  const key = `uploads/${tenantId}/${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.png`;
  fs.writeFileSync(files.pathFor(key), png);
  return `/api/files/${key}`;
}

const phoneOf = (tenantId: number, n: number) => `+62813${tenantId}${String(7700000 + n).padStart(7, '0')}`;

/**
 * Each operator's merchant centre (docs/merchants.md): merchants made as an approval makes them — most from an approved
 * application, the rest entered by hand — with their payable accounts and owners, a cashier or a technician at some,
 * hosting some of the city's swap cabinets and parking stations; one suspended, one closed. And applications in every
 * other state, waiting for the tenant's staff.
 */
export async function seedDemoMerchants(db: Db, t: DemoTenant, now: Date, keep: { cipher: FieldCipher; files: FileStore }) {
  const plan = PLAN[t.id];
  if (!plan) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, t.id), eq(users.userName, `${t.prefix}.admin`)));
  const shops = t.id === 2 ? SHOPS.slice(0, 15) : SHOPS.slice(15);
  const sites = await db
    .select({ id: stations.id, cityCode: stations.cityCode, type: stations.type })
    .from(stations)
    .where(and(eq(stations.tenantId, t.id), inArray(stations.type, [StationType.swapCabinet, StationType.parking]), isNull(stations.deletedAt)))
    .orderBy(asc(stations.type), asc(stations.id));
  const taken = new Set<number>();

  await db.transaction(async (tx) => {
    const d = tx as unknown as Db;
    let n = 0;
    const application = async (shop: readonly [string, string, number], city: DemoTenant['cities'][number], status: number, daysAgo: number) => {
      const at = new Date(now.getTime() - daysAgo * DAY_MS);
      const { id, no } = await nextBusinessNo(d, 'merchant_applications', 'MA', at);
      const decided = status === ApplicationStatus.approved || status === ApplicationStatus.rejected;
      const [row] = await d
        .insert(merchantApplications)
        .values({
          id,
          tenantId: t.id,
          applicationNo: no,
          applicantName: shop[1],
          phone: phoneOf(t.id, n++),
          companyName: shop[0],
          merchantType: shop[2],
          cityCode: city.code,
          address: `Jl. ${shop[1].split(' ')[0]} No. ${10 + n}, ${city.name}`,
          lat: (city.lat + ((n % 7) - 3) * 0.004).toFixed(6),
          lng: (city.lng + ((n % 5) - 2) * 0.004).toFixed(6),
          nib: `9120${t.id}${String(n).padStart(8, '0')}`,
          plannedSites: n % 6 === 0 ? 8 : 1 + (n % 3),
          ktpPhoto: upload(keep.files, t.id, at, idCardPicture(n)),
          shopPhoto: upload(keep.files, t.id, at, bikePhotoPicture(n)),
          status,
          reviewerId: decided || status === ApplicationStatus.underReview ? admin!.id : null,
          reviewedAt: decided ? new Date(at.getTime() + DAY_MS) : null,
          rejectReason: status === ApplicationStatus.rejected ? 'Foto tempat usaha tidak jelas; ajukan lagi dengan foto tampak depan' : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      return row!;
    };

    for (const [i, shop] of shops.entries()) {
      const city = t.cities[i % t.cities.length]!;
      const fromApplication = i < shops.length - 3;
      const app = fromApplication ? await application(shop, city, ApplicationStatus.approved, 120 - i * 5) : undefined;
      const merchant = await openMerchant(
        d,
        t.id,
        {
          name: shop[0],
          legalName: i % 3 === 0 ? `PT ${shop[0]}` : null,
          type: shop[2],
          cityCode: city.code,
          contactName: shop[1],
          phone: app?.phone ?? phoneOf(t.id, n++),
          address: app?.address ?? `Jl. Merdeka No. ${i + 1}, ${city.name}`,
          lat: app?.lat ?? city.lat.toFixed(6),
          lng: app?.lng ?? city.lng.toFixed(6),
          nib: app?.nib ?? null,
          bankName: ['BCA', 'Mandiri', 'BNI', 'BRI'][i % 4]!,
          bankAccountEnc: keep.cipher.seal(`0${t.id}${String(48_000_000 + i * 7919)}`),
          bankAccountMasked: maskAccountNo(`0${t.id}${String(48_000_000 + i * 7919)}`),
          accountHolder: i % 3 === 0 ? `PT ${shop[0]}` : shop[1],
          applicationId: app?.id ?? null,
          status: i === 3 ? MerchantStatus.suspended : i === shops.length - 1 ? MerchantStatus.closed : MerchantStatus.active,
          createdBy: admin!.id,
        },
        admin!.id,
      );
      if (app) await d.update(merchantApplications).set({ merchantId: merchant.id }).where(eq(merchantApplications.id, app.id));
      await addOwner(d, merchant, { name: shop[1], phone: merchant.phone }, admin!.id);
      if (merchant.status === MerchantStatus.closed) {
        // As closing does: its people can no longer sign in.
        await d.update(merchantStaff).set({ status: MerchantStaffStatus.disabled }).where(eq(merchantStaff.merchantId, merchant.id));
        continue;
      }
      if (i % 2 === 0) {
        await d.insert(merchantStaff).values({
          tenantId: t.id,
          cityCode: city.code,
          merchantId: merchant.id,
          name: HANDS[(i / 2 + t.id) % HANDS.length]!,
          phone: phoneOf(t.id, 500 + i),
          role: shop[2] === 1 ? MerchantStaffRole.technician : MerchantStaffRole.cashier,
          status: i % 4 === 2 ? MerchantStaffStatus.disabled : MerchantStaffStatus.active,
          createdBy: admin!.id,
        });
      }
      // The first ten host a site of their city: a swap-site host a cabinet, the others a parking station.
      if (i < 10) {
        const wanted = shop[2] === 1 ? StationType.swapCabinet : StationType.parking;
        const site = sites.find((s) => s.cityCode === city.code && s.type === wanted && !taken.has(s.id));
        if (site) {
          taken.add(site.id);
          await d.update(stations).set({ merchantId: merchant.id }).where(eq(stations.id, site.id));
        }
      }
    }
    for (let i = 0; i < plan.applications; i++) {
      const shop = SHOPS[(i * 5 + t.id) % SHOPS.length]!;
      await application([`${shop[0]} ${i + 2}`, shop[1], shop[2]], t.cities[i % t.cities.length]!, WAITING[i]!, 12 - i);
    }
  });
}
