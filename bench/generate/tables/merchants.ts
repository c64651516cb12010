// The merchant centre (DOMAIN §2.4, §3.6; docs/merchants.md): a swap-site host for every second pair of a city's
// cabinets (500 merchants at scale 1 hosting 1,000 of the 2,000 cabinets), a few suspended, and 3% closed that host
// nothing; each from an approved application, with its payable account (money.ts opens it after the members'), its
// owner and one or two more people; and the applications still waiting, in every other state, half as many again.
import {
  ApplicationStatus,
  MerchantStaffRole,
  MerchantStatus,
  maskAccountNo,
  merchantApplicationResource,
  merchantResource,
  merchantStaffResource,
} from '@kayuh/contract/resources/merchants';
import { merchantApplications, merchants, merchantStaff } from '../../../server/src/db/schema.ts';
import { type BenchCity, type Context, DAY_MS, stamped } from '../context.ts';
import { defineTable } from '../spec.ts';
import { HOSTED_SHARE, CABINETS_PER_MERCHANT, merchantPlan, type PlannedMerchant } from './merchantPlan.ts';
import { firstMerchantAccountId } from './money.ts';
import { userIdOf } from './staff.ts';

const WAITING: readonly number[] = [
  ApplicationStatus.submitted,
  ApplicationStatus.underReview,
  ApplicationStatus.rejected,
  ApplicationStatus.withdrawn,
];

const madeAt = (ctx: Context, m: PlannedMerchant) => new Date(ctx.asOf.getTime() - (700 - (m.n % 600)) * DAY_MS);
const phoneOf = (m: PlannedMerchant, k: number) => `+62857${String(m.city.tenantId % 100).padStart(2, '0')}${String(m.id * 4 + k).padStart(7, '0')}`;
const nameOf = (m: PlannedMerchant) => `Mitra ${m.city.name} ${String(m.n + 1).padStart(4, '0')}`;
const FIRST = ['Dewi', 'Agus', 'Siti', 'Budi', 'Rina', 'Eko', 'Maya', 'Joko', 'Lina', 'Hendra', 'Sari', 'Tono'];
const LAST = ['Lestari', 'Prasetyo', 'Aminah', 'Santoso', 'Wulandari', 'Saputra', 'Sari', 'Susanto', 'Marlina', 'Wijaya', 'Kurnia'];
const personOf = (m: PlannedMerchant, k: number) => `${FIRST[(m.id + k) % FIRST.length]} ${LAST[(m.id * 7 + k * 3) % LAST.length]}`;

/** Applications: one approved per merchant (its id is the merchant's), then the waiting ones of each city. */
function waitingOf(ctx: Context): { city: BenchCity; k: number }[] {
  return ctx.cities.flatMap((city) => {
    const hosting = Math.floor((city.cabinets * HOSTED_SHARE) / CABINETS_PER_MERCHANT);
    return Array.from({ length: Math.ceil(hosting / 2) }, (_, k) => ({ city, k }));
  });
}

