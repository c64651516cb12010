import { Code } from '@kayuh/contract/codes';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { hostile, noFault, query } from './hostileInput.ts';
import { multipartForm, solidPng } from './multipart.ts';
import { useRiders } from './riders.ts';

/**
 * The applicant's own channel (DOMAIN §3.6 submit and withdraw by the applicant; docs/merchants.md "From the rider
 * app"): a rider applies with photos, follows it, cannot hold two open at once, withdraws it; staff see it on
 * /main/application with its photos, and approving it makes the rider the merchant's owner.
 */
const t = useTestApp();
const { rider } = useRiders(t, '+62800011');
const PNG = { name: 'ktp.png', type: 'image/png', data: solidPng(40, 25, [176, 214, 236]) };
const SHOP = { name: 'shop.png', type: 'image/png', data: solidPng(60, 40, [120, 160, 90]) };
const FIELDS = {
  applicantName: 'Dewi Lestari',
  companyName: 'Warung Dewi',
  merchantType: '1',
  cityCode: '2001',
  address: 'Jl. Kemang Raya 5',
  plannedSites: '2',
};

async function apply(
  who: { headers: Record<string, string> },
  fields: Record<string, string> = FIELDS,
  files: Record<string, typeof PNG> = { ktpPhoto: PNG, shopPhoto: SHOP },
) {
  const form = multipartForm(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/app/merchant/applications',
    headers: { ...who.headers, ...form.headers, lang: 'EN' },
    payload: form.payload,
  });
  return res.json();
}

describe('applying to become a merchant from the rider app', () => {
  it('submits with the rider’s phone and photos, one open at a time; staff see it and approving it makes the rider the owner', async () => {
    const me = await rider(0);
    const sent = await apply(me);
    expect(sent.code, JSON.stringify(sent)).toBe(Code.ok);
    expect(sent.data).toMatchObject({
      applicantName: 'Dewi Lestari',
      companyName: 'Warung Dewi',
      merchantType: 1,
      cityCode: 2001,
      plannedSites: 2,
      status: 0,
    });
    const again = await apply(me);
    expect(again).toMatchObject({ code: Code.transitionNotAllowed, data: { applicationNo: sent.data.applicationNo } });
    expect(again.msg).toContain(sent.data.applicationNo);

    const staff = await t.signIn('kitabike.admin');
    const listed = await t.call('POST', '/api/merchant/application/list', {
      headers: staff,
      body: { applicationNo: sent.data.applicationNo, pageSize: 5 },
    });
    const row = listed.rows[0];
    expect(row).toMatchObject({ phone: me.phone, status: 0 });
    // The photos are where the console's uploads are, and staff open them.
    const photo = await t.app.inject({ method: 'GET', url: row.ktpPhoto, headers: staff });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    const fire = async (event: string, body: Record<string, unknown> = {}) => {
      const [current] = (
        await t.call('POST', '/api/merchant/application/list', { headers: staff, body: { applicationNo: sent.data.applicationNo, pageSize: 5 } })
      ).rows;
      return t.call('POST', `/api/merchant/application/${event}`, {
        headers: staff,
        body: { applicationId: current.applicationId, version: current.version, ...body },
      });
    };
    expect((await fire('pickUpApplication')).code).toBe(Code.ok);
    const approved = await fire('approveApplication');
    expect(approved.code, JSON.stringify(approved)).toBe(Code.ok);
    const mine = await t.call('GET', '/api/app/merchant/applications', { headers: me.headers });
    expect(mine.data.map((a: { applicationNo: string; status: number }) => [a.applicationNo, a.status])).toEqual([[sent.data.applicationNo, 2]]);
    const people = await t.call('POST', '/api/merchant/staff/list', { headers: staff, body: { phone: me.phone, pageSize: 5 } });
    expect(people.rows).toEqual([expect.objectContaining({ phone: me.phone, name: 'Dewi Lestari', role: 1 })]);
    // Decided: no longer withdrawn.
    const late = await t.call('POST', `/api/app/merchant/applications/${sent.data.applicationNo}/withdraw`, {
      headers: { ...me.headers, lang: 'EN' },
    });
    expect(late.code).toBe(Code.transitionNotAllowed);
  });

  it('withdraws an open one, and then a new one may be sent; another rider cannot withdraw it', async () => {
    const me = await rider(0);
    const other = await rider(0);
    const sent = await apply(me, { ...FIELDS, companyName: 'Toko Kedua' });
    expect((await t.call('POST', `/api/app/merchant/applications/${sent.data.applicationNo}/withdraw`, { headers: other.headers })).code).toBe(
      Code.notFound,
    );
    const withdrawn = await t.call('POST', `/api/app/merchant/applications/${sent.data.applicationNo}/withdraw`, { headers: me.headers });
    expect(withdrawn.data).toMatchObject({ applicationNo: sent.data.applicationNo, status: 4 });
    expect((await apply(me, { ...FIELDS, companyName: 'Toko Ketiga' })).code).toBe(Code.ok);
  });

  it('names every fault of the form at once, in the rider’s language, and keeps none of its photos', async () => {
    const me = await rider(0);
    const bad = await apply(me, { ...FIELDS, merchantType: '9', cityCode: '9999', nib: '12', plannedSites: '0' }, { ktpPhoto: PNG });
    expect(bad.code).toBe(Code.validation);
    expect(Object.keys(bad.data.fields).sort()).toEqual(['merchantType', 'nib', 'plannedSites', 'shopPhoto']);
    const noCity = await apply(me, { ...FIELDS, cityCode: '9999' });
    expect(noCity).toMatchObject({ code: Code.validation, data: { fields: { cityCode: expect.any(String) } } });
    expect((await t.call('GET', '/api/app/merchant/applications', { headers: me.headers })).data).toEqual([]);
  });
});

describe('the application form under hostile input', () => {
  it('refuses bad fields, parts and files cleanly: no application, no photo kept, no withdrawal of anything', async () => {
    const me = await rider(0);
    const KEYS = [
      'applicantName',
      'companyName',
      'merchantType',
      'cityCode',
      'address',
      'lat',
      'lng',
      'nib',
      'npwp',
      'plannedSites',
      'ktpPhoto',
      'shopPhoto',
      'avatar',
    ] as const;
    const uploads = () => {
      const root = path.join(t.services.config.dataDir, 'files', 'uploads');
      return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).length : 0;
    };
    const before = uploads();
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...KEYS), hostile('1', '2001', 'Jl. Kemang', '-6.2', '9120001234567'), { maxKeys: 6 }),
        fc.dictionary(fc.constantFrom(...KEYS), fc.uint8Array({ maxLength: 64 }), { maxKeys: 3 }),
        hostile('MA2611280000001'),
        async (fields, files, applicationNo) => {
          const form = multipartForm(
            Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
            Object.fromEntries(Object.entries(files).map(([k, data]) => [k, { name: `${k}.png`, type: 'image/png', data: Buffer.from(data) }])),
          );
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/app/merchant/applications',
            headers: { ...me.headers, ...form.headers },
            payload: form.payload,
          });
          noFault(res.statusCode, res.json().code);
          expect(res.json().code).not.toBe(Code.ok);
          const withdraw = await t.app.inject({
            method: 'POST',
            url: `/api/app/merchant/applications/${query(applicationNo)}/withdraw`,
            headers: me.headers,
          });
          noFault(withdraw.statusCode, withdraw.json().code);
        },
      ),
      { seed: 20_261_128, numRuns: 60 },
    );
    expect((await t.call('GET', '/api/app/merchant/applications', { headers: me.headers })).data).toEqual([]);
    expect(uploads()).toBe(before);
  });
});
