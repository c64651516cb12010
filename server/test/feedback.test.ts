import fs from 'node:fs';
import path from 'node:path';
import { Code } from '@kayuh/contract/codes';
import { FeedbackStatus } from '@kayuh/contract/resources/feedbacks';
import { OpState } from '@kayuh/contract/resources/fleet';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { feedbacks, refunds, vehicleFaults, vehicles } from '../src/db/schema.ts';
import { parkedFrame, useDeviceBoxes } from './deviceBoxes.ts';
import { useTestApp } from './harness.ts';
import { multipartForm, solidPng } from './multipart.ts';
import { useRiders } from './riders.ts';

/**
 * Riders' feedback (docs/feedback.md): a rider reports from the app, naming their ride or a vehicle, with photos kept
 * privately; customer service finds it in the console, replies (the app shows it), opens a refund on the ride, links a
 * fault on the vehicle (once, even when clicked at once), and resolves it with a reply.
 */
const t = useTestApp({ deviceCommandTimeoutMs: 1_500 });
const { box } = useDeviceBoxes(t);
const db = () => t.database.db as Db;
const { rider, unlock, end, wallet, backdate, ridingAt } = useRiders(t, '+62800008');
/** Stasiun Gambir: a demo parking zone in Jakarta. */
const GAMBIR = { lat: -6.1767, lng: 106.8306 };
const PHOTO = { name: 'rem.png', type: 'image/png', data: solidPng(32, 24, [46, 160, 90]) };

async function report(who: { headers: Record<string, string> }, fields: Record<string, string>, files: Record<string, typeof PHOTO> = {}) {
  const form = multipartForm(fields, files);
  const res = await t.app.inject({ method: 'POST', url: '/api/app/feedback', headers: { ...who.headers, ...form.headers }, payload: form.payload });
  return res.json();
}
/** Every feedback photo the app's file store holds. */
const storedPhotos = () => {
  const root = path.join(t.services.config.dataDir, 'files', 'feedback');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.png')).length : 0;
};
const listed = async (headers: Record<string, string>, filter: Record<string, unknown>) =>
  (await t.call('POST', '/api/user/feedback/list', { headers, body: { pageSize: 10, ...filter } })).rows;
const fire = (headers: Record<string, string>, event: string, row: { feedbackId: number; version: number }, payload: Record<string, unknown> = {}) =>
  t.call('POST', `/api/user/feedback/${event}`, { headers, body: { feedbackId: row.feedbackId, version: row.version, ...payload } });

/** A paid ride of a new rider: Rp 2,000 + 16 × Rp 500 from a wallet of Rp 20,000. */
async function paidRide(boxNo: number) {
  const bike = await box(boxNo);
  const me = await rider(20_000);
  await bike.report(parkedFrame({ ...GAMBIR }, 0));
  const started = await unlock(me, bike.vehicle.vehicleNo);
  expect(started.code, JSON.stringify(started)).toBe(Code.ok);
  await backdate(started.data.orderNo, 16);
  await bike.report(ridingAt(GAMBIR));
  expect((await end(me)).data).toMatchObject({ status: 4, paid: 10_000 });
  return { me, bike, orderNo: started.data.orderNo as string };
}

