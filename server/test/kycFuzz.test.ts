import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kycReviews } from '../src/db/schema.ts';
import { useTestApp } from './harness.ts';
import { hostile, noFault, query, testMember } from './hostileInput.ts';
import { multipartForm } from './multipart.ts';

/**
 * Bad input to identity checks never gives a 500, never makes a submission and never leaves a photo behind: hostile
 * fields, unknown and repeated parts and files that are no images from the app; hostile ids to the console's photo
 * and reveal calls.
 */
const t = useTestApp();
const SEED = 20_261_127;
const FIELDS = ['idType', 'idNumber', 'realName', 'idPhoto', 'selfie', 'avatar'] as const;

describe('identity checks under hostile input', () => {
  it("the app's form refuses bad input cleanly: no submission, no photo kept", async () => {
    const headers = await testMember(t);
    const me = (await t.call('GET', '/api/app/me', { headers })).data;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...FIELDS), hostile('1', '3171010112900003', 'Budi Santoso'), { maxKeys: 4 }),
        fc.dictionary(fc.constantFrom(...FIELDS), fc.uint8Array({ maxLength: 64 }), { maxKeys: 3 }),
        async (fields, files) => {
          const form = multipartForm(
            Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
            Object.fromEntries(Object.entries(files).map(([k, data]) => [k, { name: `${k}.png`, type: 'image/png', data: Buffer.from(data) }])),
          );
          const res = await t.app.inject({ method: 'POST', url: '/api/app/kyc', headers: { ...headers, ...form.headers }, payload: form.payload });
          noFault(res.statusCode, res.json().code);
          expect(res.json().code).not.toBe(Code.ok);
        },
      ),
      { seed: SEED, numRuns: 80 },
    );
    expect(await t.database.db.select().from(kycReviews).where(eq(kycReviews.memberId, me.memberId))).toEqual([]);
    expect(fs.existsSync(path.join(t.services.config.dataDir, 'files', 'kyc'))).toBe(false);
    // Not a form at all.
    const json = await t.call('POST', '/api/app/kyc', { headers, body: { idType: 1 } });
    expect(json.code).toBe(Code.validation);
  });

  it("the console's photo and reveal calls refuse bad ids cleanly", async () => {
    const cs = await t.signIn('kitabike.cs.01');
    await fc.assert(
      fc.asyncProperty(hostile(), hostile('idPhoto', 'selfie', '../../etc/passwd'), async (id, which) => {
        const photo = await t.app.inject({ method: 'GET', url: `/api/user/kycReview/${query(id)}/photo/${query(which)}`, headers: cs });
        noFault(photo.statusCode, String(photo.headers['content-type']).includes('json') ? photo.json().code : 200);
        for (const [url, key] of [
          ['/api/user/kycReview/reveal', 'kycReviewId'],
          ['/api/user/member/reveal', 'memberId'],
        ] as const) {
          const res = await t.app.inject({ method: 'POST', url, headers: cs, payload: { [key]: id } });
          noFault(res.statusCode, res.json().code);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
