// Identity checks (DOMAIN §2.3 kyc_reviews, docs/kyc.md): at scale 1, about 920,000 — most members who ride send their
// KTP once. Each member's outcome is drawn once (kycPlan) so the members table's kyc_status and NIK agree with these
// rows: 40% verified (approved), 5% rejected, 1% waiting (sent in the last three days), the rest never sent one.
// Numbers are sealed as the server seals them, under the bench's own field key (BENCH_FIELD_KEY), unique per member.
import { kycReviewResource, KycRejectReason, KycReviewStatus, KycStatus } from '@kayuh/contract/resources/kycReviews';
import { IdType, maskIdNumber } from '@kayuh/contract/rules/identity';
import { kycReviews, members } from '../../../server/src/db/schema.ts';
import { fieldCipher } from '../../../server/src/platform/secrets/fieldCipher.ts';
import { DAY_MS, type Context } from '../context.ts';
import { rngFor } from '../rng.ts';
import { defineTable } from '../spec.ts';
import { memberPlan } from './money.ts';

/** The field key the bench's sealed numbers are under: a server reading them is started with KAYUH_FIELD_KEY set to it. */
export const BENCH_FIELD_KEY = Buffer.alloc(32, 0x42).toString('base64');
/** The bench's cipher, its IVs drawn from a stream of the seed, so one seed seals to the same bytes every run. */
function benchCipher(ctx: Context, stream: string) {
  const rng = rngFor(ctx.seed, stream);
  return fieldCipher(Buffer.from(BENCH_FIELD_KEY, 'base64'), (n) => Buffer.from(Array.from({ length: n }, () => rng.int(0, 255))));
}

const HISTORY_DAYS = 365;
const REASONS = [KycRejectReason.blurry, KycRejectReason.mismatch, KycRejectReason.underage, KycRejectReason.duplicate, KycRejectReason.other];

/** A member's NIK in the bench: a Jakarta region code and the member's id, so no two members share one. */
export const benchNik = (memberId: number) => `31${String(memberId).padStart(14, '0')}`;

/** Each member's KYC status (members.kyc_status), drawn once from its own stream. */
export function kycPlan(ctx: Context): Uint8Array {
  const cached = (ctx as Context & { kycPlan?: Uint8Array }).kycPlan;
  if (cached) return cached;
  const rng = rngFor(ctx.seed, 'members.kyc');
  const plan = new Uint8Array(memberPlan(ctx).tenantOf.length);
  for (let i = 0; i < plan.length; i++) {
    const x = rng.next();
    plan[i] = x < 0.4 ? KycStatus.verified : x < 0.45 ? KycStatus.rejected : x < 0.46 ? KycStatus.pending : KycStatus.none;
  }
  (ctx as Context & { kycPlan?: Uint8Array }).kycPlan = plan;
  return plan;
}

/** What a verified member carries of their NIK (members.nik_*), sealed in the members' order. */
export function memberNik(ctx: Context, memberId: number) {
  if (kycPlan(ctx)[memberId - 1] !== KycStatus.verified) return {};
  const holder = ctx as Context & { memberCipher?: ReturnType<typeof benchCipher> };
  const cipher = (holder.memberCipher ??= benchCipher(ctx, 'members.nik_iv'));
  const nik = benchNik(memberId);
  return { nikEnc: cipher.seal(nik), nikMasked: maskIdNumber(nik), nikDigest: cipher.digest(nik) };
}

export const kycTables = [
  defineTable({
    table: kycReviews,
    *rows(rng, ctx) {
      const plan = kycPlan(ctx);
      const members = memberPlan(ctx);
      const cipher = benchCipher(ctx, 'kyc_reviews.iv');
      // When each was sent, then written in that order (ids grow with time, as the server makes them).
      const sent: Array<{ memberId: number; at: number }> = [];
      for (let i = 0; i < plan.length; i++) {
        if (plan[i] === KycStatus.none) continue;
        const daysAgo = plan[i] === KycStatus.pending ? rng.next() * 3 : 3 + rng.next() * (HISTORY_DAYS - 3);
        sent.push({ memberId: i + 1, at: ctx.asOf.getTime() - daysAgo * DAY_MS });
      }
      sent.sort((a, b) => a.at - b.at);
      let id = 0;
      for (const { memberId, at } of sent) {
        const status = plan[memberId - 1]!;
        const nik = benchNik(memberId);
        const createdAt = new Date(at);
        const reviewedAt = status === KycStatus.pending ? null : new Date(at + rng.int(5, 24 * 60) * 60_000);
        const ti = members.tenantOf[memberId - 1]!;
        yield {
          id: ++id,
          tenantId: ctx.tenants[ti]!.id,
          memberId,
          cityCode: members.cityOf[memberId - 1]!,
          idType: IdType.ktp,
          idNumberEnc: cipher.seal(nik),
          idNumberMasked: maskIdNumber(nik),
          idNumberDigest: cipher.digest(nik),
          realName: `Rider ${ti + 1}-${memberId - members.firstId[ti]!}`,
          birthDate: `19${rng.int(60, 99)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
          idPhotoUrl: `kyc/${ctx.tenants[ti]!.id}/bench/${memberId}-id.jpg`,
          selfieUrl: `kyc/${ctx.tenants[ti]!.id}/bench/${memberId}-selfie.jpg`,
          faceScore: rng.int(40, 99),
          status:
            status === KycStatus.verified
              ? KycReviewStatus.approved
              : status === KycStatus.rejected
                ? KycReviewStatus.rejected
                : KycReviewStatus.pending,
          rejectReason: status === KycStatus.rejected ? rng.pick(REASONS) : null,
          reviewedAt,
          createdAt,
          updatedAt: reviewedAt ?? createdAt,
        };
      }
    },
    references: [[kycReviews.memberId, members.id]],
    rules: [
      {
        name: "a review whose outcome is not its member's KYC status",
        sql: `SELECT count(*) FROM kyc_reviews k JOIN members m ON m.id = k.member_id WHERE (k.status = 1) <> (m.kyc_status = 2) OR (k.status = 0) <> (m.kyc_status = 1) OR m.tenant_id <> k.tenant_id`,
      },
    ],
    resource: kycReviewResource,
  }),
];
