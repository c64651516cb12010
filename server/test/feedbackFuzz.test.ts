import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedbacks } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';
import { hostile, noFault, query, testMember } from './hostileInput.ts';
import { multipartForm, solidPng } from './multipart.ts';

/**
 * Bad input to riders' feedback never gives a 500 and never leaves a photo without its report: hostile fields,
 * unknown and repeated parts and files that are no images from the app; hostile ids to the console's photo call.
 */
const t = useTestApp();
const SEED = 20_261_128;
const FIELDS = ['type', 'content', 'rideOrderNo', 'vehicleNo', 'lat', 'lng', 'photo1', 'photo2', 'photo3', 'avatar'] as const;
const PNG = solidPng(8, 8, [46, 160, 90]);

/** The photo files the app's store holds for reports. */
const storedPhotos = () => {
  const root = path.join(t.services.config.dataDir, 'files', 'feedback');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.png')).length : 0;
};

describe('feedback under hostile input', () => {
  it("the app's form answers bad input cleanly, and every photo kept belongs to a report kept", async () => {
    const headers = await testMember(t);
    const me = (await t.call('GET', '/api/app/me', { headers })).data;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...FIELDS), hostile('1', 'Rem depan blong', '-6.2', '106.8', 'KB-JKT-0001'), { maxKeys: 6 }),
        fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(new Uint8Array(PNG))), { maxKeys: 4 }),
        async (fields, files) => {
          const form = multipartForm(
            Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
            Object.fromEntries(Object.entries(files).map(([k, data]) => [k, { name: `${k}.png`, type: 'image/png', data: Buffer.from(data) }])),
          );
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/app/feedback',
            headers: { ...headers, ...form.headers },
            payload: form.payload,
          });
          noFault(res.statusCode, res.statusCode === 200 ? res.json().code : 200);
          if (res.statusCode === 200 && res.json().code === Code.ok) accepted++;
        },
      ),
      { seed: SEED, numRuns: 80 },
    );
    const kept = await t.database.db.select({ photos: feedbacks.photos }).from(feedbacks).where(eq(feedbacks.memberId, me.memberId));
    expect(kept).toHaveLength(accepted);
    expect(storedPhotos()).toBe(kept.reduce((n, row) => n + row.photos.length, 0));
    // Not a form at all.
    expect((await t.call('POST', '/api/app/feedback', { headers, body: { type: 1 } })).code).toBe(Code.validation);
  });

  it("the console's photo call and events refuse bad ids and payloads cleanly", async () => {
    const cs = await t.signIn('kitabike.cs.01');
    const [row] = (await t.call('POST', '/api/user/feedback/list', { headers: cs, body: { pageSize: 1, status: ['0'] } })).rows;
    await fc.assert(
      fc.asyncProperty(
        hostile(row.feedbackId),
        hostile('1', '3', '../../etc/passwd'),
        hostile('', 'ok', 'x'.repeat(2_000)),
        async (id, index, reply) => {
          const photo = await t.app.inject({ method: 'GET', url: `/api/user/feedback/${query(id)}/photo/${query(index)}`, headers: cs });
          noFault(photo.statusCode, String(photo.headers['content-type']).includes('json') ? photo.json().code : 200);
          for (const event of ['replyFeedback', 'refundFeedback', 'linkFault', 'resolveFeedback']) {
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/user/feedback/${event}`,
              headers: cs,
              payload: { feedbackId: id, version: 0, reply, amount: reply, reason: index, faultTypeId: index },
            });
            noFault(res.statusCode, res.json().code);
          }
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
  });
});