describe("a rider's feedback", () => {
  it('a billing dispute with a photo: customer service replies, refunds part of the ride and resolves it; the app shows each step', async () => {
    const { me, bike, orderNo } = await paidRide(30);
    const sent = await report(
      me,
      { type: '3', content: 'Saya sudah mengunci sepeda tapi tagihan masih berjalan.', rideOrderNo: orderNo, lat: '-6.1767', lng: '106.8306' },
      { photo1: PHOTO },
    );
    expect(sent.code, JSON.stringify(sent)).toBe(Code.ok);
    expect(sent.data).toMatchObject({ type: 3, rideOrderNo: orderNo, vehicleNo: bike.vehicle.vehicleNo, photoCount: 1, status: 0, reply: null });
    expect(sent.data.feedbackNo).toMatch(/^FB\d{14}$/);
    const [stored] = await db().select().from(feedbacks).where(eq(feedbacks.feedbackNo, sent.data.feedbackNo));
    expect(stored).toMatchObject({ cityCode: 2001, lat: '-6.176700', lng: '106.830600' });
    expect(stored!.photos[0]).toMatch(/^feedback\/2\//);
    // Not among the public uploads.
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${stored!.photos[0]}` })).statusCode).toBe(404);

    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const [row] = await listed(cs, { memberPhone: me.phone });
    expect(row).toMatchObject({
      feedbackNo: sent.data.feedbackNo,
      rideOrderNo: orderNo,
      vehicleNo: bike.vehicle.vehicleNo,
      photoCount: 1,
      status: 0,
    });
    expect((await listed(cs, { rideOrderNo: orderNo })).map((r: { feedbackId: number }) => r.feedbackId)).toEqual([row.feedbackId]);
    const photo = await t.app.inject({ method: 'GET', url: `/api/user/feedback/${row.feedbackId}/photo/1`, headers: cs });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(photo.rawPayload.equals(PHOTO.data)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/feedback/${row.feedbackId}/photo/2`, headers: cs })).json().code).toBe(Code.notFound);
    // Another operator's staff find neither the report nor its photo.
    const other = await t.signIn('gowesbali.admin');
    expect(await listed(other, { memberPhone: me.phone })).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/feedback/${row.feedbackId}/photo/1`, headers: other })).json().code).toBe(
      Code.notFound,
    );

    const replied = await fire(cs, 'replyFeedback', row, { reply: 'We are checking the lock report of your ride.' });
    expect(replied.code, JSON.stringify(replied)).toBe(Code.ok);
    const mine = (await t.call('GET', '/api/app/feedback', { headers: me.headers })).data.rows;
    expect(mine).toEqual([
      expect.objectContaining({ feedbackNo: sent.data.feedbackNo, status: 1, reply: 'We are checking the lock report of your ride.' }),
    ]);

    const [taken] = await listed(cs, { memberPhone: me.phone });
    expect(taken.handlerId).toBeGreaterThan(0);
    const refund = await fire(cs, 'refundFeedback', taken, { amount: 4_000, reason: '1', note: 'Meter ran after lock' });
    expect(refund.code, JSON.stringify(refund)).toBe(Code.ok);
    const [withRefund] = await listed(cs, { memberPhone: me.phone });
    expect(withRefund.refundNo).toMatch(/^RF/);
    // One refund per report while it is open, named.
    const twice = await fire(cs, 'refundFeedback', withRefund, { amount: 1_000, reason: '1' });
    expect(twice).toMatchObject({ code: Code.transitionNotAllowed });
    expect(twice.msg).toContain(withRefund.refundNo);

    const asked = (await t.call('POST', '/api/payment/refund/list', { headers: cs, body: { pageSize: 10, refundNo: withRefund.refundNo } })).rows[0];
    expect(asked).toMatchObject({ amount: 4_000, status: 0 });
    expect(
      (await t.call('POST', '/api/payment/refund/approve', { headers: cs, body: { refundId: asked.refundId, version: asked.version } })).code,
    ).toBe(Code.ok);
    expect((await wallet(me)).wallet).toBe(14_000);

    // Resolved with the reply it already has; the app shows it resolved.
    const resolved = await fire(cs, 'resolveFeedback', withRefund);
    expect(resolved.code, JSON.stringify(resolved)).toBe(Code.ok);
    const [done] = await db().select().from(feedbacks).where(eq(feedbacks.id, row.feedbackId));
    expect(done).toMatchObject({ status: FeedbackStatus.resolved, reply: 'We are checking the lock report of your ride.' });
    expect(done!.resolvedAt).toBeInstanceOf(Date);
    expect((await t.call('GET', '/api/app/feedback', { headers: me.headers })).data.rows[0]).toMatchObject({
      status: 2,
      resolvedAt: expect.any(String),
    });
    const closed = await fire(cs, 'closeFeedback', (await listed(cs, { memberPhone: me.phone }))[0]);
    expect(closed.code).toBe(Code.ok);
  });

  it("a report names only the rider's own ride and a known vehicle, each fault named in their language, no photo kept", async () => {
    const { orderNo } = await paidRide(31);
    const someoneElse = await rider(0);
    const before = storedPhotos();
    const notMine = await report(someoneElse, { type: '3', content: 'Tagihan saya salah.', rideOrderNo: orderNo }, { photo1: PHOTO });
    expect(notMine).toMatchObject({ code: Code.validation, data: { fields: { rideOrderNo: 'Perjalanan ini bukan milik Anda' } } });
    const noBike = await report(someoneElse, { type: '1', content: 'Rem blong sekali.', vehicleNo: 'NOPE-1' }, { photo1: PHOTO, photo2: PHOTO });
    expect(noBike).toMatchObject({ code: Code.validation, data: { fields: { vehicleNo: 'Kendaraan ini tidak dikenal' } } });
    const short = await report(someoneElse, { type: '9', content: 'hi', lat: '-6.2' });
    expect(short.code).toBe(Code.validation);
    expect(Object.keys(short.data.fields).sort()).toEqual(['content', 'lng', 'type']);
    const fourth = await report(
      someoneElse,
      { type: '4', content: 'Empat foto sekaligus.' },
      { photo1: PHOTO, photo2: PHOTO, photo3: PHOTO, photo4: PHOTO },
    );
    expect(fourth).toMatchObject({ code: Code.validation, data: { fields: { photo4: expect.any(String) } } });
    expect(storedPhotos()).toBe(before);
    expect(await db().select().from(feedbacks).where(eq(feedbacks.memberId, someoneElse.memberId))).toEqual([]);
  });

  it('a fault report links one fault on its vehicle, even when clicked twenty times at once; a blocking one takes the bike to maintenance', async () => {
    const me = await rider(0);
    const [bike] = await db()
      .select({ id: vehicles.id, vehicleNo: vehicles.vehicleNo })
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, 2), eq(vehicles.opState, OpState.available), eq(vehicles.cityCode, 2001), isNull(vehicles.deletedAt)))
      .limit(1);
    const sent = await report(me, { type: '1', content: 'Rem depan blong, hampir menabrak.', vehicleNo: bike!.vehicleNo });
    expect(sent.code, JSON.stringify(sent)).toBe(Code.ok);
    const suggestion = await report(me, { type: '4', content: 'Tambah stasiun di dekat MRT.' });
    expect(suggestion.code).toBe(Code.ok);

    const cs = await t.signIn('kitabike.cs.01', { lang: 'EN' });
    const rows = await listed(cs, { memberPhone: me.phone });
    const fault = rows.find((r: { feedbackNo: string }) => r.feedbackNo === sent.data.feedbackNo);
    const idea = rows.find((r: { feedbackNo: string }) => r.feedbackNo === suggestion.data.feedbackNo);
    const admin = await t.signIn('kitabike.admin');
    const brake = (await t.call('POST', '/api/vehicle/faultType/list', { headers: admin, body: { pageSize: 50, code: 'BRAKE' } })).rows[0];

    const answers = await Promise.all(Array.from({ length: 20 }, () => fire(cs, 'linkFault', fault, { faultTypeId: brake.faultTypeId })));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.every((a) => a.code === Code.ok || a.code === Code.versionConflict || a.code === Code.transitionNotAllowed)).toBe(true);
    const linked = await db().select().from(vehicleFaults).where(eq(vehicleFaults.feedbackId, fault.feedbackId));
    expect(linked).toEqual([expect.objectContaining({ vehicleId: bike!.id, faultTypeId: brake.faultTypeId, source: 1, status: 0 })]);
    expect((await db().select({ s: vehicles.opState }).from(vehicles).where(eq(vehicles.id, bike!.id)))[0]!.s).toBe(OpState.maintenance);
    const [now] = await listed(cs, { vehicleNo: bike!.vehicleNo, memberPhone: me.phone });
    expect(now).toMatchObject({ faultCode: 'BRAKE', status: 1 });
    expect((await fire(cs, 'linkFault', now, { faultTypeId: brake.faultTypeId })).msg).toContain('BRAKE');

    // A suggestion names no vehicle and no ride; resolving it asks for the reply the rider will read.
    expect((await fire(cs, 'linkFault', idea, { faultTypeId: brake.faultTypeId })).code).toBe(Code.transitionNotAllowed);
    expect((await fire(cs, 'refundFeedback', idea, { amount: 1_000, reason: '1' })).code).toBe(Code.transitionNotAllowed);
    const bare = await fire(cs, 'resolveFeedback', idea);
    expect(bare).toMatchObject({ code: Code.validation, data: { fields: { reply: expect.any(String) } } });
    expect((await fire(cs, 'resolveFeedback', idea, { reply: 'Thank you, passed on to operations.' })).code).toBe(Code.ok);
  });

  it('twenty clicks at once on Open a refund ask for one refund of the ride', async () => {
    const { me, orderNo } = await paidRide(32);
    const sent = await report(me, { type: '3', content: 'Tagihan saya terlalu mahal.', rideOrderNo: orderNo });
    expect(sent.code).toBe(Code.ok);
    const cs = await t.signIn('kitabike.cs.01');
    const [row] = await listed(cs, { memberPhone: me.phone });
    const answers = await Promise.all(Array.from({ length: 20 }, () => fire(cs, 'refundFeedback', row, { amount: 2_000, reason: '1' })));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.every((a) => a.code === Code.ok || a.code === Code.versionConflict || a.code === Code.transitionNotAllowed)).toBe(true);
    expect(await db().select({ amount: refunds.amount }).from(refunds).where(eq(refunds.memberId, me.memberId))).toEqual([{ amount: 2_000 }]);
  });

  it('the demo has a queue of reports with photos, and city staff see only their city', async () => {
    const cs = await t.signIn('kitabike.cs.01');
    const rows = await listed(cs, { status: ['0'] });
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r: { photoCount: number }) => r.photoCount > 0).length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r: { rideOrderNo: string | null }) => r.rideOrderNo)).toBe(true);
    const bandung = await t.signIn('kitabike.ops.bandung');
    const seen = await listed(bandung, {});
    expect(seen.every((r: { cityCode: number | null }) => r.cityCode === 2002 || r.cityCode === null)).toBe(true);
  });
});
