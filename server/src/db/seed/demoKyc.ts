import { KycRejectReason, KycReviewStatus, KycStatus } from '@kayuh/contract/resources/kycReviews';
import { IdType, maskIdNumber, nikFacts } from '@kayuh/contract/rules/identity';
import { and, eq, isNull } from 'drizzle-orm';
import fs from 'node:fs';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { FieldCipher } from '../../platform/secrets/fieldCipher.ts';
import type { Db } from '../client.ts';
import { kycReviews, members, users } from '../schema.ts';
import { idCardPicture, selfiePicture } from './demoPictures.ts';
import { prng, type Rng } from './demoFleetMap.ts';
import type { DemoTenant } from './demoOrg.ts';

/**
 * The demo's identity checks (docs/kyc.md): most of the older members verified by customer service, a queue of
 * submissions from the last days waiting, a few rejected with their reasons — and, in the queue, a NIK already verified
 * on another member and a minor's, so the reviewer's two checks show. NIKs are made the way Dukcapil writes them (the
 * city's region code, the birth date, a serial) and sealed as a live submission is; the photos are stored as files.
 */
const PLAN = { 2: { verified: 60, rejected: 3, pending: 8 }, 3: { verified: 30, rejected: 2, pending: 5 } } as Record<
  number,
  { verified: number; rejected: number; pending: number }
>;
/** Province, regency and district of a city's NIKs. */
const REGION: Record<string, string> = { Jakarta: '317101', Bandung: '327301', Surabaya: '357801', Denpasar: '517101' };
const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function nikOf(rng: Rng, region: string, serial: number, born?: Date): string {
  const birth = born ?? new Date(Date.UTC(rng.int(1965, 2004), rng.int(0, 11), rng.int(1, 28)));
  const day = birth.getUTCDate() + (rng.next() < 0.5 ? 40 : 0);
  return `${region}${pad(day)}${pad(birth.getUTCMonth() + 1)}${pad(birth.getUTCFullYear() % 100)}${pad(serial, 4)}`;
}

/** Writes a picture under a fresh key, as an upload would be stored. */
function stored(files: FileStore, tenantId: number, name: string, png: Buffer): string {
  const key = `kyc/${tenantId}/demo/${name}.png`;
  fs.writeFileSync(files.pathFor(key), png);
  return key;
}

export async function seedDemoKyc(db: Db, t: DemoTenant, now: Date, seal: { cipher: FieldCipher; files: FileStore }) {
  const plan = PLAN[t.id];
  if (!plan) return;
  const rng = prng(0x6b7963 ^ t.id);
  const all = await db
    .select({ id: members.id, nickName: members.nickName, cityCode: members.registerCityCode, createdAt: members.createdAt })
    .from(members)
    .where(and(eq(members.tenantId, t.id), isNull(members.deletedAt)))
    .orderBy(members.id);
  const [reviewer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, t.id), eq(users.userName, `${t.prefix}.cs.01`)));
  const surnames = t.people.map((p) => p.split(' ').at(-1)!);
  const regionOf = (cityCode: number | null) => REGION[t.cities.find((c) => c.code === cityCode)?.name ?? 'Jakarta'] ?? REGION.Jakarta!;

  const picks = all.slice(0, plan.verified + plan.rejected + plan.pending);
  const verifiedNiks: string[] = [];
  for (const [i, member] of picks.entries()) {
    const kind = i < plan.verified ? 'verified' : i < plan.verified + plan.rejected ? 'rejected' : 'pending';
    const pendingNo = i - plan.verified - plan.rejected;
    const region = regionOf(member.cityCode);
    // The queue's first holds a NIK verified on another member; its second a minor's.
    const idNumber =
      kind === 'pending' && pendingNo === 0
        ? verifiedNiks[0]!
        : kind === 'pending' && pendingNo === 1
          ? nikOf(rng, region, 1000 + i, new Date(now.getTime() - 15 * 365 * DAY_MS))
          : nikOf(rng, region, 1000 + i);
    if (kind === 'verified') verifiedNiks.push(idNumber);
    const realName = `${(member.nickName ?? 'Anggota').split(' ')[0]} ${rng.pick(surnames)}`;
    const submitted =
      kind === 'pending'
        ? new Date(now.getTime() - rng.int(1, 72) * 3_600_000)
        : new Date(member.createdAt.getTime() + rng.int(1, 20) * DAY_MS + rng.int(0, 86_399) * 1000);
    const reviewed = kind === 'pending' ? null : new Date(submitted.getTime() + rng.int(10, 600) * 60_000);
    const sealed = seal.cipher.seal(idNumber);
    const digest = seal.cipher.digest(idNumber);
    const birthDate = nikFacts(idNumber, now)!.birthDate;
    await db.insert(kycReviews).values({
      tenantId: t.id,
      memberId: member.id,
      cityCode: member.cityCode,
      idType: IdType.ktp,
      idNumberEnc: sealed,
      idNumberMasked: maskIdNumber(idNumber),
      idNumberDigest: digest,
      realName,
      birthDate,
      idPhotoUrl: stored(seal.files, t.id, `${member.id}-id`, idCardPicture(i)),
      selfieUrl: stored(seal.files, t.id, `${member.id}-selfie`, selfiePicture(i)),
      status: kind === 'verified' ? KycReviewStatus.approved : kind === 'rejected' ? KycReviewStatus.rejected : KycReviewStatus.pending,
      rejectReason: kind === 'rejected' ? [KycRejectReason.blurry, KycRejectReason.mismatch, KycRejectReason.other][i % 3]! : null,
      reviewerId: reviewed ? (reviewer?.id ?? null) : null,
      reviewedAt: reviewed,
      createdAt: submitted,
      updatedAt: reviewed ?? submitted,
    });
    await db
      .update(members)
      .set(
        kind === 'verified'
          ? { kycStatus: KycStatus.verified, realName, nikEnc: sealed, nikMasked: maskIdNumber(idNumber), nikDigest: digest, birthDate }
          : { kycStatus: kind === 'rejected' ? KycStatus.rejected : KycStatus.pending },
      )
      .where(eq(members.id, member.id));
  }
}
