import fs from 'node:fs';
import path from 'node:path';
import { Code } from '@kayuh/contract/codes';
import { KycStatus } from '@kayuh/contract/resources/kycReviews';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kycReviews, members, operationLogs } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';
import { multipartForm, solidPng } from './multipart.ts';
import { useRiders } from './riders.ts';

/**
 * Identity checks (docs/kyc.md): a rider sends a document and a selfie; the number is sealed in the database, shown
 * masked and revealed only with a permission, each reveal journalled without the number; customer service approves
 * (the member verified with the NIK) or rejects with a reason; one submission waits per member, and one NIK verifies
 * one member even when approvals race.
 */
const t = useTestApp();
const { rider } = useRiders(t, '+62800007');

const PNG = { name: 'ktp.png', type: 'image/png', data: solidPng(40, 25, [176, 214, 236]) };
const SELFIE = { name: 'me.png', type: 'image/png', data: solidPng(30, 40, [224, 172, 105]) };
// A Jakarta NIK: born 1 December 1990, a man.
const NIK = '3171010112900003';

async function submit(
  who: { headers: Record<string, string> },
  fields: Record<string, string>,
  files: Record<string, typeof PNG> = { idPhoto: PNG, selfie: SELFIE },
) {
  const form = multipartForm(fields, files);
  const res = await t.app.inject({ method: 'POST', url: '/api/app/kyc', headers: { ...who.headers, ...form.headers }, payload: form.payload });
  return res.json();
}
const ktp = (idNumber = NIK, realName = 'Budi Santoso') => ({ idType: '1', idNumber, realName });
const kycFiles = (memberId: number) =>
  t.database.db.select({ id: kycReviews.idPhotoUrl, selfie: kycReviews.selfieUrl }).from(kycReviews).where(eq(kycReviews.memberId, memberId));
/** Every identity photo the app's file store holds. */
const storedPhotos = () => {
  const root = path.join(t.services.config.dataDir, 'files', 'kyc');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).sort() : [];
};
const reviewOf = async (headers: Record<string, string>, phone: string) =>
  (await t.call('POST', '/api/user/kycReview/list', { headers, body: { memberPhone: phone, pageSize: 10 } })).rows[0];