export const merchantTables = [
  defineTable({
    table: merchantApplications,
    *rows(_rng, ctx) {
      const plan = merchantPlan(ctx);
      const approvedAt = (m: PlannedMerchant) => madeAt(ctx, m);
      for (const m of plan) {
        const at = new Date(approvedAt(m).getTime() - 3 * DAY_MS);
        yield {
          id: m.id,
          tenantId: m.city.tenantId,
          applicationNo: `MA${at.toISOString().slice(2, 10).replaceAll('-', '')}${String(m.id).padStart(8, '0')}`,
          applicantName: personOf(m, 0),
          phone: phoneOf(m, 0),
          companyName: nameOf(m),
          merchantType: 1,
          cityCode: m.city.cityCode,
          address: `Jl. ${m.city.name} Niaga No. ${m.n + 1}`,
          plannedSites: CABINETS_PER_MERCHANT,
          ktpPhoto: `/api/files/uploads/${m.city.tenantId}/2026/01/${String(m.id).padStart(8, '0')}-0000-4000-8000-000000000001.png`,
          shopPhoto: `/api/files/uploads/${m.city.tenantId}/2026/01/${String(m.id).padStart(8, '0')}-0000-4000-8000-000000000002.png`,
          status: ApplicationStatus.approved,
          reviewerId: userIdOf(m.city.tenantId),
          reviewedAt: approvedAt(m),
          merchantId: m.id,
          createdBy: userIdOf(m.city.tenantId),
          ...stamped(at),
        };
      }
      let id = plan.length;
      for (const { city, k } of waitingOf(ctx)) {
        const status = WAITING[k % WAITING.length]!;
        const at = new Date(ctx.asOf.getTime() - ((k * 37) % 90) * DAY_MS - 3_600_000);
        id += 1;
        yield {
          id,
          tenantId: city.tenantId,
          applicationNo: `MA${at.toISOString().slice(2, 10).replaceAll('-', '')}${String(id).padStart(8, '0')}`,
          applicantName: `Pemohon ${city.name} ${k + 1}`,
          phone: `+62858${String(city.tenantId % 100).padStart(2, '0')}${String(id).padStart(7, '0')}`,
          companyName: `Calon Mitra ${city.name} ${k + 1}`,
          merchantType: 1 + (k % 4),
          cityCode: city.cityCode,
          address: `Jl. ${city.name} Baru No. ${k + 1}`,
          plannedSites: 1 + (k % 8),
          ktpPhoto: `/api/files/uploads/${city.tenantId}/2026/11/${String(id).padStart(8, '0')}-0000-4000-8000-000000000001.png`,
          shopPhoto: `/api/files/uploads/${city.tenantId}/2026/11/${String(id).padStart(8, '0')}-0000-4000-8000-000000000002.png`,
          status,
          reviewerId: status === ApplicationStatus.submitted || status === ApplicationStatus.withdrawn ? null : userIdOf(city.tenantId),
          reviewedAt: status === ApplicationStatus.rejected ? new Date(at.getTime() + DAY_MS) : null,
          rejectReason: status === ApplicationStatus.rejected ? 'Dokumen NIB tidak terbaca' : null,
          createdBy: userIdOf(city.tenantId),
          ...stamped(at),
        };
      }
    },
    rules: [
      {
        name: 'an approved application without its merchant, or with another',
        sql: `SELECT count(*) FROM merchant_applications a LEFT JOIN merchants m ON m.id = a.merchant_id
              WHERE a.status = ${ApplicationStatus.approved} AND (m.id IS NULL OR m.application_id <> a.id OR m.tenant_id <> a.tenant_id)`,
      },
    ],
    resource: merchantApplicationResource,
  }),
  defineTable({
    table: merchants,
    *rows(_rng, ctx) {
      for (const m of merchantPlan(ctx)) {
        const account = `0${String(m.id * 7919).padStart(9, '0')}`;
        yield {
          id: m.id,
          tenantId: m.city.tenantId,
          cityCode: m.city.cityCode,
          merchantNo: `MC${madeAt(ctx, m).toISOString().slice(2, 10).replaceAll('-', '')}${String(m.id).padStart(8, '0')}`,
          name: nameOf(m),
          type: 1,
          contactName: personOf(m, 0),
          phone: phoneOf(m, 0),
          address: `Jl. ${m.city.name} Niaga No. ${m.n + 1}`,
          bankName: ['BCA', 'Mandiri', 'BNI', 'BRI'][m.id % 4]!,
          // Not sealed: the bench has no field key; what the list shows is the masked form.
          bankAccountMasked: maskAccountNo(account),
          accountHolder: personOf(m, 0),
          currency: 'IDR',
          accountId: firstMerchantAccountId(ctx) + m.id - 1,
          status: m.status,
          applicationId: m.id,
          createdBy: userIdOf(m.city.tenantId),
          ...stamped(madeAt(ctx, m)),
        };
      }
    },
    rules: [
      {
        name: 'a merchant whose payable account is not its own MERCHANT_PAYABLE',
        sql: `SELECT count(*) FROM merchants m LEFT JOIN accounts a ON a.id = m.account_id
              WHERE a.id IS NULL OR a.owner_type <> 2 OR a.owner_id <> m.id OR a.code <> 'MERCHANT_PAYABLE' OR a.tenant_id <> m.tenant_id`,
      },
      {
        name: 'a closed merchant hosting a site',
        sql: `SELECT count(*) FROM merchants m JOIN stations s ON s.merchant_id = m.id AND s.deleted_at IS NULL WHERE m.status = ${MerchantStatus.closed}`,
      },
      {
        name: 'a site hosted by a merchant of another city',
        sql: `SELECT count(*) FROM stations s JOIN merchants m ON m.id = s.merchant_id WHERE m.city_code <> s.city_code`,
      },
    ],
    resource: merchantResource,
  }),
  defineTable({
    table: merchantStaff,
    *rows(_rng, ctx) {
      let id = 0;
      for (const m of merchantPlan(ctx)) {
        const at = madeAt(ctx, m);
        const others = m.id % 3 === 0 ? 2 : 1;
        for (let k = 0; k <= others; k++) {
          yield {
            id: ++id,
            tenantId: m.city.tenantId,
            cityCode: m.city.cityCode,
            merchantId: m.id,
            name: personOf(m, k),
            phone: phoneOf(m, k),
            role: k === 0 ? MerchantStaffRole.owner : k === 1 ? MerchantStaffRole.cashier : MerchantStaffRole.technician,
            status: m.status === MerchantStatus.closed ? 1 : 0,
            createdBy: userIdOf(m.city.tenantId),
            ...stamped(new Date(at.getTime() + k * DAY_MS)),
          };
        }
      }
    },
    references: [[merchantStaff.merchantId, merchants.id]],
    rules: [
      {
        name: 'a person in another city or tenant than their merchant',
        sql: `SELECT count(*) FROM merchant_staff p JOIN merchants m ON m.id = p.merchant_id WHERE m.city_code <> p.city_code OR m.tenant_id <> p.tenant_id`,
      },
    ],
    resource: merchantStaffResource,
  }),
];