describe('identity checks', () => {
  it('a rider sends a KTP: sealed in the database, masked for staff, the photos private; a second waits its turn', async () => {
    const me = await rider(0);
    const sent = await submit(me, ktp('3171 0101 1290 0003'));
    expect(sent.code, JSON.stringify(sent)).toBe(Code.ok);
    expect(sent.data).toMatchObject({
      kycStatus: KycStatus.pending,
      review: { idType: 1, idNumberMasked: '3171********0003', realName: 'Budi Santoso', status: 0, rejectReason: null },
    });
    const [stored] = await t.database.db.select().from(kycReviews).where(eq(kycReviews.memberId, me.memberId));
    expect(stored!.idNumberEnc).not.toContain(NIK);
    expect(JSON.stringify(stored)).not.toContain(NIK);
    expect(stored!.birthDate).toBe('1990-12-01');
    expect(stored!.idPhotoUrl).toMatch(/^kyc\/2\//);
    // Not among the public uploads.
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${stored!.idPhotoUrl}` })).statusCode).toBe(404);

    const again = await submit(me, ktp());
    expect(again.code).toBe(Code.transitionNotAllowed);
    expect((await kycFiles(me.memberId)).length).toBe(1);
    expect(fs.readdirSync(path.join(t.services.config.dataDir, 'files', path.dirname(stored!.idPhotoUrl)))).toHaveLength(2);

    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const row = await reviewOf(cs, me.phone);
    expect(row).toMatchObject({ idNumberMasked: '3171********0003', idType: 1, status: 0, age: expect.any(Number), duplicateOf: null });
    expect(JSON.stringify(row)).not.toContain(NIK);
    const photo = await t.app.inject({ method: 'GET', url: `/api/user/kycReview/${row.kycReviewId}/photo/selfie`, headers: cs });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(photo.rawPayload.equals(SELFIE.data)).toBe(true);
    // Another operator's staff find no such submission.
    const other = await t.signIn('gowesbali.admin');
    expect((await t.app.inject({ method: 'GET', url: `/api/user/kycReview/${row.kycReviewId}/photo/selfie`, headers: other })).json().code).toBe(
      Code.notFound,
    );
    expect((await t.call('POST', '/api/user/kycReview/reveal', { headers: other, body: { kycReviewId: row.kycReviewId } })).code).toBe(Code.notFound);
  });

  it('refuses a form that does not fit, naming each field in the rider’s language, and keeps none of its photos', async () => {
    const me = await rider(0);
    const lang = { ...me, headers: { ...me.headers, lang: 'EN' } };
    const kept = storedPhotos();
    const badNik = await submit(lang, ktp('3171013212900003'));
    expect(badNik.code).toBe(Code.validation);
    expect(badNik.data.fields).toEqual({ idNumber: 'The number does not fit the document type' });
    const noSelfie = await submit(lang, { ...ktp(), realName: 'B' }, { idPhoto: PNG });
    expect(noSelfie.data.fields).toMatchObject({ selfie: 'Required', realName: 'At least 2 characters' });
    const notImage = await submit(lang, ktp(), { idPhoto: PNG, selfie: { name: 'me.png', type: 'image/png', data: Buffer.from('<svg></svg>') } });
    expect(Object.keys(notImage.data.fields)).toEqual(['selfie']);
    const passport = await submit(lang, { idType: '2', idNumber: 'C12', realName: 'Budi Santoso' });
    expect(passport.data.fields).toEqual({ idNumber: 'The number does not fit the document type' });
    expect(await kycFiles(me.memberId)).toEqual([]);
    expect(storedPhotos()).toEqual(kept);
    const [member] = await t.database.db.select({ kyc: members.kycStatus }).from(members).where(eq(members.id, me.memberId));
    expect(member!.kyc).toBe(KycStatus.none);
  });

  it('customer service approves: the member is verified with the NIK, revealed with the permission and journalled without it', async () => {
    const me = await rider(0);
    expect((await submit(me, ktp('3171014112900004', 'Sari Puspita'))).code).toBe(Code.ok);
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const row = await reviewOf(cs, me.phone);
    const approved = await t.call('POST', '/api/user/kycReview/approveKyc', {
      headers: cs,
      body: { kycReviewId: row.kycReviewId, version: row.version },
    });
    expect(approved.code, JSON.stringify(approved)).toBe(Code.ok);
    expect(JSON.stringify(approved)).not.toContain('3171014112900004');
    const [member] = (await t.call('POST', '/api/user/member/list', { headers: cs, body: { phone: me.phone } })).rows;
    expect(member).toMatchObject({ kycStatus: KycStatus.verified, realName: 'Sari Puspita', nikMasked: '3171********0004' });
    expect((await t.call('GET', '/api/app/kyc', { headers: me.headers })).data).toMatchObject({ kycStatus: 2, review: { status: 1 } });

    const revealed = await t.call('POST', '/api/user/member/reveal', { headers: cs, body: { memberId: me.memberId } });
    expect(revealed.data).toEqual({ idNumber: '3171014112900004' });
    const again = await t.call('POST', '/api/user/kycReview/reveal', { headers: cs, body: { kycReviewId: row.kycReviewId } });
    expect(again.data).toEqual({ idNumber: '3171014112900004' });
    const journal = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.operName, 'kitabike.cs.01'), like(operationLogs.operUrl, '%/reveal')))
      .orderBy(desc(operationLogs.id));
    expect(journal.slice(0, 2).map((j) => j.title)).toEqual(['menu.user.userReview', 'menu.user.user_admin']);
    expect(journal[1]!.operParam).toContain(String(me.memberId));
    expect(JSON.stringify(journal)).not.toContain('3171014112900004');

    // City operations read the customer centre but may not reveal.
    const ops = await t.signIn('kitabike.ops.jakarta');
    expect((await t.call('POST', '/api/user/member/reveal', { headers: ops, body: { memberId: me.memberId } })).code).toBe(Code.forbidden);
    expect((await t.call('POST', '/api/app/kyc', { headers: me.headers })).code).toBe(Code.validation);
    expect((await submit(me, ktp('3171014112900004', 'Sari Puspita'))).code).toBe(Code.transitionNotAllowed);
  });

  it('a NIK verified on one member is named on another’s submission, refused on approval, and rejected with its reason', async () => {
    const first = await rider(0);
    const second = await rider(0);
    const nik = '3273010505950011';
    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    expect((await submit(first, ktp(nik))).code).toBe(Code.ok);
    const firstRow = await reviewOf(cs, first.phone);
    expect((await t.call('POST', '/api/user/kycReview/approveKyc', { headers: cs, body: { kycReviewId: firstRow.kycReviewId } })).code).toBe(Code.ok);
    const [firstMember] = await t.database.db.select({ no: members.memberNo }).from(members).where(eq(members.id, first.memberId));

    expect((await submit(second, ktp(nik))).code).toBe(Code.ok);
    const row = await reviewOf(cs, second.phone);
    expect(row.duplicateOf).toBe(firstMember!.no);
    const refused = await t.call('POST', '/api/user/kycReview/approveKyc', { headers: cs, body: { kycReviewId: row.kycReviewId } });
    expect(refused.code).toBe(Code.duplicate);
    expect(refused.msg).toContain(firstMember!.no);
    const noReason = await t.call('POST', '/api/user/kycReview/rejectKyc', { headers: cs, body: { kycReviewId: row.kycReviewId } });
    expect(noReason.code).toBe(Code.validation);
    const rejected = await t.call('POST', '/api/user/kycReview/rejectKyc', {
      headers: cs,
      body: { kycReviewId: row.kycReviewId, rejectReason: '4' },
    });
    expect(rejected.code, JSON.stringify(rejected)).toBe(Code.ok);
    expect((await t.call('GET', '/api/app/kyc', { headers: second.headers })).data).toMatchObject({
      kycStatus: 3,
      review: { status: 2, rejectReason: 4 },
    });
    // Rejected, the rider may send again.
    expect((await submit(second, ktp('3273010505950012'))).code).toBe(Code.ok);
  });

  it('20 riders sending one NIK at once and approved at once: one is verified, 19 are refused', async () => {
    const riders = await Promise.all(Array.from({ length: 20 }, () => rider(0)));
    const nik = '3171016607880021';
    // And each rider tapping Send twice at once: one submission each.
    const sent = await Promise.all(riders.flatMap((r) => [submit(r, ktp(nik)), submit(r, ktp(nik))]));
    expect(sent.filter((s) => s.code === Code.ok)).toHaveLength(20);
    expect(sent.filter((s) => s.code === Code.transitionNotAllowed)).toHaveLength(20);
    const cs = await t.signIn('kitabike.cs.01');
    const rows = await Promise.all(riders.map((r) => reviewOf(cs, r.phone)));
    const answers = await Promise.all(
      rows.map((row) => t.call('POST', '/api/user/kycReview/approveKyc', { headers: cs, body: { kycReviewId: row.kycReviewId } })),
    );
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.duplicate)).toHaveLength(19);
    const verified = await t.database.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.tenantId, 2), eq(members.nikDigest, t.services.cipher.digest(nik))));
    expect(verified).toHaveLength(1);
  });

  it("the demo's queue waits with a NIK verified elsewhere and a minor's", async () => {
    const cs = await t.signIn('kitabike.cs.01');
    const queue = await t.call('POST', '/api/user/kycReview/list', { headers: cs, body: { status: ['0'], pageSize: 50 } });
    const demo = queue.rows.filter((r: { memberPhone: string }) => r.memberPhone.startsWith('+628122'));
    expect(demo.length).toBe(8);
    expect(demo.filter((r: { duplicateOf: string | null }) => r.duplicateOf)).toHaveLength(1);
    expect(demo.filter((r: { age: number }) => r.age < 17)).toHaveLength(1);
    const revealed = await t.call('POST', '/api/user/kycReview/reveal', { headers: cs, body: { kycReviewId: demo[0].kycReviewId } });
    expect(revealed.data.idNumber).toMatch(/^[0-9]{16}$/);
  });
});
